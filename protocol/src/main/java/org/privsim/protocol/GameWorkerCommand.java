package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Requests a game worker handles: play one trial of a distinguishing game whose mechanism and
 * adversary live inside the core game (priv-altmin).
 *
 * <p>Guarantee: the worker answers each request with exactly one {@link AuditCommand.TrialScores}
 * carrying that trial's score.
 */
public sealed interface GameWorkerCommand extends CborSerializable permits GameWorkerCommand.PlayTrial {

    /**
     * Play trial {@code trial} in world {@code world}.
     *
     * @param audit   audit index
     * @param trial   trial index
     * @param world   0 or 1
     * @param replyTo the audit coordinator
     */
    record PlayTrial(int audit, int trial, int world, ActorRef<AuditCommand> replyTo) implements GameWorkerCommand {}
}
