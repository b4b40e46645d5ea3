package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.scenario.SubspaceEstimator;
import org.privsim.core.sim.UserTask;

/**
 * Messages a public task of a transfer run handles: the method-of-moments request, or the requests
 * of the Priv-AltMin run that a private-altmin representation makes with the public tasks as users.
 *
 * <p>Guarantee: the task answers each request exactly once, with
 * {@link TransferCuratorCommand.MomentsAnswered} or {@link TransferCuratorCommand.AltMinAnswered};
 * it never sends its rows.
 *
 * @see org.privsim.core.transfer.PublicTask
 */
public sealed interface PublicTaskCommand extends CborSerializable permits PublicTaskCommand.Moments,
        PublicTaskCommand.AltMinInit, PublicTaskCommand.AltMinRound, PublicTaskCommand.AltMinEvaluate {

    /**
     * Answer Σ y² x xᵀ over the task's rows among the first {@code publicSamples}.
     *
     * @param publicSamples n₁
     * @param estimator     which moment matrix
     * @param replyTo       the run's curator
     */
    record Moments(int publicSamples, SubspaceEstimator estimator, ActorRef<TransferCuratorCommand> replyTo)
            implements PublicTaskCommand {}

    /**
     * Answer a Priv-AltMin initialisation request on the task's rows among the first {@code publicSamples}.
     *
     * @param publicSamples n₁
     * @param task          the request
     * @param replyTo       the run's curator
     */
    record AltMinInit(int publicSamples, UserTask.Init task, ActorRef<TransferCuratorCommand> replyTo)
            implements PublicTaskCommand {}

    /**
     * Answer a Priv-AltMin U-step request (fit v on the billboard's U, return clipped statistics).
     *
     * @param publicSamples n₁
     * @param task          the request
     * @param replyTo       the run's curator
     */
    record AltMinRound(int publicSamples, UserTask.Round task, ActorRef<TransferCuratorCommand> replyTo)
            implements PublicTaskCommand {}

    /**
     * Answer a Priv-AltMin evaluation request (the squared error of the task's final model).
     *
     * @param publicSamples n₁
     * @param task          the request
     * @param replyTo       the run's curator
     */
    record AltMinEvaluate(int publicSamples, UserTask.Evaluate task, ActorRef<TransferCuratorCommand> replyTo)
            implements PublicTaskCommand {}
}
