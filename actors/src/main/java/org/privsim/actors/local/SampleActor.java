package org.privsim.actors.local;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.transfer.SampleHolder;
import org.privsim.core.transfer.TransferPopulation;
import org.privsim.protocol.SampleCommand;
import org.privsim.protocol.TransferCuratorCommand;

/**
 * One user of a transfer run's private task: it regenerates its row at setup from (seed, repeat,
 * id), sees it through the run's representation, and answers the curator's requests with a
 * {@link SampleHolder} — a clipped gradient or clipped statistics, never the row.
 *
 * <p>Guarantee: the answers are exactly those of the sequential runner's holder for the same user.
 */
public final class SampleActor {
    private SampleActor() {}

    /**
     * User {@code row} of {@code population}.
     *
     * @param basis the representation (row-major d×p), or null for none
     * @param p     the feature dimension
     */
    public static Behavior<SampleCommand> create(TransferPopulation population, int row, double[] basis, int p) {
        return Behaviors.setup(ctx -> {
            SampleHolder holder = new SampleHolder(population, row, basis, p);
            return Behaviors.receive(SampleCommand.class)
                    .onMessage(SampleCommand.Gradient.class, m -> {
                        m.replyTo().tell(new TransferCuratorCommand.Answered(m.step(), m.position(),
                                holder.gradient(m.model(), m.clip())));
                        return Behaviors.same();
                    })
                    .onMessage(SampleCommand.Statistics.class, m -> {
                        m.replyTo().tell(new TransferCuratorCommand.Answered(0, row,
                                holder.statistics(m.clipFeature(), m.clipLabel())));
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
