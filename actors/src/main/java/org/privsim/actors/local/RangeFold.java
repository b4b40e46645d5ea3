package org.privsim.actors.local;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.ChainedFold;
import org.privsim.protocol.UserCommand;

/**
 * The local runtime's {@link ChainedFold}: one range's running sum (initialisation, U-step round
 * or evaluation), owned by whichever asked user currently holds it and handed on in ascending id
 * order, then announced to the aggregator with {@link AggregatorCommand.RangeFolded}.
 *
 * <p>Guarantee: the sum receives the asked users' contributions in ascending id order, so it is
 * bit-identical to the sequential runner's range partial; additions and {@link #close} are
 * mutually exclusive (a monitor, uncontended except when a deadline races a user), so after
 * {@code close} the sum no longer changes and the closing thread sees every addition made before.
 *
 * @param <S> the core sum
 */
final class RangeFold<S> implements ChainedFold<S> {
    private final long collection;
    private final S sum;
    private final int first;
    private final int[] order;
    private final List<Consumer<UserCommand>> users;
    private final ActorRef<AggregatorCommand> aggregator;
    private final UserCommand request;
    private int position;
    private boolean closed;

    /**
     * @param sum        the range's sum, empty
     * @param first      id of the range's first user ({@code users.get(0)})
     * @param order      the asked user ids, ascending
     * @param users      how to reach each user of the range, by id − first
     * @param aggregator told {@link AggregatorCommand.RangeFolded} once the last asked user folded
     * @param request    the request every asked user receives, given this fold
     */
    RangeFold(long collection, S sum, int first, int[] order, List<Consumer<UserCommand>> users,
              ActorRef<AggregatorCommand> aggregator, Function<ChainedFold<S>, UserCommand> request) {
        this.collection = collection;
        this.sum = sum;
        this.first = first;
        this.order = order;
        this.users = users;
        this.aggregator = aggregator;
        this.request = request.apply(this);
    }

    /** Hands the fold to the first asked user (or straight back when nobody was asked). */
    void start() {
        int next;
        synchronized (this) {
            if (closed) {
                return;
            }
            next = position;
        }
        handOn(next);
    }

    /**
     * {@inheritDoc} A contribution that throws is a user left out: the fold moves on to the next
     * user all the same, then the exception reaches the caller (the user actor, which then
     * restarts). Contributions compute in the sum's workspace and touch the sum only
     * once complete, so a failed computation leaves the sum as it was. One monitor section per
     * user (the addition and the choice of the next user); the next user is told outside it.
     */
    @Override
    public void fold(int user, Consumer<S> contribution) {
        RuntimeException failure = null;
        int next;
        synchronized (this) {
            if (closed || position >= order.length || order[position] != user) {
                return;
            }
            if (contribution != null) {
                try {
                    contribution.accept(sum);
                } catch (RuntimeException e) {
                    failure = e;
                }
            }
            next = ++position;
        }
        handOn(next);
        if (failure != null) {
            throw failure;
        }
    }

    /** Tells the asked user at {@code next}, or the aggregator once every asked user folded. */
    private void handOn(int next) {
        if (next == order.length) {
            aggregator.tell(new AggregatorCommand.RangeFolded(collection));
        } else {
            users.get(order[next] - first).accept(request);
        }
    }

    /** Users asked. */
    int askedCount() {
        return order.length;
    }

    /** Stops the fold and returns the sum of the users folded so far. */
    synchronized S close() {
        closed = true;
        return sum;
    }
}
