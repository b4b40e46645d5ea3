package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a participant host handles: on a cluster node of a participant role other than
 * {@code users} (e.g. {@code adversary}), it runs the participants of that role that runs elsewhere
 * place on it, each rebuilt from the job's scenario on this node. A participant is named by (job,
 * cell, run, participant id), never by an actor reference: the host answers through the seam desk
 * of the run's node ({@link SeamDeskCommand}), so no reference to an actor that lives for one run
 * crosses between nodes and no node watches another's per-run actors.
 *
 * <p>Guarantee: a {@link Spawn} is answered with one {@link SeamDeskCommand.ParticipantPlaced}; the
 * participant answers each {@link Ask} once, in order, with {@link SeamDeskCommand.ParticipantAnswered}
 * — exactly as a participant beside its curator would; the participant stops when its stand-in
 * stops ({@link StandInStopped}) or the stand-in's node is removed from the cluster, and a
 * participant that stops otherwise is reported ({@link SeamDeskCommand.ParticipantStopped}).
 */
public sealed interface ParticipantHostCommand extends CborSerializable
        permits ParticipantHostCommand.Spawn, ParticipantHostCommand.Ask, ParticipantHostCommand.CountHosted,
        ParticipantHostCommand.StandInStopped, ParticipantHostCommand.ParticipantGone,
        ParticipantHostCommand.MemberRemoved {

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
     * @param desk        the seam desk of the run's node, where the stand-in waits for the answers
     */
    record Spawn(long job, String text, String sourceName, Long seed, int cell, int run, int participant,
                 ActorRef<SeamDeskCommand> desk) implements ParticipantHostCommand {}

    /**
     * A request of the run's curator for participant {@code participant} of run {@code run} of
     * cell {@code cell} of job {@code job}.
     *
     * @param position the participant's place in the curator's ask (its answer's slot)
     * @param request  the family's request (serialized with its class name)
     */
    record Ask(long job, int cell, int run, int participant, int position,
               @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object request) implements ParticipantHostCommand {}

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

    /** The stand-in of the participant stopped (its run ended, or failed): the participant stops. */
    record StandInStopped(long job, int cell, int run, int participant) implements ParticipantHostCommand {}

    /** Local: a participant hosted here stopped (the host watches it). */
    record ParticipantGone(long job, int cell, int run, int participant) implements ParticipantHostCommand {}

    /** Local: the cluster removed the member at {@code address}: its stand-ins' participants stop. */
    record MemberRemoved(String address) implements ParticipantHostCommand {}
}
