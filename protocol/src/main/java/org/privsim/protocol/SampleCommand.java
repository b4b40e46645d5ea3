package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a private-task user of a transfer run handles (it holds one row; see
 * {@link org.privsim.core.transfer.SampleHolder}).
 *
 * <p>Guarantee: a user answers every request exactly once, to {@code replyTo}, with
 * {@link TransferCuratorCommand.Answered} carrying the request's step and position; it never sends
 * its row.
 */
public sealed interface SampleCommand extends CborSerializable
        permits SampleCommand.Gradient, SampleCommand.Statistics {

    /**
     * Answer the clipped gradient at {@code model}.
     *
     * @param step     DP-SGD step
     * @param position the user's position in the step's sample
     * @param model    current model in the representation
     * @param clip     per-example clip C
     * @param replyTo  the run's curator
     */
    record Gradient(int step, int position, double[] model, double clip, ActorRef<TransferCuratorCommand> replyTo)
            implements SampleCommand {}

    /**
     * Answer the clipped sufficient statistics.
     *
     * @param clipFeature τ
     * @param clipLabel   ζ
     * @param replyTo     the run's curator
     */
    record Statistics(double clipFeature, double clipLabel, ActorRef<TransferCuratorCommand> replyTo)
            implements SampleCommand {}
}
