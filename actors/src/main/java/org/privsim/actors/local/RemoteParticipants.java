package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Role;
import org.privsim.protocol.RunCommand;

/**
 * Where a run's participants of a role other than {@link Role#USER} execute on a cluster: the run's
 * curator spawns, instead of the participant, the stand-in this gives, which places the participant
 * on a node of the role's cluster role and relays the run's requests to it.
 *
 * <p>Guarantee an implementation gives: the stand-in accepts every {@code ParticipantCommand.Ask},
 * and the participant's answers reach {@code curator} exactly as a local participant's would; if the
 * participant cannot be placed, is lost or stops answering, {@code curator} gets one
 * {@link RunCommand.ParticipantLost} with the reason.
 */
@FunctionalInterface
public interface RemoteParticipants {

    /** The stand-in for participant {@code id} (of role {@code role}) of run {@code run} of {@code cell}. */
    Behavior<Object> standIn(BoundCell cell, int run, int id, Role role, ActorRef<RunCommand> curator);
}
