package org.privsim.actors.cli;

import org.privsim.core.family.MemoryModel;
import org.privsim.core.scenario.PopulationMode;
import org.privsim.core.scenario.Scenario;

/**
 * The CLI's heap decisions before any work ({@link MemoryModel} against {@link Runtime#maxMemory()}):
 * the population mode of a scenario that leaves it open, and the refusal of scenarios that cannot fit.
 */
final class HeapCheck {
    private HeapCheck() {}

    /**
     * A scenario with its population mode settled for a run in this JVM, and the line that says what
     * was chosen and why (null when the file states the mode or the task has no such population).
     */
    record Settled(Scenario scenario, String line) {
        /** The mode the runs use, as the report records it: a {@link PopulationMode} id, or null. */
        String population() {
            return effective(scenario) == null ? null : effective(scenario).id();
        }
    }

    /** Why {@code scenario} cannot run with {@code runner} in this JVM, or null. */
    static String problem(Scenario scenario, String runner) {
        return MemoryModel.problem(scenario, runner, Runtime.getRuntime().maxMemory());
    }

    /**
     * {@code scenario} with the population mode {@link MemoryModel#population} picks for {@code runner}
     * in this JVM when the file leaves it open: {@code population: stored (…)} when the stored run fits
     * the heap, else {@code population: regenerated (…)}, each with the estimates behind it.
     */
    static Settled settle(Scenario scenario, String runner) {
        if (!scenario.populationOpen()) {
            return new Settled(scenario, null);
        }
        long heap = Runtime.getRuntime().maxMemory();
        PopulationMode mode = MemoryModel.population(scenario, runner, heap);
        Scenario settled = scenario.withPopulation(mode);
        long stored = MemoryModel.estimate(scenario.withPopulation(PopulationMode.STORED), runner);
        String line = mode == PopulationMode.STORED
                ? String.format("population: stored (the run needs about %.1f GB of heap, this JVM has %.1f GB)",
                        stored / 1e9, heap / 1e9)
                : String.format("population: regenerated (stored, the run would need about %.1f GB of heap, more than"
                        + " this JVM's %.1f GB allows; regenerated: about %.1f GB)", stored / 1e9, heap / 1e9,
                        MemoryModel.estimate(settled, runner) / 1e9);
        return new Settled(settled, line);
    }

    /** The mode a scenario's runs use: its own, stored when left open, null without such a population. */
    static PopulationMode effective(Scenario scenario) {
        return scenario.populationOpen() ? PopulationMode.STORED : scenario.population();
    }
}
