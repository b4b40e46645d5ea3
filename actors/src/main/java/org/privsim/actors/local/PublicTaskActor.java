package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.data.UserDataset;
import org.privsim.core.sim.UserTask;
import org.privsim.core.transfer.PublicTask;
import org.privsim.core.transfer.TransferPopulation;
import org.privsim.protocol.PublicTaskCommand;
import org.privsim.protocol.TransferCuratorCommand;

/**
 * One public task of a transfer run: it regenerates its public rows from (seed, repeat, row) and
 * answers the method-of-moments request with {@link PublicTask#moments}, or, as a Priv-AltMin user
 * (representation private-altmin), each request with {@link PublicTask#answer} on its rows built once
 * ({@link PublicTask#altMinData}) — never with its rows.
 *
 * <p>Guarantee: every answer is exactly the sequential runner's for the same task.
 */
public final class PublicTaskActor {
    private PublicTaskActor() {}

    /** Public task {@code task} of {@code population}. */
    public static Behavior<PublicTaskCommand> create(TransferPopulation population, int task) {
        UserDataset[] rows = new UserDataset[1];
        return Behaviors.receive(PublicTaskCommand.class)
                .onMessage(PublicTaskCommand.Moments.class, m -> {
                    m.replyTo().tell(new TransferCuratorCommand.MomentsAnswered(task,
                            PublicTask.moments(population, task, m.publicSamples(), m.estimator())));
                    return Behaviors.same();
                })
                .onMessage(PublicTaskCommand.AltMinInit.class,
                        m -> answer(population, task, rows, m.publicSamples(), m.task(), m.replyTo()))
                .onMessage(PublicTaskCommand.AltMinRound.class,
                        m -> answer(population, task, rows, m.publicSamples(), m.task(), m.replyTo()))
                .onMessage(PublicTaskCommand.AltMinEvaluate.class,
                        m -> answer(population, task, rows, m.publicSamples(), m.task(), m.replyTo()))
                .build();
    }

    private static Behavior<PublicTaskCommand> answer(TransferPopulation population, int task, UserDataset[] rows,
            int publicSamples, UserTask request, ActorRef<TransferCuratorCommand> replyTo) {
        if (rows[0] == null) {
            rows[0] = PublicTask.altMinData(population, task, publicSamples);
        }
        replyTo.tell(new TransferCuratorCommand.AltMinAnswered(task, PublicTask.answer(rows[0], request)));
        return Behaviors.same();
    }
}
