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
 * <p>Guarantees: a contribution request is answered with {@link PersonData#contribution} of the
 * requested world's data (only the target's depends on the world). An output — its separate output,
 * or the coordinate j_i of a billboard post — is handled by its role: in an experiment the person
 * reports {@link IndexedMeanLoss#ofPerson} to the cell coordinator; in an audit a member of the
 * collusion set forwards it to its adversary and any other person keeps it to itself. Answers are
 * pure functions of the data and the request.
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
            return answering(id, new PersonData[] {data, data}, clip, (round, estimate) -> coordinator.tell(
                    new CellCommand.LossTerm(cell, repeat, id, IndexedMeanLoss.ofPerson(population, id, estimate))));
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
            return answering(id, worlds, clip, adversary == null ? (round, estimate) -> { }
                    : (round, estimate) -> adversary.tell(
                            new AdversaryCommand.ForwardedOutput(audit, round, id, index, estimate)));
        });
    }

    /** What a person does with an output it received: the estimate at its own index. */
    private interface OutputHandler {
        void accept(int round, double estimate);
    }

    private static Behavior<PersonCommand> answering(int id, PersonData[] worlds, boolean clip, OutputHandler output) {
        int index = worlds[0].index();
        return Behaviors.receive(PersonCommand.class)
                .onMessage(PersonCommand.Contribute.class, m -> {
                    PersonData data = worlds[m.world()];
                    m.replyTo().tell(new IndexedMeanCuratorCommand.Contribution(m.job(), m.round(),
                            id, index, data.contribution(clip)));
                    return Behaviors.same();
                })
                .onMessage(PersonCommand.SeparateOutput.class, m -> {
                    output.accept(m.round(), m.estimate());
                    return Behaviors.same();
                })
                .onMessage(BillboardPost.class, m -> {
                    output.accept(m.round(), m.estimates()[index]);
                    return Behaviors.same();
                })
                .build();
    }
}
