package org.privsim.actors.local;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.slf4j.event.Level;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.UserDataset;
import org.privsim.core.sim.UserStep;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.UserCommand;

/**
 * One user: regenerates its data set from (seed, id) at setup and answers every request with
 * {@link UserStep#respond} — compact statistics, never raw samples.
 *
 * <p>Guarantee: answers are pure functions of the user's data and the request, so they do not
 * depend on timing or on which thread runs the actor. The actor is supervised with restart: after
 * a crash its data set is rebuilt by setup and it answers the next request normally (the request
 * that crashed it is lost, so its aggregator leaves it out of that collection).
 */
public final class UserActor {
    private UserActor() {}

    /**
     * The behaviour of user {@code id}.
     *
     * @param population the shared population (U* computed once), regenerates the user's data
     * @param fault      injected fault for tests, or null
     */
    public static Behavior<UserCommand> create(LowRankData population, int id, UserFault fault) {
        return Behaviors.supervise(Behaviors.<UserCommand>setup(ctx -> answering(ctx, population.user(id), fault)))
                .onFailure(SupervisorStrategy.restart().withLogLevel(Level.WARN));
    }

    private static Behavior<UserCommand> answering(ActorContext<UserCommand> ctx, UserDataset data, UserFault fault) {
        return Behaviors.receive(UserCommand.class)
                .onMessage(UserCommand.ContributeInit.class, m -> {
                    m.replyTo().tell(new AggregatorCommand.InitAnswer(m.collection(), data.user(),
                            UserStep.respond(data, m.task())));
                    return Behaviors.same();
                })
                .onMessage(UserCommand.ContributeRound.class, m -> {
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
                .onMessage(UserCommand.EvaluateModel.class, m -> {
                    m.replyTo().tell(new AggregatorCommand.ErrorAnswer(m.collection(), data.user(),
                            UserStep.respond(data, m.task())));
                    return Behaviors.same();
                })
                .build();
    }
}
