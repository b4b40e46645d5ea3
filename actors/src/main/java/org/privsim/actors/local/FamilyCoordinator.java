package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.run.Progress;
import org.privsim.core.seam.BoundCell;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.GuardianCommand;
import org.privsim.protocol.RunCommand;

/**
 * Runs one cell of any seam family: every run is its own {@link RunCuratorActor} with its
 * participants, {@value #RUNS_IN_FLIGHT} in flight at once; the cell's row is the family's row of
 * the outcomes in run order, whatever order they finished in.
 *
 * <p>Guarantee: the row equals the sequential interpreter's bit for bit. Sends exactly one
 * {@link GuardianCommand.SeamCellCompleted} or {@link GuardianCommand.SeamCellFailed} and stops; a
 * curator that stops without reporting fails the cell (its stop after reporting is ignored).
 */
public final class FamilyCoordinator extends AbstractBehavior<CoordinatorCommand> {
    /** Runs (each with its participants) in flight at once. */
    static final int RUNS_IN_FLIGHT = 4;

    private final int index;
    private final BoundCell cell;
    private final long seed;
    private final Progress progress;
    private final ActorRef<GuardianCommand> guardian;
    private final Object[] outcomes;
    private final ParticipantWiring wiring;
    /** Participants per node over the finished runs (cluster), or null. */
    private Map<String, Integer> placement;
    private int started;
    private int done;

    /**
     * The coordinator of seam cell {@code index}.
     *
     * @param seed     the scenario's root seed
     * @param progress receives (runs done, runs, message)
     */
    public static Behavior<CoordinatorCommand> create(int index, BoundCell cell, long seed, ParticipantWiring wiring,
                                                      Progress progress, ActorRef<GuardianCommand> guardian) {
        return Behaviors.setup(ctx -> new FamilyCoordinator(ctx, index, cell, seed, wiring, progress, guardian)
                .startRuns());
    }

    private FamilyCoordinator(ActorContext<CoordinatorCommand> ctx, int index, BoundCell cell, long seed,
                              ParticipantWiring wiring, Progress progress, ActorRef<GuardianCommand> guardian) {
        super(ctx);
        this.index = index;
        this.cell = cell;
        this.seed = seed;
        this.progress = progress;
        this.guardian = guardian;
        this.outcomes = new Object[cell.runs()];
        this.wiring = wiring;
    }

    @Override
    public Receive<CoordinatorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(CoordinatorCommand.RunFinished.class, this::onFinished)
                .onMessage(CoordinatorCommand.RunFailed.class, m -> {
                    if (outcomes[m.run()] != null) {
                        return this;
                    }
                    guardian.tell(new GuardianCommand.SeamCellFailed(index, m.reason()));
                    return Behaviors.stopped();
                })
                .build();
    }

    private Behavior<CoordinatorCommand> startRuns() {
        if (outcomes.length == 0) {
            guardian.tell(new GuardianCommand.SeamCellCompleted(index, cell.row(new ArrayList<>()), null));
            return Behaviors.stopped();
        }
        while (started < outcomes.length && started - done < RUNS_IN_FLIGHT) {
            int run = started++;
            ActorRef<RunCommand> curator = getContext().spawn(
                    RunCuratorActor.create(cell, run, seed, wiring, getContext().getSelf()), "run-" + run,
                    DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
            getContext().watchWith(curator, new CoordinatorCommand.RunFailed(run, "the curator of " + cell.label()
                    + " run " + run + " stopped without a result"));
        }
        return this;
    }

    private Behavior<CoordinatorCommand> onFinished(CoordinatorCommand.RunFinished m) {
        if (outcomes[m.run()] != null) {
            return this;
        }
        outcomes[m.run()] = m.outcome();
        if (m.placement() != null) {
            placement = placement == null ? new TreeMap<>() : placement;
            m.placement().forEach((node, count) -> placement.merge(node, count, Integer::sum));
        }
        done++;
        progress.update(done, outcomes.length, cell.label() + " run " + done + "/" + outcomes.length);
        if (done == outcomes.length) {
            guardian.tell(new GuardianCommand.SeamCellCompleted(index, cell.row(Arrays.asList(outcomes)), placement));
            return Behaviors.stopped();
        }
        return startRuns();
    }
}
