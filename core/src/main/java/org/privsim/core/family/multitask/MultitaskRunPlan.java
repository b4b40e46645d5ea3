package org.privsim.core.family.multitask;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.privacy.CompositionBound;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.InitialModels;
import org.privsim.core.scenario.MultitaskRegressionTask;
import org.privsim.core.scenario.MultitaskSettings;
import org.privsim.core.scenario.MultitaskStructure;
import org.privsim.core.scenario.Scenario;

/**
 * One cell of a multi-task experiment: an algorithm at one ε (null when non-private), run for every
 * {@link Candidate} (λ, and the covariance shift of a Gaussian release) × repeat; the report row is
 * the candidate with the lowest mean validation nMSE.
 *
 * <p>Guarantees: repeat r uses the population (seed, r) of the cell's structure — the same data for
 * every algorithm, ε and λ of the scenario — and the Wishart (or output) noise of release t comes
 * from the stream (seed, "mtl-noise", experiment, structure, ε index, r, t), shared by the candidates (common random numbers make
 * the choice less noisy). Every runner sums the tasks' contributions in task-id order, so a
 * cell's row is bit-identical wherever it runs.
 *
 * @param experiment   index of the experiment in the scenario
 * @param spec         the experiment
 * @param epsilon      target ε, or null for the non-private algorithms
 * @param epsilonIndex index of ε in the experiment's list (0 when non-private)
 * @param task         the scenario's task with this cell's single structure
 * @param inject       a fault injected into the curator's mechanism (audits), or {@link Injection#NONE}
 * @param seed         the scenario's root seed: a private selection's draws ({@link #picks})
 */
