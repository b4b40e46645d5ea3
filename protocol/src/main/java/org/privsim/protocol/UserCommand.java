package org.privsim.protocol;

import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.UserTask;

/**
 * Requests a user actor answers: one per collection of its range's aggregator (initialisation,
 * U-step round, evaluation), each a step of the range's chained fold — the user adds its answer
 * into the travelling sum and hands the fold on. Every request carries its collection id, so a fold
 * the aggregator has closed ignores a late user.
 *
 * <p>Local only: a fold is a live object handed from actor to actor, so these messages are exempt
 * from serialize-messages and never cross a node — on a cluster a range's users are children of
 * its aggregator's sharded entity, on that entity's node.
 *
 * <p>Guarantee: a user's contribution is computed by {@link org.privsim.core.sim.UserStep} from
 * its own data — compact statistics, never raw samples.
 */
public sealed interface UserCommand extends org.apache.pekko.actor.NoSerializationVerificationNeeded
        permits UserCommand.FoldInit, UserCommand.FoldRound, UserCommand.FoldEvaluate {

    /**
     * Add the user's U-step statistics into the range's travelling sum and hand it on (only sent to
     * users the task's participants include).
     *
     * @param collection collection id
     * @param task       what to compute
     * @param fold       the range's sum, waiting for this user
     */
    record FoldRound(long collection, UserTask.Round task, ChainedFold<RoundSum> fold) implements UserCommand {}

    /**
     * Add the user's initialisation term into the range's travelling sum and hand it on.
     *
     * @param collection collection id
     * @param task       what to compute
     * @param fold       the range's sum, waiting for this user
     */
    record FoldInit(long collection, UserTask.Init task, ChainedFold<InitSum> fold) implements UserCommand {}

    /**
     * Add the user's evaluation answer into the range's travelling sum and hand it on.
     *
     * @param collection collection id
     * @param task       what to compute
     * @param fold       the range's sum, waiting for this user
     */
    record FoldEvaluate(long collection, UserTask.Evaluate task, ChainedFold<ErrorSum> fold)
            implements UserCommand {}
}
