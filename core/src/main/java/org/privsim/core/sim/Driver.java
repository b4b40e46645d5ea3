package org.privsim.core.sim;

/**
 * The curator's side of one algorithm run, as a state machine independent of how users are
 * reached: it emits {@link Step.Collect} requests, consumes the sums of the users' answers, adds
 * the noise, charges the ledger and publishes the billboard.
 *
 * <p>Guarantee: given the same sums in the same order, every call sequence produces bit-identical
 * releases and outcome — so the sequential runner and the actor runner, which differ only in how
 * they collect answers, agree exactly. A driver is used once and is not thread-safe.
 *
 * <p>Protocol: call {@link #start()}, then for each {@code Collect} of an {@code Init},
 * {@code Round} or {@code Evaluate} task call the matching {@code on…} method with the sum of the
 * answers, until a {@link Step.Finished} is returned.
 */
public interface Driver {

    /** The first step. */
    Step start();

    /** Continues after an initialisation collection. */
    default Step onInit(InitSum sum) {
        throw new IllegalStateException(getClass().getSimpleName() + " does not collect initialisation terms");
    }

    /** Continues after a U-step collection. */
    default Step onRound(RoundSum sum) {
        throw new IllegalStateException(getClass().getSimpleName() + " does not collect round statistics");
    }

    /** Continues after an evaluation collection. */
    Step onEvaluate(ErrorSum sum);
}
