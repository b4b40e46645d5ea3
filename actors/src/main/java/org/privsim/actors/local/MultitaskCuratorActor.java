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
import org.privsim.core.multitask.MultitaskCurator;
import org.privsim.core.multitask.MultitaskRunPlan;
import org.privsim.core.multitask.TaskRequest;
import org.privsim.core.multitask.TaskScore;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.protocol.MultitaskCommand;
import org.privsim.protocol.MultitaskCuratorCommand;
import org.privsim.protocol.TaskCommand;

/**
 * The curator of one multi-task run (one candidate, one repeat): spawns one {@link TaskActor}
 * per task, sends every task the {@link MultitaskCurator}'s request, and once every task answered
 * hands the answers to it in task-id order; the Wishart noise, the ledger and the projection are
 * the core curator's.
 *
 * <p>Guarantee: the outcome equals the sequential runner's for the same run bit for bit; the actor
 * reports exactly once to its coordinator — {@link MultitaskCommand.RunFinished}, or
 * {@link MultitaskCommand.RunFailed} when the ledger refuses a release — and stops (with its tasks).
 */
public final class MultitaskCuratorActor extends AbstractBehavior<MultitaskCuratorCommand> {
    private final MultitaskCurator curator;
    private final int candidate;
    private final int repeat;
    private final ActorRef<MultitaskCommand> coordinator;
    private final List<ActorRef<TaskCommand>> tasks = new ArrayList<>();
    private double[][] models;
    private TaskScore[] scores;
    private int answered;

    /**
     * The curator of run (candidate {@code candidate}, repeat {@code repeat}) of {@code cell}.
     *
     * @param coordinator receives the run's outcome
     */
    public static Behavior<MultitaskCuratorCommand> create(MultitaskRunPlan cell, int candidate, int repeat,
                                                          long seed, ActorRef<MultitaskCommand> coordinator) {
        return Behaviors.setup(ctx -> new MultitaskCuratorActor(ctx, cell, candidate, repeat, seed, coordinator)
                .send(null));
    }

    private MultitaskCuratorActor(ActorContext<MultitaskCuratorCommand> ctx, MultitaskRunPlan cell, int candidate,
                                  int repeat, long seed, ActorRef<MultitaskCommand> coordinator) {
        super(ctx);
        this.curator = new MultitaskCurator(cell, candidate, repeat, seed);
        this.candidate = candidate;
        this.repeat = repeat;
        this.coordinator = coordinator;
        for (int i = 0; i < cell.task().tasks(); i++) {
            tasks.add(ctx.spawn(TaskActor.create(cell, seed, repeat, i), "task-" + i,
                    DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER)));
        }
    }

    @Override
    public Receive<MultitaskCuratorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(MultitaskCuratorCommand.Answered.class, this::onAnswered)
                .onMessage(MultitaskCuratorCommand.Scored.class, this::onScored)
                .build();
    }

    /** Sends the next request ({@code previous == null}: the first) to every task. */
    private Behavior<MultitaskCuratorCommand> send(double[][] previous) {
        TaskRequest request;
        try {
            request = previous == null ? curator.start() : curator.onModels(previous);
        } catch (BudgetExceededException e) {
            coordinator.tell(new MultitaskCommand.RunFailed(candidate, repeat, e.getMessage()));
            return Behaviors.stopped();
        }
        answered = 0;
        ActorRef<MultitaskCuratorCommand> self = getContext().getSelf();
        if (request instanceof TaskRequest.Evaluate evaluate) {
            models = null;
            scores = new TaskScore[tasks.size()];
            tasks.forEach(t -> t.tell(new TaskCommand.Evaluate(evaluate.shared(), self)));
        } else if (request instanceof TaskRequest.Project project) {
            models = new double[tasks.size()][];
            tasks.forEach(t -> t.tell(new TaskCommand.Project(project.iteration(), project.projection(), self)));
        } else {
            models = new double[tasks.size()][];
            tasks.forEach(t -> t.tell(new TaskCommand.Begin(self)));
        }
        return this;
    }

    private Behavior<MultitaskCuratorCommand> onAnswered(MultitaskCuratorCommand.Answered m) {
        models[m.task()] = m.model();
        return ++answered < models.length ? this : send(models);
    }

    private Behavior<MultitaskCuratorCommand> onScored(MultitaskCuratorCommand.Scored m) {
        scores[m.task()] = m.score();
        if (++answered < scores.length) {
            return this;
        }
        coordinator.tell(new MultitaskCommand.RunFinished(candidate, repeat, curator.onScores(scores)));
        return Behaviors.stopped();
    }
}