public record MultitaskRunPlan(int experiment, ExperimentSpec spec, Double epsilon, int epsilonIndex,
        MultitaskRegressionTask task, Injection inject, long seed) {

    /** A cell outside a scenario's plan (audits): seed 0. */
    public MultitaskRunPlan(int experiment, ExperimentSpec spec, Double epsilon, int epsilonIndex,
                            MultitaskRegressionTask task, Injection inject) {
        this(experiment, spec, epsilon, epsilonIndex, task, inject, 0);
    }

    /**
     * One run of the cell.
     *
     * @param repeat    the repeat
     * @param candidate the index of its {@link Candidate} in {@link #candidates}
     * @param draw      its index among a private selection's candidates (its noise streams are its own), or −1
     */
    public record Pick(int repeat, int candidate, int draw) {}

    /** The private selection of a private cell ({@code selection: private}), else null. */
    public PrivateSelection selection() {
        return epsilon == null ? null : spec.selection();
    }

    /**
     * The cell's runs in order, repeat-major: every candidate in order (the oracle's choice); with a private
     * selection K draws per repeat, K from the stream (seed, "selection", experiment, structure, ε index, repeat)
     * and draw c's candidate uniform by the stream (seed, "selection-candidate", experiment, structure, ε index,
     * repeat, c).
     */
    public List<Pick> picks() {
        List<Pick> picks = new ArrayList<>();
        int count = candidates().size();
        PrivateSelection selection = selection();
        int structure = task.structure().ordinal();
        for (int r = 0; r < spec.repeats(); r++) {
            if (selection == null) {
                for (int l = 0; l < count; l++) {
                    picks.add(new Pick(r, l, -1));
                }
                continue;
            }
            int draws = selection.count(RandomStreams.stream(seed, "selection", experiment, structure, epsilonIndex, r));
            for (int c = 0; c < draws; c++) {
                picks.add(new Pick(r, RandomStreams.stream(seed, "selection-candidate", experiment, structure,
                        epsilonIndex, r, c).nextInt(count), c));
            }
        }
        return picks;
    }

    /** Every cell of the scenario's multi-task experiments: experiments in order, then structure, then ε. */
    public static List<MultitaskRunPlan> cells(Scenario scenario) {
        List<MultitaskRunPlan> cells = new ArrayList<>();
        MultitaskRegressionTask task = scenario.task() instanceof MultitaskRegressionTask m ? m : null;
        for (int e = 0; e < scenario.experiments().size(); e++) {
            ExperimentSpec spec = scenario.experiments().get(e);
            if (!spec.algorithm().isMultitask()) {
                continue;
            }
            List<Double> eps = spec.epsilons() == null ? Collections.singletonList(null) : spec.epsilons();
            for (MultitaskStructure structure : task.structures()) {
                for (int i = 0; i < eps.size(); i++) {
                    cells.add(new MultitaskRunPlan(e, spec, eps.get(i), i, task.withStructure(structure),
                            Injection.NONE, scenario.seed()));
                }
            }
        }
        return cells;
    }

    /** The algorithm. */
    public Algorithm algorithm() {
        return spec.algorithm();
    }

    /**
     * The tuning candidates, λ-major: every λ (one entry, 0 and unused, for the algorithms without
     * λ) with every covariance shift factor (Gaussian releases; null otherwise).
     */
    public List<Candidate> candidates() {
        MultitaskSettings m = spec.settings(MultitaskSettings.class);
        List<Double> lambdas = m.lambdas() == null ? List.of(0.0) : m.lambdas();
        List<Double> shifts = gaussianNoise() ? m.covarianceShifts() : Collections.singletonList(null);
        List<Candidate> candidates = new ArrayList<>();
        for (double lambda : lambdas) {
            for (Double shift : shifts) {
                candidates.add(new Candidate(lambda, shift));
            }
        }
        return candidates;
    }

    /** Runs of the cell: candidates × repeats, or a private selection's draws ({@link #picks}). */
    public int runs() {
        return selection() == null ? candidates().size() * spec.repeats() : picks().size();
    }

    /** T, the number of covariance releases (0 for stl-ridge and dp-aggr). */
    public int iterations() {
        Integer t = spec.settings(MultitaskSettings.class).iterations();
        return t == null ? 0 : t;
    }

    /**
     * ε_t of each pure release as claimed and charged: the allocation's split of ε under the
     * composition bound for the private iterative algorithms with Wishart releases, {ε} for dp-aggr,
     * empty when non-private or the releases are Gaussian ({@link #releaseRhos}). (The
     * fault {@code ignoreComposition} calibrates every release to the whole ε but still charges these.)
     */
    public double[] releaseEpsilons() {
        if (epsilon == null || gaussianNoise()) {
            return new double[0];
        }
        if (spec.algorithm() == Algorithm.DP_AGGR) {
            return new double[] {epsilon};
        }
        return spec.settings(MultitaskSettings.class).allocation().epsilons(iterations(), epsilon, delta());
    }

    /**
     * ρ_t of each Gaussian covariance release (covarianceNoise gaussian): the allocation's split of
     * the calibration's total ρ for (ε, δ); empty for the Wishart releases and the non-private and
     * one-shot algorithms. (The fault {@code ignoreComposition} calibrates every release to the whole
     * ρ but still charges these.)
     */
    public double[] releaseRhos() {
        if (epsilon == null || !gaussianNoise()) {
            return new double[0];
        }
        return spec.settings(MultitaskSettings.class).allocation().rhos(iterations(),
                selection() == null ? totalRho() : totalRho() - scoreRho());
    }

    /**
     * The total zCDP budget of a Gaussian-release cell: the calibration's ρ for (ε, δ), or a private selection's
     * candidate ρ (its score's share included).
     */
    public double totalRho() {
        return selection() == null ? spec.calibration().totalRho(epsilon, delta())
                : selection().candidateRho(epsilon, delta());
    }

    /** A private selection candidate's ρ for its score ({@link PrivateSelection#SCORE_BUDGET_FRACTION} of its ρ). */
    public double scoreRho() {
        return PrivateSelection.SCORE_BUDGET_FRACTION * totalRho();
    }

    /** Σ_t ρ_t of {@link #releaseRhos} (0 when there are none): the zCDP the Gaussian releases spend. */
    public double releasedRho() {
        return sum(releaseRhos());
    }

    /** Whether the cell's covariance releases are Gaussian (zCDP) rather than Wishart (pure ε). */
    public boolean gaussianNoise() {
        return MultitaskAlgorithms.iterative(spec.algorithm()) && spec.settings(MultitaskSettings.class).gaussianNoise();
    }

    /** δ of the composition bound (0 for dp-aggr's single pure release and the non-private ones). */
    public double delta() {
        return spec.delta() == null ? 0 : spec.delta();
    }

    /**
     * The ε the run claims at δ (null when non-private): CB of the planned pure releases, or for
     * Gaussian releases the tight (CKS 2020) conversion of Σ ρ_t.
     */
    public Double accountedEpsilon() {
        if (epsilon == null) {
            return null;
        }
        if (selection() != null) {
            return selection().epsilon(totalRho(), delta());
        }
        if (gaussianNoise()) {
            return spec.calibration().epsilon(releasedRho(), delta());
        }
        return CompositionBound.of(releaseEpsilons(), delta());
    }

    /** Σ values in order. */
    private static double sum(double[] values) {
        double total = 0;
        for (double v : values) {
            total += v;
        }
        return total;
    }

    /** What each task of repeat {@code repeat} needs. */
    public TaskSettings taskSettings(long seed, int repeat) {
        MultitaskSettings m = spec.settings(MultitaskSettings.class);
        boolean clips = spec.clipModel() != null && !inject.skipClipping();
        Integer outlier = m.outlierTask();
        return new TaskSettings(spec.algorithm(), clips ? spec.clipModel() : Double.POSITIVE_INFINITY, spec.ridge(),
                m.stepSize() == null ? 0 : m.stepSize(), Boolean.TRUE.equals(m.acceleration()),
                m.initialModels() == null ? InitialModels.ZERO : m.initialModels(),
                outlier == null ? -1 : outlier - 1, m.outlierScale() == null ? 1 : m.outlierScale(), seed, repeat);
    }

    /** The population of repeat {@code repeat}. */
    public MultitaskPopulation population(long seed, int repeat) {
        return new MultitaskPopulation(task, seed, repeat);
    }

    /** The noise stream of release {@code release} (1-based) of repeat {@code repeat}. */
    public SplittableRandom noise(long seed, int repeat, int release) {
        return RandomStreams.stream(seed, "mtl-noise", experiment, task.structure().ordinal(), epsilonIndex, repeat,
                release);
    }

    /** The noise stream of release {@code release} of draw {@code draw} of a private selection in repeat {@code repeat}. */
    public SplittableRandom noise(long seed, int repeat, int draw, int release) {
        return draw < 0 ? noise(seed, repeat, release) : RandomStreams.stream(seed, "mtl-candidate-noise", experiment,
                task.structure().ordinal(), epsilonIndex, repeat, draw, release);
    }

    /** The same cell with a fault injected (audits). */
    public MultitaskRunPlan withInjection(Injection fault) {
        return new MultitaskRunPlan(experiment, spec, epsilon, epsilonIndex, task, fault, seed);
    }

    /** A short label for progress output, e.g. {@code mp-mtl-low-rank group-sparse ε=0.1}. */
    public String label() {
        return spec.algorithm().id() + " " + task.structure().id() + (epsilon == null ? "" : " ε=" + epsilon);
    }
}
