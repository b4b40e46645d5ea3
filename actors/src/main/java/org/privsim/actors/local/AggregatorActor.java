package org.privsim.actors.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.privsim.core.data.Populations;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.AggregatorCommand.CollectEvaluate;
import org.privsim.protocol.AggregatorCommand.CollectInit;
import org.privsim.protocol.AggregatorCommand.CollectRound;
import org.privsim.protocol.AggregatorCommand.CollectionDeadline;
import org.privsim.protocol.AggregatorCommand.RangeFolded;
import org.privsim.protocol.ChainedFold;
import org.privsim.protocol.CuratorCommand;
import org.privsim.protocol.UserCommand;

/**
 * One aggregator range [first, end) of user ids: locally the parent of its users, on a cluster the
 * neighbour of their sharded entities (same shard, same node), which it reaches by their located
 * actor references. Every collection (initialisation, round, evaluation) is a chained fold
 * ({@link RangeFold}): the range's sum travels from asked user to asked user in id order, each
 * adding its answer in place — one message per user, no answer messages, no fold work on the
 * aggregator — and comes back to the aggregator, which sends one partial to the curator. The price
 * is that a slow user holds up the users after it in its range: at the deadline those not folded
 * yet are left out; a user that fails hands the fold on before it restarts.
 *
 * <p>Guarantee: exactly one partial per collection request, sent as soon as the fold came back or
 * at the request's deadline, whichever comes first; users not folded in time are not in the
 * partial's contributor ids (so the ledger does not charge them). Without faults the partial is
 * bit-identical to the sequential runner's partial of the same range. A new request abandons an
 * unfinished one; a repeated request for the collection still being folded is ignored (the partial
 * is on its way), while one for a collection already sent folds and sends it again (the partial
 * may have been lost with a node).
 */
public final class AggregatorActor extends AbstractBehavior<AggregatorCommand> {
    private final TimerScheduler<AggregatorCommand> timers;
    private final int range;
    private final int first;
    private final int dimension;
    private final PartialRoute route;
    private final List<Consumer<UserCommand>> users;

    private long collection = -1;
    private ActorRef<CuratorCommand> curator;
    private RangeFold<?> chain;
    /** The partial of the chain in progress, built from its closed sum and the number of users asked. */
    private IntFunction<CuratorCommand> chainPartial;

    /** How an aggregator reaches user {@code user}: a child actor locally, a sharded entity on a cluster. */
    @FunctionalInterface
    public interface UserDirectory {
        /** The way to tell user {@code user} a command; called once per user when the aggregator starts. */
        Consumer<UserCommand> reach(ActorContext<AggregatorCommand> ctx, int user);
    }

    /** How an aggregator hands its finished partial to the curator: a plain tell locally, chunked on a cluster. */
    @FunctionalInterface
    public interface PartialRoute {
        /** Delivers {@code partial} of collection {@code collection} and range {@code range} to {@code curator}. */
        void send(ActorContext<AggregatorCommand> ctx, ActorRef<CuratorCommand> curator, long collection, int range,
                  CuratorCommand partial);
    }

