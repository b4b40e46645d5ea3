package org.privsim.actors.local;

import java.util.function.Function;
import java.util.function.LongFunction;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.ExtensibleBehavior;
import org.apache.pekko.actor.typed.Signal;
import org.apache.pekko.actor.typed.TypedActorContext;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;
import org.privsim.protocol.ChainedFold;
import org.privsim.protocol.UserCommand;

/**
 * One user: generates its data set from (task, seed, id) when the first request arrives — the seed
 * being the population the request names ({@link UserTask#population()}) — regenerates it when a
 * request names another population (the next repeat), and answers every request of its range's
 * chained folds ({@link UserCommand.FoldInit}, {@link UserCommand.FoldRound},
 * {@link UserCommand.FoldEvaluate}) by adding its answer — compact statistics from
 * {@link UserStep}, never raw samples — straight into the range's travelling sum (a round's
 * statistics with {@link UserStep#foldRound}, never materialising G) and handing the sum on. The
 * local runner spawns users as its aggregators' children; on a cluster a user entity starts one.
 *
 * <p>A user is one {@link ExtensibleBehavior} that dispatches on the sealed {@link UserCommand}
 * with a chain of type tests, the hottest (a round's fold) first: Pekko's receive builder walks a
 * list of cases per message and cost a quarter of a chained-fold hop more (measured with 20,000
 * users in chains of 1,000 on 2 cores).
 *
 * <p>A user restarts itself: a request that fails is logged at WARN with its exception and the
 * user drops its state (its data set, rebuilt from (seed, id) on the next request) — what Pekko's
 * restart supervisor did, without the supervisor's interceptor on every message and its behaviour
 * stack at every spawn (fifty thousand users per run at paper scale). Failures never escape to
 * Pekko, so the actor is never stopped by one.
 *
 * <p>Guarantee: answers are pure functions of the user's data and the request, so they do not
 * depend on timing or on which thread runs the actor. After a failure the next request is answered
 * normally from a rebuilt data set (the request that failed is lost, so its aggregator leaves the
 * user out of that collection).
 */
public final class UserActor extends ExtensibleBehavior<UserCommand> {
    private final LongFunction<UserPopulation> populations;
    private final int id;
    private final UserFault fault;
    private UserDataset data;
    private long seed;
    /** The collection whose fold this user already held back for its injected delay. */
    private long delayedCollection = -1;

    /**
     * The behaviour of user {@code id}.
     *
     * @param populations the shared populations by seed (U* computed once each); regenerate the user's data
     * @param fault       injected fault for tests, or null
     */
    public static Behavior<UserCommand> create(LongFunction<UserPopulation> populations, int id, UserFault fault) {
        return new UserActor(populations, id, fault);
    }

    private UserActor(LongFunction<UserPopulation> populations, int id, UserFault fault) {
        this.populations = populations;
        this.id = id;
        this.fault = fault;
    }

    @Override
    public Behavior<UserCommand> receive(TypedActorContext<UserCommand> context, UserCommand m) {
        try {
            if (m instanceof UserCommand.FoldRound r) {
                onFoldRound(r, context.asJava());
            } else if (m instanceof UserCommand.FoldInit f) {
                onFoldInit(f);
            } else if (m instanceof UserCommand.FoldEvaluate f) {
                foldAnswer(f.task(), f.fold(), d -> UserStep.respond(d, f.task()), ErrorSum::add);
            }
        } catch (RuntimeException e) {
            context.asJava().getLog().warn("user {} failed and restarts: {}", id, e.toString(), e);
            data = null;
            delayedCollection = -1;
        }
        return Behaviors.same();
    }

    @Override
    public Behavior<UserCommand> receiveSignal(TypedActorContext<UserCommand> context, Signal signal) {
        return Behaviors.same();
    }

    /** The user's data set of the population {@code task} names, rebuilt when it names another one. */
    private UserDataset of(UserTask task) {
        if (data == null || seed != task.population()) {
            data = null; // let the previous population's data go before the next is built
            data = populations.apply(task.population()).user(id);
            seed = task.population();
        }
        return data;
    }

    private void onFoldRound(UserCommand.FoldRound m, ActorContext<UserCommand> ctx) {
        UserDataset d = dataFor(m.task(), m.fold());
        boolean faulty = fault != null && fault.appliesTo(m.task().round());
        if (faulty && fault.crash()) {
            // A user that fails while holding its range's fold hands it on first, so only its own
            // contribution is lost.
            m.fold().fold(id, null);
            throw new IllegalStateException("injected crash of user " + id + " in round " + m.task().round());
        }
        if (faulty && delayedCollection != m.collection()) {
            // A slow user holds the fold (and so its range's later users) for its delay.
            delayedCollection = m.collection();
            ctx.scheduleOnce(fault.delay(), ctx.getSelf(), m);
            return;
        }
        m.fold().fold(id, sum -> UserStep.foldRound(d, m.task(), sum));
    }

    /**
     * Adds the user's initialisation terms to the travelling sum, computed in the sum's workspace
     * ({@link UserStep#foldInit}: no per-user array). A computation that fails leaves the sum as it
     * was, hands the fold on ({@link RangeFold}) and then fails this user.
     */
    private void onFoldInit(UserCommand.FoldInit m) {
        UserDataset d = dataFor(m.task(), m.fold());
        m.fold().fold(id, sum -> UserStep.foldInit(d, m.task(), sum));
    }

    /** The user's data set, or — when building it fails — the fold handed on without this user, then the failure. */
    private UserDataset dataFor(UserTask task, ChainedFold<?> fold) {
        try {
            return of(task);
        } catch (RuntimeException e) {
            fold.fold(id, null);
            throw e;
        }
    }

    /** Adds one user's answer to a sum: {@code sum.add(user, answer)}. */
    @FunctionalInterface
    private interface AddAnswer<S> {
        void add(S sum, int user, double[] answer);
    }

    /**
     * Computes the user's answer (building its data set first if needed) and adds it to the
     * travelling sum. The answer is complete before the sum is touched, so a computation that
     * fails leaves the sum as it was: the user hands the fold on without a contribution (left out,
     * like a user that misses the deadline) and then fails, to restart ({@link #receive}).
     */
    private <S> void foldAnswer(UserTask task, ChainedFold<S> fold, Function<UserDataset, double[]> compute,
                                AddAnswer<S> add) {
        double[] answer;
        try {
            answer = compute.apply(of(task));
        } catch (RuntimeException e) {
            fold.fold(id, null);
            throw e;
        }
        fold.fold(id, sum -> add.add(sum, id, answer));
    }
}
