package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a person of an indexed-mean audit handles: the curator's request for its contributions
 * and the separate outputs meant for this person alone. Rounds (trials) travel in batches: a
 * message about rounds {@code firstRound .. firstRound + n − 1} carries one entry per round, in
 * round order.
 *
 * <p>Guarantee: every message carries its job and first round, and a person answers a contribution
 * request with exactly one {@link IndexedMeanCuratorCommand.Contribution} of the same job and
 * batch. A person never sends its samples anywhere else.
 */
public sealed interface PersonCommand extends CborSerializable
        permits PersonCommand.Contribute, PersonCommand.SeparateOutput {

    /**
     * Contribute to rounds {@code firstRound .. firstRound + worlds.length − 1}, round
     * {@code firstRound + k} in world {@code worlds[k]}: the audit target answers with the canary of
     * that world, everyone else with its own data (the world is ignored).
     *
     * @param job        job id (audit index)
     * @param firstRound the batch's first trial or repeat
     * @param worlds     0 or 1 per round
     * @param replyTo    the curator
     */
    record Contribute(int job, int firstRound, int[] worlds, ActorRef<IndexedMeanCuratorCommand> replyTo)
            implements PersonCommand {}

    /**
     * This person's separate outputs of a batch: {@code estimates[k]} is the released estimate p̂ at
     * its index in round {@code firstRound + k}.
     *
     * @param job        job id
     * @param firstRound the batch's first trial or repeat
     * @param estimates  p̂_{j_i} per round of the batch
     */
    record SeparateOutput(int job, int firstRound, double[] estimates) implements PersonCommand {}
}
