package org.privsim.actors.local;

import java.util.List;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.UserTask;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.RoundFold;
import org.privsim.protocol.UserCommand;

/**
 * The local runtime's {@link RoundFold}: one range's running U-step sum, owned by whichever asked
 * user currently holds it and handed on in ascending id order, then announced to the aggregator
 * with {@link AggregatorCommand.RangeFolded}.
 *
 * <p>Guarantee: the sum receives the asked users' contributions in ascending id order, so it is
 * bit-identical to the sequential runner's range partial; additions and {@link #close} are
 * mutually exclusive (a monitor, uncontended except when a deadline races a user), so after
 * {@code close} the sum no longer changes and the closing thread sees every addition made before.
 */
final class RangeFold implements RoundFold {
    private final long collection;
    private final UserTask.Round task;
    private final RoundSum sum;
    private final int first;
    private final int[] order;
    private final List<Consumer<UserCommand>> users;
    private final ActorRef<AggregatorCommand> aggregator;
    private int position;
    private boolean closed;

    /**
     * @param first      id of the range's first user ({@code users.get(0)})
     * @param order      the asked user ids, ascending
     * @param users      how to reach each user of the range, by id − first
     * @param aggregator told {@link AggregatorCommand.RangeFolded} once the last asked user folded
     */
    RangeFold(long collection, UserTask.Round task, RoundSum sum, int first, int[] order,
              List<Consumer<UserCommand>> users, ActorRef<AggregatorCommand> aggregator) {
        this.collection = collection;
        this.task = task;
        this.sum = sum;
        this.first = first;
        this.order = order;
        this.users = users;
        this.aggregator = aggregator;
    }

    /** Hands the fold to the first asked user (or straight back when nobody was asked). */
    void start() {
        handOn();
    }

    @Override
    public void fold(int user, Consumer<RoundSum> contribution) {
        synchronized (this) {
            if (closed || position >= order.length || order[position] != user) {
                return;
            }
            if (contribution != null) {
                contribution.accept(sum);
            }
            position++;
        }
        handOn();
    }

    private void handOn() {
        int next;
        synchronized (this) {
            if (closed) {
                return;
            }
            next = position;
        }
        if (next == order.length) {
            aggregator.tell(new AggregatorCommand.RangeFolded(collection));
        } else {
            users.get(order[next] - first).accept(new UserCommand.FoldRound(collection, task, this));
        }
    }

    /** Users asked. */
    int askedCount() {
        return order.length;
    }

    /** Stops the fold and returns the sum of the users folded so far. */
    synchronized RoundSum close() {
        closed = true;
        return sum;
    }
}
