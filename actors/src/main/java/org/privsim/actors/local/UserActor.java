package org.privsim.actors.local;

import java.util.function.Function;
import java.util.function.LongFunction;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.slf4j.event.Level;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.data.UserDataset;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.ChainedFold;
import org.privsim.protocol.UserCommand;

/**
 * One user: generates its data set from (task, seed, id) when the first request arrives — the seed
 * being the population the request names ({@link UserTask#population()}) — regenerates it when a
 * request names another population (the next repeat), and answers every request with
 * {@link UserStep#respond} — compact statistics, never raw samples — or, in the local runtime's
 * chained folds ({@link UserCommand.FoldInit}, {@link UserCommand.FoldRound},
 * {@link UserCommand.FoldEvaluate}), adds its answer straight into its range's travelling sum (a
 * round's statistics with {@link UserStep#foldRound}, never materialising G) and hands the sum on.
 *
 * <p>Guarantee: answers are pure functions of the user's data and the request, so they do not
 * depend on timing or on which thread runs the actor. The actor is supervised with restart: after
 * a crash its data set is rebuilt on the next request, which it answers normally (the request
 * that crashed it is lost, so its aggregator leaves it out of that collection).
 */
public final class UserActor {
    private UserActor() {}

    /**
     * The behaviour of user {@code id}.
     *
     * @param populations the shared populations by seed (U* computed once each); regenerate the user's data
     * @param fault       injected fault for tests, or null
     */
    public static Behavior<UserCommand> create(LongFunction<UserPopulation> populations, int id, UserFault fault) {
        return Behaviors.supervise(Behaviors.<UserCommand>setup(ctx -> answering(ctx, new Holder(populations, id),
                        fault)))
                .onFailure(SupervisorStrategy.restart().withLogLevel(Level.WARN));
    }

    /** The user's data set of the population last asked for. */
    private static final class Holder {
        private final LongFunction<UserPopulation> populations;
        private final int id;
        private UserDataset data;
        private long seed;
        /** The collection whose fold this user already held back for its injected delay. */
        private long delayedCollection = -1;

        Holder(LongFunction<UserPopulation> populations, int id) {
            this.populations = populations;
            this.id = id;
        }

        UserDataset of(UserTask task) {
            if (data == null || seed != task.population()) {
                data = null; // let the previous population's data go before the next is built
                data = populations.apply(task.population()).user(id);
                seed = task.population();
            }
            return data;
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
     * like a user that misses the deadline) and then fails, to be restarted by its supervisor.
     */
    private static <S> void foldAnswer(Holder holder, UserTask task, ChainedFold<S> fold,
                                       Function<UserDataset, double[]> compute, AddAnswer<S> add) {
        double[] answer;
        try {
            answer = compute.apply(holder.of(task));
        } catch (RuntimeException e) {
            fold.fold(holder.id, null);
            throw e;
        }
        fold.fold(holder.id, sum -> add.add(sum, holder.id, answer));
    }

    private static Behavior<UserCommand> answering(ActorContext<UserCommand> ctx, Holder holder, UserFault fault) {
        return Behaviors.receive(UserCommand.class)
                .onMessage(UserCommand.ContributeInit.class, m -> {
                    UserDataset data = holder.of(m.task());
                    m.replyTo().tell(new AggregatorCommand.InitAnswer(m.collection(), data.user(),
                            UserStep.respond(data, m.task())));
                    return Behaviors.same();
                })
                .onMessage(UserCommand.ContributeRound.class, m -> {
                    UserDataset data = holder.of(m.task());
                    boolean faulty = fault != null && fault.appliesTo(m.task().round());
                    if (faulty && fault.crash()) {
                        throw new IllegalStateException("injected crash of user " + data.user()
                                + " in round " + m.task().round());
                    }
                    AggregatorCommand answer = new AggregatorCommand.RoundAnswer(m.collection(),
                            UserStep.respond(data, m.task()));
                    if (faulty) {
                        ctx.scheduleOnce(fault.delay(), m.replyTo(), answer);
                    } else {
                        m.replyTo().tell(answer);
                    }
                    return Behaviors.same();
                })
                .onMessage(UserCommand.FoldRound.class, m -> {
                    UserDataset data = holder.of(m.task());
                    boolean faulty = fault != null && fault.appliesTo(m.task().round());
                    if (faulty && fault.crash()) {
                        // A user that fails while holding its range's fold hands it on first, so
                        // only its own contribution is lost.
                        m.fold().fold(data.user(), null);
                        throw new IllegalStateException("injected crash of user " + data.user()
                                + " in round " + m.task().round());
                    }
                    if (faulty && holder.delayedCollection != m.collection()) {
                        // A slow user holds the fold (and so its range's later users) for its delay.
                        holder.delayedCollection = m.collection();
                        ctx.scheduleOnce(fault.delay(), ctx.getSelf(), m);
                        return Behaviors.same();
                    }
                    m.fold().fold(data.user(), sum -> UserStep.foldRound(data, m.task(), sum));
                    return Behaviors.same();
                })
                .onMessage(UserCommand.FoldInit.class, m -> {
                    foldAnswer(holder, m.task(), m.fold(), data -> UserStep.respond(data, m.task()), InitSum::add);
                    return Behaviors.same();
                })
                .onMessage(UserCommand.FoldEvaluate.class, m -> {
                    foldAnswer(holder, m.task(), m.fold(), data -> UserStep.respond(data, m.task()), ErrorSum::add);
                    return Behaviors.same();
                })
                .onMessage(UserCommand.EvaluateModel.class, m -> {
                    UserDataset data = holder.of(m.task());
                    m.replyTo().tell(new AggregatorCommand.ErrorAnswer(m.collection(), data.user(),
                            UserStep.respond(data, m.task())));
                    return Behaviors.same();
                })
                .build();
    }
}
