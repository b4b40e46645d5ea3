package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages of a node's seam desk: the one long-lived actor per node ({@code /system/seam-desk})
 * through which the seam runs hosted on other nodes talk back to the jobs running on this node —
 * their acknowledgements, ends and outcomes — and the participants placed on other nodes (an
 * audit's adversary) answer the runs hosted on this node, addressed by (job, cell, run[,
 * participant]) instead of by per-run actor references. So no message between nodes carries a reference to an actor that lives for one
 * job or one run, and no node watches another's per-run actors: the references and watches Pekko
 * keeps per remote actor (resolve caches, death-watch flushes) do not grow with the jobs run.
 *
 * <p>Guarantee: a message for a run (or job) registered on this desk is passed on to its placer (or
 * coordinator) in the order the desk received it; one for a run no longer registered (its placer
 * stopped) is dropped. When a member is removed from the cluster, every run last placed on it is
 * reported lost to its placer, and every participant placed on it to its stand-in.
 */
public sealed interface SeamDeskCommand extends CborSerializable
        permits SeamDeskCommand.Placed, SeamDeskCommand.Ended, SeamDeskCommand.HostStopped,
        SeamDeskCommand.Report, SeamDeskCommand.RegisterRun, SeamDeskCommand.RegisterJob,
        SeamDeskCommand.Gone, SeamDeskCommand.MemberRemoved, SeamDeskCommand.ParticipantPlaced,
        SeamDeskCommand.ParticipantAnswered, SeamDeskCommand.ParticipantStopped, SeamDeskCommand.RegisterStandIn {

    /**
     * The host of run {@code run} of cell {@code cell} of job {@code job} received its start (sent
     * for every start received) and runs it on {@code node}.
     *
     * @param node the host node's address
     */
    record Placed(long job, int cell, int run, String node) implements SeamDeskCommand {}

    /** The run's curator stopped after reporting its outcome or its failure (sent after the {@link Report}). */
    record Ended(long job, int cell, int run) implements SeamDeskCommand {}

    /**
     * The run's host on {@code node} stopped before its run ended (its shard was handed off, or it
     * failed): the run must be started again.
     */
    record HostStopped(long job, int cell, int run, String node) implements SeamDeskCommand {}

    /**
     * A run's report for the coordinator of job {@code job}.
     *
     * @param report {@link CoordinatorCommand.RunFinished} or {@link CoordinatorCommand.RunFailed}
     *               (serialized with its class name)
     */
    record Report(long job, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) CoordinatorCommand report)
            implements SeamDeskCommand {}

    /** Local: the placer of run {@code run} of cell {@code cell} of job {@code job} (watched by the desk). */
    record RegisterRun(long job, int cell, int run, ActorRef<RunPlacerCommand> placer) implements SeamDeskCommand {}

    /** Local: the seam coordinator of job {@code job} (watched by the desk). */
    record RegisterJob(long job, ActorRef<CoordinatorCommand> coordinator) implements SeamDeskCommand {}

    /**
     * Local: a registered stand-in ({@code participant} ≥ 0), placer ({@code participant} = -1) or
     * coordinator ({@code cell} = -1) stopped.
     */
    record Gone(long job, int cell, int run, int participant) implements SeamDeskCommand {}

    /**
     * Participant {@code participant} of run {@code run} of cell {@code cell} of job {@code job} runs
     * on {@code node} (its host's node), which now takes its requests.
     */
    record ParticipantPlaced(long job, int cell, int run, int participant, String node) implements SeamDeskCommand {}

    /** The participant's answer, for its stand-in (and so its run's curator). */
    record ParticipantAnswered(long job, int cell, int run, int participant, RunCommand.Answered answer)
            implements SeamDeskCommand {}

    /** The participant stopped on its host's node before its stand-in did (it failed). */
    record ParticipantStopped(long job, int cell, int run, int participant) implements SeamDeskCommand {}

    /**
     * Local: the stand-in, beside its run's curator, of a participant placed on another node (watched
     * by the desk).
     */
    record RegisterStandIn(long job, int cell, int run, int participant, ActorRef<Object> standIn)
            implements SeamDeskCommand {}

    /** Local: the cluster removed the member at {@code address} (crashed and downed, or left). */
    record MemberRemoved(String address) implements SeamDeskCommand {}
}
