package org.privsim.actors.cluster;

import java.time.Duration;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.RunPlacerCommand;
import org.privsim.protocol.SeamDeskCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Places one seam run on the cluster and keeps it placed: it sends the run's start to its sharded
 * host, and sends it again when no acknowledgement came within the placement timeout or when the
 * run is lost — its node was removed from the cluster (crashed, or cut off and downed) or its host
 * stopped before the run ended (its shard handed off), after which sharding re-homes the shard on a
 * surviving node. It hears of its run through this node's {@link SeamDesk}, with which it registers:
 * the host's acknowledgements and the run's end come to the desk (by job, cell and run), and the
 * desk tells it of a loss; nothing watches a host on another node.
 *
 * <p>Guarantee: the run is started again, never abandoned silently: either its host reports it
 * {@link RunPlacerCommand.Ended} (its curator reported to the coordinator; the placer stops) or,
 * after {@code attempts} starts without that, the coordinator receives one
 * {@link CoordinatorCommand.RunFailed} naming the lost node and the placer stops. A re-run's outcome
 * equals the lost one's (the run is a function of scenario, cell, run and seed), and the coordinator
 * ignores a second report of a run.
 */
final class RunPlacer extends AbstractBehavior<RunPlacerCommand> {
    /** Named for the class, so a node's logback configuration shows re-placements (org.privsim at INFO). */
    private static final Logger LOG = LoggerFactory.getLogger(RunPlacer.class);

    private final TimerScheduler<RunPlacerCommand> timers;
    private final Runnable start;
    private final ActorRef<CoordinatorCommand> coordinator;
    private final int cell;
    private final int run;
    private final String label;
    private final Duration timeout;
    private final int attempts;
    private int sent;
    /** The node the run is placed on now (null: not acknowledged since the last start). */
    private String placedOn;
    private String lastNode;

    /**
     * @param start   sends the run's start to its sharded host (acknowledged to {@code desk})
     * @param desk    this node's seam desk, with which the placer registers as run {@code run} of
     *                cell {@code cell} of job {@code job}
     * @param label   the run, for the failure message (e.g. "mp-mtl-low-rank ε=1.0 run 3")
     * @param timeout how long a start may wait for its acknowledgement before it is sent again
     * @param attempts how many starts in all before the run fails
     */
    static Behavior<RunPlacerCommand> create(Runnable start, ActorRef<SeamDeskCommand> desk, long job,
                                             ActorRef<CoordinatorCommand> coordinator, int cell, int run,
                                             String label, Duration timeout, int attempts) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            desk.tell(new SeamDeskCommand.RegisterRun(job, cell, run, ctx.getSelf()));
            return new RunPlacer(ctx, timers, start, coordinator, cell, run, label, timeout, attempts).send();
        }));
    }

    private RunPlacer(ActorContext<RunPlacerCommand> ctx, TimerScheduler<RunPlacerCommand> timers,
                      Runnable start, ActorRef<CoordinatorCommand> coordinator,
                      int cell, int run, String label, Duration timeout, int attempts) {
        super(ctx);
        this.timers = timers;
        this.start = start;
        this.coordinator = coordinator;
        this.cell = cell;
        this.run = run;
        this.label = label;
        this.timeout = timeout;
        this.attempts = attempts;
    }

    @Override
    public Receive<RunPlacerCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(RunPlacerCommand.Placed.class, m -> {
                    timers.cancelAll();
                    lastNode = m.node();
                    placedOn = m.node();
                    return this;
                })
                .onMessage(RunPlacerCommand.Ended.class, m -> Behaviors.stopped())
                .onMessage(RunPlacerCommand.Lost.class, m -> {
                    if (!m.node().equals(placedOn)) {
                        return this;
                    }
                    LOG.warn("{}: its node {} was lost (or its host stopped); starting it again", label, m.node());
                    placedOn = null;
                    return send();
                })
                .onMessage(RunPlacerCommand.Retry.class, m -> {
                    LOG.info("{}: not acknowledged within {} ms; starting it again", label,
                            timeout.toMillis());
                    return send();
                })
                .build();
    }

    /** Sends the start once more, or fails the run when every attempt is spent. */
    private Behavior<RunPlacerCommand> send() {
        if (sent == attempts) {
            coordinator.tell(new CoordinatorCommand.RunFailed(cell, run, label + " could not be placed on a users"
                    + " node after " + attempts + " starts" + (lastNode == null ? "" : "; it was last on " + lastNode
                    + ", which was lost")));
            return Behaviors.stopped();
        }
        sent++;
        start.run();
        timers.startSingleTimer(new RunPlacerCommand.Retry(), timeout);
        return this;
    }
}
