package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.multitask.MultitaskOutcome;
import org.privsim.core.multitask.MultitaskRunPlan;
import org.privsim.core.run.MultitaskResult;
import org.privsim.core.run.Progress;
import org.privsim.protocol.GuardianCommand;
import org.privsim.protocol.MultitaskCommand;
import org.privsim.protocol.MultitaskCuratorCommand;

/**
 * Runs one multi-task experiment cell: every (candidate, repeat) run is its own
 * {@link MultitaskCuratorActor} with its task actors, a bounded number in flight; the cell's row is
 * {@link MultitaskResult#of} the outcomes by (λ, repeat), whatever order they finished in.
 *
 * <p>Guarantee: the row equals {@link org.privsim.core.run.MultitaskRunner#run}'s bit for bit. Sends
 * exactly one {@link GuardianCommand.MultitaskCompleted} or {@link GuardianCommand.MultitaskFailed}
 * and stops; a curator that stops without reporting fails the cell (its stop after reporting is ignored).
 */
public final class MultitaskCoordinator extends AbstractBehavior<MultitaskCommand> {
    /** Runs (each with m task actors) in flight at once. */
    static final int RUNS_IN_FLIGHT = 4;

    private final int index;
    private final MultitaskRunPlan cell;
    private final long seed;
    private final Progress progress;
    private final ActorRef<GuardianCommand> guardian;
    private final MultitaskOutcome[][] outcomes;
    private final int total;
    private int started;
    private int done;

    /**
     * The coordinator of cell {@code index} ({@link MultitaskRunPlan#cells} order).
     *
     * @param seed     the scenario's root seed
     * @param progress receives (runs done, runs, message)
     */
    public static Behavior<MultitaskCommand> create(int index, MultitaskRunPlan cell, long seed, Progress progress,
                                                    ActorRef<GuardianCommand> guardian) {
        return Behaviors.setup(ctx -> new MultitaskCoordinator(ctx, index, cell, seed, progress, guardian).startRuns());
    }

    private MultitaskCoordinator(ActorContext<MultitaskCommand> ctx, int index, MultitaskRunPlan cell, long seed,
                                 Progress progress, ActorRef<GuardianCommand> guardian) {
        super(ctx);
        this.index = index;
        this.cell = cell;
        this.seed = seed;
        this.progress = progress;
        this.guardian = guardian;
        this.outcomes = new MultitaskOutcome[cell.candidates().size()][cell.spec().repeats()];
        this.total = cell.runs();
    }

    @Override
    public Receive<MultitaskCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(MultitaskCommand.RunFinished.class, this::onFinished)
                .onMessage(MultitaskCommand.RunFailed.class, m -> {
                    if (outcomes[m.candidate()][m.repeat()] != null) {
                        return this;
                    }
                    guardian.tell(new GuardianCommand.MultitaskFailed(index, m.reason()));
                    return Behaviors.stopped();
                })
                .build();
    }

    private Behavior<MultitaskCommand> startRuns() {
        int candidates = cell.candidates().size();
        while (started < total && started - done < RUNS_IN_FLIGHT) {
            int run = started++;
            int repeat = run / candidates;
            int candidate = run % candidates;
            ActorRef<MultitaskCuratorCommand> curator = getContext().spawn(
                    MultitaskCuratorActor.create(cell, candidate, repeat, seed, getContext().getSelf()),
                    "run-" + repeat + "-" + candidate,
                    DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
            getContext().watchWith(curator, new MultitaskCommand.RunFailed(candidate, repeat, "the curator of "
                    + cell.label()
                    + " repeat " + repeat + " candidate " + candidate + " stopped without a result"));
        }
        return this;
    }

    private Behavior<MultitaskCommand> onFinished(MultitaskCommand.RunFinished m) {
        if (outcomes[m.candidate()][m.repeat()] != null) {
            return this;
        }
        outcomes[m.candidate()][m.repeat()] = m.outcome();
        done++;
        progress.update(done, total, cell.label() + " run " + done + "/" + total);
        if (done == total) {
            guardian.tell(new GuardianCommand.MultitaskCompleted(index, MultitaskResult.of(cell, outcomes)));
            return Behaviors.stopped();
        }
        return startRuns();
    }
}
