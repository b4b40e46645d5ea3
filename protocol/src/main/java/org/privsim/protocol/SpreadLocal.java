package org.privsim.protocol;

import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.seam.Step;

/**
 * Messages within one node about spread runs ({@link SpreadCommand}): between a node's spread host,
 * the curator's side of a spread run and a node's share of one. Local only: never serialized.
 *
 * <p>Guarantee: each reaches only actors of the node that sent it.
 */
public sealed interface SpreadLocal extends org.apache.pekko.actor.NoSerializationVerificationNeeded
        permits SpreadLocal.Received, SpreadLocal.Execute, SpreadLocal.Hosts, SpreadLocal.HostsRequest,
        SpreadLocal.RegisterRun, SpreadLocal.UnregisterRun, SpreadLocal.NodeRemoved, SpreadLocal.Computed,
        SpreadLocal.Listed {

    /**
     * A message from another node (or this one) for a run's curator side or share.
     *
     * @param message the message
     * @param bytes   the bytes it took on the network (0 when it did not cross one)
     */
    record Received(SpreadCommand message, long bytes) implements SpreadLocal {}

    /** The curator asks the spread run to have the nodes answer {@code step}. */
    record Execute(Step<Object, Object> step) implements SpreadLocal {}

    /**
     * The users nodes' spread hosts, sorted by node address.
     *
     * @param hosts     the hosts
     * @param addresses their nodes' addresses, in the same order
     */
    record Hosts(List<ActorRef<SpreadCommand>> hosts, List<String> addresses) implements SpreadLocal {}

    /** Asks the node's spread host for the users nodes' hosts ({@link Hosts}). */
    record HostsRequest(ActorRef<SpreadLocal> replyTo) implements SpreadLocal {}

    /** The curator's side of a run asks its node's host for the run's answers and sums. */
    record RegisterRun(SpreadCommand.RunKey key, ActorRef<SpreadLocal> run) implements SpreadLocal {}

    /** The curator's side of a run is done with them. */
    record UnregisterRun(SpreadCommand.RunKey key) implements SpreadLocal {}

    /** The cluster removed the member at {@code address}. */
    record NodeRemoved(String address) implements SpreadLocal {}

    /** The Receptionist lists these spread hosts of the users nodes now. */
    record Listed(java.util.Set<ActorRef<SpreadCommand>> hosts) implements SpreadLocal {}

    /** A worker of a node's share computed a slice ({@link ParticipantBatch}'s result). */
    record Computed(RunCommand result) implements SpreadLocal {}
}
