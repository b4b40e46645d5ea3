package org.privsim.protocol;

import org.privsim.core.sim.RunOutcome;

/**
 * Messages the simulation guardian handles: the end of one algorithm run. (Adversary and audit
 * messages will join as further permitted records.)
 *
 * <p>Guarantee: the curator of run {@code run} sends exactly one of these, then stops.
 */
public sealed interface GuardianCommand extends CborSerializable
        permits GuardianCommand.RunCompleted, GuardianCommand.RunFailed {

    /**
     * Run {@code run} finished.
     *
     * @param run     index of the run in {@link org.privsim.core.run.ScenarioPlan} order
     * @param outcome its result
     */
    record RunCompleted(int run, RunOutcome outcome) implements GuardianCommand {}

    /**
     * Run {@code run} failed (e.g. the ledger refused a release).
     *
     * @param run    index of the run
     * @param reason what went wrong
     */
    record RunFailed(int run, String reason) implements GuardianCommand {}
}
