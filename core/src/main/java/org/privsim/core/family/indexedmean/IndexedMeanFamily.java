package org.privsim.core.family.indexedmean;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;

/**
 * Indexed mean and indexed sign (Aliakbarpour et al.) under the billboard, joint-DP and 1-out-of-t
 * threat models as a {@link Family}: a cell is an {@link IndexedMeanRunPlan} (one mechanism at one
 * (ε, t)); its runs are the repeats, each with its own population of t persons; the curator asks
 * every person for its contribution at the support, releases the support once with the repeat's
 * noise ({@link IndexedMeanMechanism#release}, round r = repeat r), and hands the output out — the
 * whole release as a billboard post to everyone, or to each person only the estimate at its own
 * index j_i (separate outputs); each person answers its loss term, and the repeat's loss is their
 * mean in person-id order, next to its closed form {@link IndexedMeanLoss#expected}.
 *
 * <p>Guarantee: the noise is drawn and the release made only by the curator; a person sees only
 * what its threat model gives it; a repeat's loss equals {@link IndexedMeanLoss#mean} of the
 * release bit for bit, on any runner.
 */
public final class IndexedMeanFamily implements Family<IndexedMeanRunPlan, IndexedMeanPopulation,
        IndexedMeanFamily.Request, Object, IndexedMeanFamily.Outcome, IndexedMeanResult> {
    /** The one instance. */
    public static final IndexedMeanFamily INSTANCE = new IndexedMeanFamily();

    /** What the curator asks a person. */
    public sealed interface Request permits Contribute, Output, Billboard {}

    /** Send your contribution at the support (clipped when {@code clip}). */
    public record Contribute(boolean clip) implements Request {}

    /**
     * Your separate output: the release at your own index.
     *
     * @param estimate p̂ at j_i
     */
    public record Output(double estimate) implements Request {}

    /**
     * The billboard post: the release at every support coordinate (support order).
     *
     * @param estimates p̂ at the support
     */
    public record Billboard(double[] estimates) implements Request {}

    /**
     * A person's contribution.
     *
     * @param index  its coordinate j_i
     * @param values its sums at the support (support order)
     */
    public record Contribution(int index, double[] values) {}

    /**
     * A person's loss for the output it received.
     *
     * @param loss its term of the repeat's loss
     */
    public record LossTerm(double loss) {}

    /**
     * One repeat's result.
     *
     * @param loss       the mean loss over persons
     * @param closedForm its expectation given the population's means
     */
    public record Outcome(double loss, double closedForm) {}

    private IndexedMeanFamily() {}

    @Override
    public String id() {
        return "indexed-mean";
    }

    @Override
    public boolean runs(Algorithm algorithm) {
        return algorithm.isIndexedMean();
    }

    @Override
    public List<IndexedMeanRunPlan> cells(Scenario scenario) {
        return IndexedMeanRunPlan.cells(scenario);
    }

    @Override
    public int runs(IndexedMeanRunPlan cell) {
        return cell.spec().repeats();
    }

    @Override
    public String label(IndexedMeanRunPlan cell) {
        return cell.label();
    }

    @Override
    public IndexedMeanPopulation context(IndexedMeanRunPlan cell, int run, long seed) {
        return cell.population(seed, run);
    }

    @Override
    public RunCurator<Request, Object, Outcome> curator(IndexedMeanRunPlan cell, int run, long seed,
                                                       IndexedMeanPopulation population) {
        IndexedMeanMechanism mechanism = cell.mechanism();
        int persons = population.persons();
        int[] support = population.support();
        return new RunCurator<>() {
            private boolean released;

            @Override
            public Step<Request, Outcome> start() {
                return Step.askAll(persons, new Contribute(mechanism.clips()));
            }

            @Override
            public Step<Request, Outcome> onAnswers(List<Object> answers) {
                if (released) {
                    double[] terms = new double[persons];
                    for (int i = 0; i < persons; i++) {
                        terms[i] = ((LossTerm) answers.get(i)).loss();
                    }
                    return new Step.Done<>(new Outcome(IndexedMeanLoss.meanOfTerms(terms),
                            IndexedMeanLoss.expected(population, mechanism.claimedVariance())));
                }
                released = true;
                double[][] contributions = new double[persons][];
                int[] indices = new int[persons];
                for (int i = 0; i < persons; i++) {
                    Contribution c = (Contribution) answers.get(i);
                    contributions[i] = c.values();
                    indices[i] = c.index();
                }
                double[] estimates = mechanism.release(support, IndexedMeanMechanism.total(contributions),
                        cell.noise(seed), run);
                if (mechanism.publishesBillboard()) {
                    return Step.askAll(persons, new Billboard(estimates));
                }
                List<Request> outputs = new ArrayList<>(persons);
                for (int i = 0; i < persons; i++) {
                    outputs.add(new Output(estimates[population.position(indices[i])]));
                }
                return Step.askEach(outputs);
            }
        };
    }

    @Override
    public Participant<Request, Object> participant(IndexedMeanRunPlan cell, int run, long seed,
                                                    IndexedMeanPopulation population, int id) {
        PersonData data = population.person(id);
        int position = population.position(data.index());
        return request -> {
            if (request instanceof Contribute c) {
                return new Contribution(data.index(), data.contribution(c.clip()));
            }
            double estimate = request instanceof Output o ? o.estimate() : ((Billboard) request).estimates()[position];
            return new LossTerm(IndexedMeanLoss.ofPerson(population, id, estimate));
        };
    }

    @Override
    public IndexedMeanResult row(IndexedMeanRunPlan cell, List<Outcome> outcomes) {
        double[] losses = new double[outcomes.size()];
        double[] closedForms = new double[outcomes.size()];
        for (int r = 0; r < losses.length; r++) {
            losses[r] = outcomes.get(r).loss();
            closedForms[r] = outcomes.get(r).closedForm();
        }
        return IndexedMeanResult.of(cell, losses, closedForms);
    }
}
