package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.privsim.core.seam.BoundCell;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SpreadLocal;

/**
 * Where the steps of a run spread over a cluster's users nodes are answered: the run's curator
 * spawns the behaviour this gives as its child and sends it each step ({@link SpreadLocal.Execute}),
 * instead of asking participants of its own.
 *
 * <p>Guarantee an implementation gives: the child answers each step with one
 * {@link RunCommand.SpreadAnswered} carrying exactly what the sequential interpreter would hand the
 * curator (an ask's answers in position order, a fold's sum) — also when a node holding part of the
 * run is lost meanwhile — or with one {@link RunCommand.SpreadFailed} when the run cannot go on.
 */
@FunctionalInterface
public interface SpreadSteps {

    /** The spread side of run {@code run} of {@code cell}, answering {@code curator}; null to run it whole. */
    Behavior<SpreadLocal> start(BoundCell cell, int run, ActorRef<RunCommand> curator);
}
