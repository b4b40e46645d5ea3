package org.privsim.protocol;

/**
 * Messages a seam host entity handles on a cluster: it holds the participants of one run of one
 * seam cell whose ids fall in its residue class, and rebuilds the run's context on its node from the
 * job's scenario.
 *
 * <p>Guarantee: a host handles {@link Open} before any {@link Deliver} of the same curator (one
 * sender, one receiver: order kept), spawns each participant on its first delivery, and forwards
 * every delivery to that participant in order; {@link Retire} passivates it with its participants.
 */
public sealed interface SeamHostCommand extends CborSerializable
        permits SeamHostCommand.Open, SeamHostCommand.Deliver, SeamHostCommand.Lost, SeamHostCommand.Retire,
        SeamHostCommand.Stop {

    /**
     * The run this host serves: parse the job's scenario (once per node and job), take its seam cell
     * {@code cell} and build run {@code run}'s context; answer {@link RunCommand.HostOpened} to
     * {@code curator}.
     *
     * @param job        the cluster job
     * @param text       the scenario file's text
     * @param sourceName the file's name (data paths resolve against its folder)
     * @param seed       the seed override, or null
     * @param cell       index in {@code Families.cells} order
     * @param run        the run
     * @param host       this host's index (participant id mod hosts)
     * @param curator    the run's curator
     */
    record Open(long job, String text, String sourceName, Long seed, int cell, int run, int host,
                org.apache.pekko.actor.typed.ActorRef<RunCommand> curator) implements SeamHostCommand {}

    /**
     * Deliver {@code ask} to participant {@code participant} (spawned on its first delivery).
     *
     * @param participant its id
     * @param ask         the curator's ask
     */
    record Deliver(int participant, ParticipantCommand.Ask ask) implements SeamHostCommand {}

    /**
     * Participant {@code participant} stopped (its request threw): tell the curator, which fails the run.
     *
     * @param participant its id
     */
    record Lost(int participant) implements SeamHostCommand {}

    /** The run is over: passivate (the participants stop with the host). */
    record Retire() implements SeamHostCommand {}

    /** Sharding's stop message after a passivation or hand-off. */
    record Stop() implements SeamHostCommand {}
}
