package org.privsim.core.scenario;

import java.util.List;

/**
 * A validated scenario: what to simulate and which experiments to run on it.
 *
 * <p>Guarantee: every instance produced by {@link ScenarioParser} has passed field-by-field
 * validation, and every optional field has been resolved to the concrete default it will run
 * with, so a report can state exactly what ran.
 *
 * @param name        scenario name (also the default output folder name)
 * @param seed        root seed; every random draw derives from it
 * @param task        the data-generating task shared by all experiments
 * @param aggregation how user contributions are pre-summed (fixed id ranges)
 * @param experiments experiments to run, in order
 */
public record Scenario(
        String name,
        long seed,
        LowRankRegressionTask task,
        Aggregation aggregation,
        List<ExperimentSpec> experiments) {

    public Scenario {
        experiments = List.copyOf(experiments);
    }

    /** The same scenario with another root seed (the CLI's {@code --seed}). */
    public Scenario withSeed(long newSeed) {
        return new Scenario(name, newSeed, task, aggregation, experiments);
    }
}
