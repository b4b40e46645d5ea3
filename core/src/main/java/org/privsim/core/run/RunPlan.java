package org.privsim.core.run;

import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.sim.RunKey;

/**
 * One algorithm run of a scenario: an experiment at one ε (null when non-private) and one epoch
 * count. A pure description; the low-rank family builds the driver that executes it.
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
