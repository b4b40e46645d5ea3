package org.privsim.actors.local;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.multitask.MultitaskRunPlan;
import org.privsim.core.multitask.TaskLearner;
import org.privsim.core.multitask.TaskRequest;
import org.privsim.protocol.MultitaskCuratorCommand;
import org.privsim.protocol.TaskCommand;

/**
 * One task of a multi-task run (Liang et al.): it regenerates its own data at setup from (seed,
 * repeat, task id), keeps its model between iterations, and answers the curator's requests with a
 * {@link TaskLearner} — its clipped model, or its scores at the end. Its data never leave it.
 *
 * <p>Guarantee: the answers are exactly those of the sequential runner's learner for the same task
 * (same data, same requests in the same order).
 */
public final class TaskActor {
    private TaskActor() {}

    /** Task {@code task} of repeat {@code repeat} of {@code cell}. */
    public static Behavior<TaskCommand> create(MultitaskRunPlan cell, long seed, int repeat, int task) {
        return Behaviors.setup(ctx -> {
            TaskLearner learner = new TaskLearner(cell.population(seed, repeat).task(task),
                    cell.taskSettings(seed, repeat));
            return Behaviors.receive(TaskCommand.class)
                    .onMessage(TaskCommand.Begin.class, m -> {
                        m.replyTo().tell(new MultitaskCuratorCommand.Answered(task,
                                learner.answer(new TaskRequest.Begin())));
                        return Behaviors.same();
                    })
                    .onMessage(TaskCommand.Project.class, m -> {
                        m.replyTo().tell(new MultitaskCuratorCommand.Answered(task,
                                learner.answer(new TaskRequest.Project(m.iteration(), m.projection()))));
                        return Behaviors.same();
                    })
                    .onMessage(TaskCommand.Evaluate.class, m -> {
                        m.replyTo().tell(new MultitaskCuratorCommand.Scored(task,
                                learner.evaluate(new TaskRequest.Evaluate(m.shared()))));
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
