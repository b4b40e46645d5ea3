package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a person of an indexed-mean job handles: the curator's request for its contribution,
 * the separate output meant for this person alone, and billboard posts.
 *
 * <p>Guarantee: every message carries its job and round (an audit trial, or an experiment repeat),
 * and a person answers a contribution request with exactly one
 * {@link IndexedMeanCuratorCommand.Contribution} of the same job and round. A person never sends its
 * samples anywhere else.
 */
public sealed interface PersonCommand extends CborSerializable
        permits PersonCommand.Contribute, PersonCommand.SeparateOutput, BillboardPost {

    /**
     * Contribute to round {@code round}: the audit target answers with the canary of {@code world},
     * everyone else with its own data (world is ignored).
     *
     * @param job     job id (audit index, or experiment cell index)
     * @param round   trial or repeat
     * @param world   0 or 1 (audits), 0 (experiments)
     * @param replyTo the curator
     */
    record Contribute(int job, int round, int world, ActorRef<IndexedMeanCuratorCommand> replyTo)
            implements PersonCommand {}

    /**
     * This person's separate output of round {@code round}: the released estimate p̂ at its index.
     *
     * @param job      job id
     * @param round    trial or repeat
     * @param estimate p̂_{j_i}
     */
    record SeparateOutput(int job, int round, double estimate) implements PersonCommand {}
}
