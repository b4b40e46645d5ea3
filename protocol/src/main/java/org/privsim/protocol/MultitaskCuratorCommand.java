package org.privsim.protocol;

import org.privsim.core.multitask.TaskScore;

/**
 * Messages the curator of one multi-task run handles: its tasks' answers.
 *
 * <p>Guarantee: the curator acts only once every task answered the current request, and sums the
 * answers in task-id order, never in arrival order.
 */
public sealed interface MultitaskCuratorCommand extends CborSerializable
        permits MultitaskCuratorCommand.Answered, MultitaskCuratorCommand.Scored {

    /**
     * Task {@code task}'s clipped model.
     *
     * @param task  task id
     * @param model w̃ (d values)
     */
    record Answered(int task, double[] model) implements MultitaskCuratorCommand {}

    /**
     * Task {@code task}'s scores.
     *
     * @param task  task id
     * @param score its scores and scored model
     */
    record Scored(int task, TaskScore score) implements MultitaskCuratorCommand {}
}