    /**
     * The behaviour of range {@code range}, ids [first, end), in one local actor system: spawns its
     * users as children on {@code userDispatcher} and tells the curator its partials directly.
     *
     * @param populations     the scenario's populations by seed, handed to every user
     * @param faults          injected faults by user id (tests only; empty otherwise)
     * @param userDispatcher  dispatcher for the users' computations
     */
    public static Behavior<AggregatorCommand> local(int range, int first, int end, Populations populations,
                                                    Map<Integer, UserFault> faults,
                                                    DispatcherSelector userDispatcher) {
        UserDirectory users = (ctx, id) -> ctx.spawn(UserActor.create(populations::get, id, faults.get(id)),
                "user-" + id, userDispatcher)::tell;
        PartialRoute route = (ctx, curator, collection, r, p) -> curator.tell(p);
        int dimension = populations.dimension();
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers ->
                new AggregatorActor(ctx, timers, range, first, end, dimension, users, route)));
    }

    /**
     * The behaviour of range {@code range}, ids [first, end), with explicit wiring.
     *
     * @param dimension d
     * @param users     how to reach each user of the range: an actor on this node (the fold is a
     *                  live object and never crosses a node)
     * @param route     how partials reach the curator
     */
    public static Behavior<AggregatorCommand> create(int range, int first, int end, int dimension,
                                                     UserDirectory users, PartialRoute route) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers ->
                new AggregatorActor(ctx, timers, range, first, end, dimension, users, route)));
    }

    private AggregatorActor(ActorContext<AggregatorCommand> ctx, TimerScheduler<AggregatorCommand> timers, int range,
                            int first, int end, int dimension, UserDirectory directory, PartialRoute route) {
        super(ctx);
        this.timers = timers;
        this.range = range;
        this.first = first;
        this.dimension = dimension;
        this.route = route;
        this.users = new ArrayList<>(end - first);
        for (int id = first; id < end; id++) {
            users.add(directory.reach(ctx, id));
        }
    }

    @Override
    public Receive<AggregatorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(CollectInit.class, this::onCollectInit)
                .onMessage(CollectRound.class, this::onCollectRound)
                .onMessage(CollectEvaluate.class, this::onCollectEvaluate)
                .onMessage(CollectionDeadline.class, this::onDeadline)
                .onMessage(RangeFolded.class, this::onRangeFolded)
                .build();
    }

    private Behavior<AggregatorCommand> onCollectInit(CollectInit m) {
        if (collecting(m.collection())) {
            return this;
        }
        InitSum sum = new InitSum(dimension, m.task().matrices());
        IntFunction<CuratorCommand> result = asked -> new CuratorCommand.InitPartial(m.collection(), range, asked,
                dimension, sum.packed(), sum.contributorIds());
        startChain(m.collection(), m.deadlineMillis(), m.replyTo(), everyoneIds(), sum,
                f -> new UserCommand.FoldInit(m.collection(), m.task(), f), result);
        return this;
    }

    private Behavior<AggregatorCommand> onCollectRound(CollectRound m) {
        if (collecting(m.collection())) {
            return this;
        }
        int rank = m.task().statisticsRank();
        RoundSum sum = new RoundSum(dimension, rank, m.task().gram());
        int[] order = Arrays.stream(everyoneIds()).filter(id -> m.task().participants().includes(id)).toArray();
        startChain(m.collection(), m.deadlineMillis(), m.replyTo(), order, sum,
                f -> new UserCommand.FoldRound(m.collection(), m.task(), f),
                count -> new CuratorCommand.RoundPartial(m.collection(), range, count, dimension, rank,
                        sum.blocks(), sum.h(), sum.contributorIds()));
        return this;
    }

    private Behavior<AggregatorCommand> onCollectEvaluate(CollectEvaluate m) {
        if (collecting(m.collection())) {
            return this;
        }
        ErrorSum sum = new ErrorSum();
        IntFunction<CuratorCommand> result = asked -> new CuratorCommand.ErrorPartial(m.collection(), range, asked,
                sum.sums(), sum.contributorIds());
        startChain(m.collection(), m.deadlineMillis(), m.replyTo(), everyoneIds(), sum,
                f -> new UserCommand.FoldEvaluate(m.collection(), m.task(), f), result);
        return this;
    }

    /**
     * The asked users fold into one travelling sum in id order ({@link RangeFold}), one message per
     * user and no per-user answer object; the partial goes out when the fold comes back or at the
     * deadline with the users folded by then.
     */
    private <S> void startChain(long id, long deadlineMillis, ActorRef<CuratorCommand> replyTo, int[] order, S sum,
                                Function<ChainedFold<S>, UserCommand> request, IntFunction<CuratorCommand> result) {
        abandonChain();
        collection = id;
        curator = replyTo;
        RangeFold<S> started = new RangeFold<>(id, sum, first, order, users, getContext().getSelf(), request);
        chain = started;
        chainPartial = result;
        timers.startSingleTimer(CollectionDeadline.class, new CollectionDeadline(id), Duration.ofMillis(deadlineMillis));
        started.start();
    }

    private Behavior<AggregatorCommand> onRangeFolded(RangeFolded m) {
        if (chain != null && m.collection() == collection) {
            finishChain();
        }
        return this;
    }

    private void finishChain() {
        timers.cancel(CollectionDeadline.class);
        chain.close();
        route.send(getContext(), curator, collection, range, chainPartial.apply(chain.askedCount()));
        chain = null;
        chainPartial = null;
        curator = null;
    }

    private void abandonChain() {
        if (chain != null) {
            chain.close();
            chain = null;
            chainPartial = null;
        }
    }

    /** Whether {@code id} is the collection still being folded (a re-request of it changes nothing). */
    private boolean collecting(long id) {
        return id == collection && chain != null;
    }

    private int[] everyoneIds() {
        return IntStream.range(first, first + users.size()).toArray();
    }

    private Behavior<AggregatorCommand> onDeadline(CollectionDeadline m) {
        if (m.collection() == collection && chain != null) {
            getContext().getLog().warn("range {}: collection {} closed at its deadline; users not folded by then"
                    + " are left out", range, m.collection());
            finishChain();
        }
        return this;
    }
}
