package org.privsim.core.run;

import org.ejml.data.DMatrixRMaj;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.sim.AltMinDriver;
import org.privsim.core.sim.AltMinSettings;
import org.privsim.core.sim.Driver;
import org.privsim.core.sim.OwnDataDriver;
import org.privsim.core.sim.RunKey;
import org.privsim.core.sim.SingleModelDriver;

/**
 * One algorithm run of a scenario: an experiment at one ε (null when non-private) and one epoch
 * count. A pure description; {@link #newDriver} builds the curator logic that executes it.
 *
 * @param experiment   index of the experiment in the scenario
 * @param spec         the experiment
 * @param epsilon      target ε, or null
 * @param epsilonIndex index of ε in the experiment's list (0 when non-private)
 * @param epochs       epoch count (or cap) of this run; 0 when the algorithm has no epochs
 * @param repeat       repeat index (0 .. spec.repeats − 1); the population and noise come from its seed
 * @param key          the run's random-stream identity; {@code key.seed()} is the repeat's seed
 */
public record RunPlan(int experiment, ExperimentSpec spec, Double epsilon, int epsilonIndex, int epochs, int repeat,
                      RunKey key) {

    /** The seed of the population this run's users hold (the repeat's seed). */
    public long population() {
        return key.seed();
    }

    /**
     * A fresh driver for this run on {@code task} (the scenario's {@code lowRankTask(spec)});
     * {@code uStar} is the U* of population {@link #population()}, or null on a data set.
     */
    public Driver newDriver(LowRankRegressionTask task, DMatrixRMaj uStar) {
        return switch (spec.algorithm()) {
            case PRIV_ALTMIN -> new AltMinDriver(task,
                    AltMinSettings.privateRun(task, spec, epsilon, epochs, key), key, uStar, spec.metalearning());
            case NON_PRIVATE_ALTMIN -> new AltMinDriver(task,
                    AltMinSettings.nonPrivate(task, spec, epochs, key), key, uStar, spec.metalearning());
            case SINGLE_MODEL_DP -> new SingleModelDriver(task, spec, epsilon, key);
            case OWN_DATA -> new OwnDataDriver(task, spec, key);
            default -> throw new IllegalStateException(spec.algorithm().id() + " does not run on a low-rank task");
        };
    }

    /** A short label for progress output, e.g. {@code priv-altmin ε=2 epochs=5}. */
    public String label() {
        StringBuilder sb = new StringBuilder(spec.algorithm().id());
        if (epsilon != null) {
            sb.append(" ε=").append(epsilon);
        }
        if (epochs > 0 && spec.epochs() != null && spec.epochs().size() > 1) {
            sb.append(" epochs=").append(epochs);
        }
        if (spec.repeats() != null && spec.repeats() > 1) {
            sb.append(" repeat ").append(repeat + 1).append('/').append(spec.repeats());
        }
        return sb.toString();
    }
}
