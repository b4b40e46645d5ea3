package org.privsim.core.family.indexedmean;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.Scenario;

/**
 * One cell of an indexed-mean experiment: a mechanism at one ε (null when nonprivate) and one
 * number of persons t, run {@code repeats} times on independent populations.
 *
 * <p>Guarantees: repeat r of a cell with t persons uses the population (seed, key (0, t, r)) — the
 * same data for every mechanism and ε of the scenario, so curves differ only by the mechanism — and
 * the noise {@link ReleaseNoise} (seed, "indexed-mean-noise", key (experiment, ε index, t)) of round r. Every runner sums
 * contributions and loss terms in person-id order, so a cell's result is bit-identical wherever it
 * runs.
 *
 * @param experiment   index of the experiment in the scenario
 * @param spec         the experiment
 * @param epsilon      target ε, or null for the nonprivate mechanism
 * @param epsilonIndex index of ε in the experiment's list (0 when nonprivate)
 * @param task         the scenario's task with this cell's t
 */
public record IndexedMeanRunPlan(int experiment, ExperimentSpec spec, Double epsilon, int epsilonIndex,
        IndexedMeanTask task) {

    /** Every cell of the scenario's indexed-mean experiments: experiments in order, then ε, then t. */
    public static List<IndexedMeanRunPlan> cells(Scenario scenario) {
        List<IndexedMeanRunPlan> cells = new ArrayList<>();
        for (int e = 0; e < scenario.experiments().size(); e++) {
            ExperimentSpec spec = scenario.experiments().get(e);
            if (!spec.algorithm().isIndexedMean()) {
                continue;
            }
            IndexedMeanTask task = (IndexedMeanTask) scenario.task();
            List<Double> eps = spec.epsilons() == null ? java.util.Collections.singletonList(null) : spec.epsilons();
            for (int i = 0; i < eps.size(); i++) {
                for (int t : spec.persons()) {
                    cells.add(new IndexedMeanRunPlan(e, spec, eps.get(i), i, task.withPersons(t)));
                }
            }
        }
        return cells;
    }

    /** The zCDP budget ρ of the mechanism, or null when nonprivate. */
    public Double rho() {
        return epsilon == null ? null : spec.calibration().totalRho(epsilon, spec.delta());
    }

    /** The curator's mechanism for this cell. */
    public IndexedMeanMechanism mechanism() {
        Double rho = rho();
        return new IndexedMeanMechanism(spec.algorithm(), task.dimension(), task.persons(), task.samplesPerPerson(),
                rho == null ? 0 : rho, Injection.NONE);
    }

    /** The population of repeat {@code repeat}. */
    public IndexedMeanPopulation population(long seed, int repeat) {
        return new IndexedMeanPopulation(task, seed, 0, task.persons(), repeat);
    }

    /** The curator's noise; repeat r is its round r. */
    public ReleaseNoise noise(long seed) {
        return new ReleaseNoise(seed, "indexed-mean-noise", experiment, epsilonIndex, task.persons());
    }

    /** A short label for progress output, e.g. {@code indexed-mean-jdp ε=1 t=100}. */
    public String label() {
        return spec.algorithm().id() + (epsilon == null ? "" : " ε=" + epsilon) + " t=" + task.persons();
    }
}
