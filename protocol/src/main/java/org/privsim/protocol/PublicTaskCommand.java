package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.scenario.SubspaceEstimator;

/**
 * Messages a public task of a transfer run handles: the method-of-moments request.
 *
 * <p>Guarantee: the task answers exactly once with {@link TransferCuratorCommand.MomentsAnswered};
 * it never sends its rows.
 *
 * @see org.privsim.core.transfer.PublicTask
 */
public sealed interface PublicTaskCommand extends CborSerializable permits PublicTaskCommand.Moments {

    /**
     * Answer Σ y² x xᵀ over the task's rows among the first {@code publicSamples}.
     *
     * @param publicSamples n₁
     * @param estimator     which moment matrix
     * @param replyTo       the run's curator
     */
    record Moments(int publicSamples, SubspaceEstimator estimator, ActorRef<TransferCuratorCommand> replyTo)
            implements PublicTaskCommand {}
}
