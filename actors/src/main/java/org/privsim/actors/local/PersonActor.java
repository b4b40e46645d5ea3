package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.indexedmean.PersonData;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.IndexedMeanCuratorCommand;
import org.privsim.protocol.PersonCommand;

/**
 * One person of an indexed-mean audit (experiments run on the seam). It regenerates its own data at
 * setup from the population's (task, seed, key) — the audit target builds the canary pair instead —
 * and never receives data from anyone.
 *
 * <p>Guarantees: a contribution request for a batch of rounds is answered with one message holding,
 * for each round, {@link PersonData#contribution} and {@link PersonData#unread} of that round's
 * world's data (only the target's depends on the world; the arrays are the person's own, shared,
 * never copied locally). Of its separate outputs (billboard posts go to the adversary directly), a
 * member of the collusion set forwards a batch's to its adversary in one message and any other
 * person keeps them to itself. Answers are pure functions of the data and the request.
 */
public final class PersonActor {
    private PersonActor() {}

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
            return answering(id, worlds, clip, adversary == null ? (firstRound, estimates) -> { }
                    : (firstRound, estimates) -> adversary.tell(
                            new AdversaryCommand.ForwardedOutput(audit, firstRound, id, index, estimates)));
        });
    }

    /** What a person does with the separate outputs of a batch it received: the estimate at its own index, per round. */
    private interface OutputHandler {
        void accept(int firstRound, double[] estimates);
    }

    private static Behavior<PersonCommand> answering(int id, PersonData[] worlds, boolean clip, OutputHandler output) {
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
                .build();
    }
}
