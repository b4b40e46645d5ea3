package org.privsim.actors.local;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.transfer.PublicTask;
import org.privsim.core.transfer.TransferPopulation;
import org.privsim.protocol.PublicTaskCommand;
import org.privsim.protocol.TransferCuratorCommand;

/**
 * One public task of a transfer run: it regenerates its public rows from (seed, repeat, row) and
 * answers the method-of-moments request with {@link PublicTask#moments}, never with its rows.
 *
 * <p>Guarantee: the answer is exactly the sequential runner's for the same task.
 */
public final class PublicTaskActor {
    private PublicTaskActor() {}

    /** Public task {@code task} of {@code population}. */
    public static Behavior<PublicTaskCommand> create(TransferPopulation population, int task) {
        return Behaviors.receive(PublicTaskCommand.class)
                .onMessage(PublicTaskCommand.Moments.class, m -> {
                    m.replyTo().tell(new TransferCuratorCommand.MomentsAnswered(task,
                            PublicTask.moments(population, task, m.publicSamples(), m.estimator())));
                    return Behaviors.same();
                })
                .build();
    }
}
