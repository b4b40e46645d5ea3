package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a multi-task task actor handles: the curator's requests of Liang et al. Alg. 2/3 and the
 * baselines (see {@link org.privsim.core.multitask.TaskRequest}).
 *
 * <p>Guarantee: a task answers every request exactly once, to {@code replyTo}, in the order the
 * requests arrive; it never sends its data, only its clipped model or its scores.
 */
public sealed interface TaskCommand extends CborSerializable
        permits TaskCommand.Begin, TaskCommand.Project, TaskCommand.Evaluate {

    /**
     * Form w⁽⁰⁾ and answer with the clipped copy ({@link MultitaskCuratorCommand.Answered}).
     *
     * @param replyTo the run's curator
     */
    record Begin(ActorRef<MultitaskCuratorCommand> replyTo) implements TaskCommand {}

    /**
     * Project with M, step, and answer with the clipped new model ({@link MultitaskCuratorCommand.Answered}).
     *
     * @param iteration  t, 1-based
     * @param projection M row-major d×d, or its diagonal
     * @param replyTo    the run's curator
     */
    record Project(int iteration, double[] projection, ActorRef<MultitaskCuratorCommand> replyTo)
            implements TaskCommand {}

    /**
     * Score the final model ({@link MultitaskCuratorCommand.Scored}).
     *
     * @param shared  the released shared model (dp-aggr), or null
     * @param replyTo the run's curator
     */
    record Evaluate(double[] shared, ActorRef<MultitaskCuratorCommand> replyTo) implements TaskCommand {}
}
