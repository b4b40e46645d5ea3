package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.run.Progress;
import org.privsim.core.run.TransferResult;
import org.privsim.core.transfer.TransferOutcome;
import org.privsim.core.transfer.TransferRunPlan;
import org.privsim.protocol.GuardianCommand;
import org.privsim.protocol.TransferCoordinatorCommand;
import org.privsim.protocol.TransferCuratorCommand;

/**
 * Runs every transfer cell of a scenario: each (cell, repeat) is its own {@link TransferCuratorActor}
 * with its participants, {@value #RUNS_IN_FLIGHT} in flight across cells; each row is
 * {@link TransferResult#of} its outcomes by repeat, whatever order they finished in.
 *
 * <p>Guarantee: the rows equal {@link org.privsim.core.run.TransferRunner#run}'s bit for bit. Sends
 * exactly one {@link GuardianCommand.TransferCompleted} or {@link GuardianCommand.TransferFailed} and
 * stops; a curator that stops without reporting fails the phase (its stop after reporting is ignored).
 */
public final class TransferCoordinator extends AbstractBehavior<TransferCoordinatorCommand> {
    /** Runs in flight at once (each with its users). */
    static final int RUNS_IN_FLIGHT = 4;

    private final List<TransferRunPlan> cells;
    private final long seed;
    private final Progress progress;
    private final ActorRef<GuardianCommand> guardian;
    private final TransferOutcome[][] outcomes;
    private final int[] runCell;
    private final int[] runRepeat;
    private int started;
    private int done;

    /**
     * The coordinator of {@code cells} ({@link TransferRunPlan#cells} order).
     *
     * @param seed     the scenario's root seed
     * @param progress receives (runs done, runs, message)
     */
    public static Behavior<TransferCoordinatorCommand> create(List<TransferRunPlan> cells, long seed, Progress progress,
                                                   ActorRef<GuardianCommand> guardian) {
        return Behaviors.setup(ctx -> new TransferCoordinator(ctx, cells, seed, progress, guardian).startRuns());
    }

    private TransferCoordinator(ActorContext<TransferCoordinatorCommand> ctx, List<TransferRunPlan> cells, long seed,
                                Progress progress, ActorRef<GuardianCommand> guardian) {
        super(ctx);
        this.cells = List.copyOf(cells);
        this.seed = seed;
        this.progress = progress;
        this.guardian = guardian;
        this.outcomes = new TransferOutcome[cells.size()][];
        List<int[]> runs = new ArrayList<>();
        for (int c = 0; c < cells.size(); c++) {
            int repeats = cells.get(c).spec().repeats();
            outcomes[c] = new TransferOutcome[repeats];
            for (int r = 0; r < repeats; r++) {
                runs.add(new int[] {c, r});
            }
        }
        this.runCell = runs.stream().mapToInt(run -> run[0]).toArray();
        this.runRepeat = runs.stream().mapToInt(run -> run[1]).toArray();
    }

    @Override
    public Receive<TransferCoordinatorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(TransferCoordinatorCommand.RunFinished.class, this::onFinished)
                .onMessage(TransferCoordinatorCommand.RunFailed.class, m -> {
                    if (outcomes[m.cell()][m.repeat()] != null) {
                        return this;
                    }
                    guardian.tell(new GuardianCommand.TransferFailed(cells.get(m.cell()).label() + " repeat "
                            + m.repeat() + ": " + m.reason()));
                    return Behaviors.stopped();
                })
                .build();
    }

    private Behavior<TransferCoordinatorCommand> startRuns() {
        if (runCell.length == 0) {
            guardian.tell(new GuardianCommand.TransferCompleted(List.of()));
            return Behaviors.stopped();
        }
        while (started < runCell.length && started - done < RUNS_IN_FLIGHT) {
            int run = started++;
            int cell = runCell[run];
            int repeat = runRepeat[run];
            ActorRef<TransferCuratorCommand> curator = getContext().spawn(
                    TransferCuratorActor.create(cell, cells.get(cell), repeat, seed, getContext().getSelf()),
                    "run-" + cell + "-" + repeat, DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
            getContext().watchWith(curator, new TransferCoordinatorCommand.RunFailed(cell, repeat,
                    "the curator stopped without a result"));
        }
        return this;
    }

    private Behavior<TransferCoordinatorCommand> onFinished(TransferCoordinatorCommand.RunFinished m) {
        if (outcomes[m.cell()][m.repeat()] != null) {
            return this;
        }
        outcomes[m.cell()][m.repeat()] = m.outcome();
        done++;
        progress.update(done, runCell.length, cells.get(m.cell()).label() + " repeat " + m.repeat());
        if (done == runCell.length) {
            List<TransferResult> rows = new ArrayList<>();
            for (int c = 0; c < cells.size(); c++) {
                rows.add(TransferResult.of(cells.get(c), outcomes[c]));
            }
            guardian.tell(new GuardianCommand.TransferCompleted(rows));
            return Behaviors.stopped();
        }
        return startRuns();
    }
}
