package org.privsim.actors.cli;

import org.privsim.core.run.MemoryModel;
import org.privsim.core.scenario.Scenario;

/**
 * The CLI's refusal of scenarios that cannot fit this JVM's heap, before any work
 * ({@link MemoryModel} against {@link Runtime#maxMemory()}).
 */
final class HeapCheck {
    private HeapCheck() {}

    /** Why {@code scenario} cannot run with {@code runner} in this JVM, or null. */
    static String problem(Scenario scenario, String runner) {
        return MemoryModel.problem(scenario, runner, Runtime.getRuntime().maxMemory());
    }
}
