package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a participant host handles: on a cluster node of a participant role other than
 * {@code users} (e.g. {@code adversary}), it runs the participants of that role that runs elsewhere
 * place on it, each rebuilt from the job's scenario on this node.
 *
 * <p>Guarantee: a {@link Spawn} is answered with one {@link Spawned} naming the participant, which
 * answers the run's requests exactly as a participant beside its curator would; the participant
 * stops when the stand-in that asked for it stops (its run ended or its node was lost).
 */
public sealed interface ParticipantHostCommand extends CborSerializable
        permits ParticipantHostCommand.Spawn, ParticipantHostCommand.CountHosted,
        ParticipantHostCommand.StandInStopped {

    /**
     * Start participant {@code participant} of run {@code run} of seam cell {@code cell} of the job's
     * scenario (parsed once per node and job).
     *
     * @param job         the cluster job
     * @param text        the scenario file's text
     * @param sourceName  the file's name
     * @param seed        the seed override, or null
     * @param cell        index in {@code Families.cells} order
     * @param run         the run
     * @param participant the participant's id
     * @param replyTo     the stand-in on the run's node: gets {@link Spawned}, and the participant stops when it stops
     */
    record Spawn(long job, String text, String sourceName, Long seed, int cell, int run, int participant,
                 ActorRef<Spawned> replyTo) implements ParticipantHostCommand {}

    /**
     * The answer to a {@link Spawn}.
     *
     * @param participant the participant's id
     * @param ref         where its requests go
     */
    record Spawned(int participant, ActorRef<ParticipantCommand> ref) implements CborSerializable {}

    /**
     * How many participants this host has started (for tests and logs).
     *
     * @param replyTo gets the count
     */
    record CountHosted(ActorRef<HostedCount> replyTo) implements ParticipantHostCommand {}

    /**
     * The answer to {@link CountHosted}.
     *
     * @param count participants started since the node started
     */
    record HostedCount(int count) implements CborSerializable {}

    /**
     * The stand-in of {@code participant} stopped (local to the host, from its watch).
     *
     * @param participant the participant to stop
     */
    record StandInStopped(ActorRef<ParticipantCommand> participant) implements ParticipantHostCommand {}
}
