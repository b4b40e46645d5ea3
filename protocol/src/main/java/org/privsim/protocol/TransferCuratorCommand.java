package org.privsim.protocol;

import org.privsim.core.transfer.PublicAltMinAnswer;

/**
 * Messages the curator of one transfer run handles: its participants' answers.
 *
 * <p>Guarantee: the curator acts only once every participant asked has answered the current
 * request, and hands the answers to the core driver in request order, never in arrival order.
 */
public sealed interface TransferCuratorCommand extends CborSerializable
        permits TransferCuratorCommand.MomentsAnswered, TransferCuratorCommand.AltMinAnswered,
        TransferCuratorCommand.Answered {

    /**
     * Public task {@code task}'s partial moment sum.
     *
     * @param task    public task id
     * @param partial Σ y² x xᵀ over its rows, row-major d×d
     */
    record MomentsAnswered(int task, double[] partial) implements TransferCuratorCommand {}

    /**
     * Public task {@code task}'s answer to the current Priv-AltMin request (representation private-altmin).
     *
     * @param task   public task id
     * @param answer its answer
     */
    record AltMinAnswered(int task, PublicAltMinAnswer answer) implements TransferCuratorCommand {}

    /**
     * A user's answer to the current private request.
     *
     * @param request  sequence number of the request answered (the DP-SGD step; 0 for statistics)
     * @param position the user's position in the request's list
     * @param answer   its clipped gradient or clipped statistics
     */
    record Answered(int request, int position, double[] answer) implements TransferCuratorCommand {}
}
