package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.indexedmean.IndexedMeanLoss;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.indexedmean.PersonData;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.BillboardPost;
import org.privsim.protocol.CellCommand;
import org.privsim.protocol.IndexedMeanCuratorCommand;
import org.privsim.protocol.PersonCommand;

/**
 * One person of an indexed-mean job. It regenerates its own data at setup from the population's
 * (task, seed, key) — the audit target builds the canary pair instead — and never receives data
 * from anyone.
 *
 * <p>Guarantees: a contribution request for a batch of rounds is answered with one message holding,
 * for each round, {@link PersonData#contribution} and {@link PersonData#unread} of that round's
 * world's data (only the target's depends on the world; the arrays are the person's own, shared,
 * never copied locally). Outputs — its separate outputs, or the coordinate j_i (its support
 * position) of each round of a billboard post — are handled by its role: in an experiment the
 * person reports {@link IndexedMeanLoss#ofPerson} per round to the cell coordinator; in an audit a
 * member of the collusion set forwards a batch's outputs to its adversary in one message and any
 * other person keeps them to itself. Answers are pure functions of the data and the request.
 */
public final class PersonActor {
    private PersonActor() {}

    /**
     * Person {@code id} of repeat {@code repeat} of experiment cell {@code cell}.
     *
     * @param clip        whether the mechanism clips contributions
     * @param coordinator receives the person's loss term for each output
     */
    public static Behavior<PersonCommand> experiment(IndexedMeanPopulation population, int id, boolean clip, int cell,
                                                     int repeat, ActorRef<CellCommand> coordinator) {
        return Behaviors.setup(ctx -> {
            PersonData data = population.person(id);
            int position = population.position(data.index());
            return answering(id, new PersonData[] {data, data}, position, clip, (firstRound, estimates) -> {
                for (double estimate : estimates) {
                    coordinator.tell(new CellCommand.LossTerm(cell, repeat, id,
                            IndexedMeanLoss.ofPerson(population, id, estimate)));
                }
            });
        });
    }

    /**
     * Person {@code id} of audit {@code audit}.
     *
     * @param target      the audit's target (holds the canary of the requested world)
     * @param canaryScale c of the canary pair
     * @param adversary   the adversary when this person is in the collusion set, else null
     */
    public static Behavior<PersonCommand> audit(IndexedMeanPopulation population, int id, boolean clip, int audit,
                                                int target, double canaryScale, ActorRef<AdversaryCommand> adversary) {
        return Behaviors.setup(ctx -> {
            PersonData[] worlds = id == target
                    ? new PersonData[] {population.canary(id, 0, canaryScale), population.canary(id, 1, canaryScale)}
                    : new PersonData[] {population.person(id), population.person(id)};
            int index = worlds[0].index();
            return answering(id, worlds, population.position(index), clip, adversary == null ? (firstRound, estimates) -> { }
                    : (firstRound, estimates) -> adversary.tell(
                            new AdversaryCommand.ForwardedOutput(audit, firstRound, id, index, estimates)));
        });
    }

    /** What a person does with the outputs of a batch it received: the estimate at its own index, per round. */
    private interface OutputHandler {
        void accept(int firstRound, double[] estimates);
    }

    private static Behavior<PersonCommand> answering(int id, PersonData[] worlds, int position, boolean clip,
                                                     OutputHandler output) {
        int index = worlds[0].index();
        double[][] contributions = {worlds[0].contribution(clip), worlds[1].contribution(clip)};
        double[] unreadShares = {worlds[0].unread(clip), worlds[1].unread(clip)};
        return Behaviors.receive(PersonCommand.class)
                .onMessage(PersonCommand.Contribute.class, m -> {
                    int[] batch = m.worlds();
                    double[][] sums = new double[batch.length][];
                    double[] unread = new double[batch.length];
                    for (int k = 0; k < batch.length; k++) {
                        sums[k] = contributions[batch[k]];
                        unread[k] = unreadShares[batch[k]];
                    }
                    m.replyTo().tell(new IndexedMeanCuratorCommand.Contribution(m.job(), m.firstRound(), id, index,
                            sums, unread));
                    return Behaviors.same();
                })
                .onMessage(PersonCommand.SeparateOutput.class, m -> {
                    output.accept(m.firstRound(), m.estimates());
                    return Behaviors.same();
                })
                .onMessage(BillboardPost.class, m -> {
                    double[][] posts = m.estimates();
                    double[] estimates = new double[posts.length];
                    for (int k = 0; k < posts.length; k++) {
                        estimates[k] = posts[k][position];
                    }
                    output.accept(m.firstRound(), estimates);
                    return Behaviors.same();
                })
                .build();
    }
}
