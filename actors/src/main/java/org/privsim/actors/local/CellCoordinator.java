package org.privsim.actors.local;

import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.indexedmean.IndexedMeanLoss;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.indexedmean.IndexedMeanRunPlan;
import org.privsim.core.run.IndexedMeanResult;
import org.privsim.core.run.Progress;
import org.privsim.protocol.CellCommand;
import org.privsim.protocol.CellCommand.LossTerm;
import org.privsim.protocol.GuardianCommand;
import org.privsim.protocol.IndexedMeanCuratorCommand;

/**
 * Runs one indexed-mean experiment cell: each repeat r is its own job — an
 * {@link IndexedMeanCuratorActor} whose persons hold the population of repeat r and release once
 * (a batch of one round) with the repeat's noise stream — with a bounded number of repeats in
 * flight. Each person reports its loss term for the output it received; the repeat's loss is
 * {@link IndexedMeanLoss#meanOfTerms} of the terms by person id, its closed form
 * {@link IndexedMeanLoss#expected}.
 *
 * <p>Guarantee: the row equals {@link org.privsim.core.run.IndexedMeanRunner#run}'s bit for bit
 * (same contributions, totals, noise and in-order sums). Sends exactly one
 * {@link GuardianCommand.CellCompleted} and stops; a curator that stops before its repeat is done
 * fails the coordinator (death pact).
 */
public final class CellCoordinator extends AbstractBehavior<CellCommand> {
    /** Repeats (each with t person actors) in flight at once. */
    static final int REPEATS_IN_FLIGHT = 4;

    private final int index;
    private final IndexedMeanRunPlan cell;
    private final long seed;
    private final Progress progress;
    private final ActorRef<GuardianCommand> guardian;
    private final IndexedMeanMechanism mechanism;
    private final double[] losses;
    private final double[] closedForms;
    private final double[][] terms;
    private final int[] received;
    private final ActorRef<?>[] curators;
    private int started;
    private int done;

    /**
     * The coordinator of cell {@code index} ({@link IndexedMeanRunPlan#cells} order).
     *
     * @param seed     the scenario's root seed
     * @param progress receives (repeats done, repeats, message)
     */
    public static Behavior<CellCommand> create(int index, IndexedMeanRunPlan cell, long seed, Progress progress,
                                               ActorRef<GuardianCommand> guardian) {
        return Behaviors.setup(ctx -> new CellCoordinator(ctx, index, cell, seed, progress, guardian).startRepeats());
    }

    private CellCoordinator(ActorContext<CellCommand> ctx, int index, IndexedMeanRunPlan cell, long seed,
                            Progress progress, ActorRef<GuardianCommand> guardian) {
        super(ctx);
        this.index = index;
        this.cell = cell;
        this.seed = seed;
        this.progress = progress;
        this.guardian = guardian;
        this.mechanism = cell.mechanism();
        int repeats = cell.spec().repeats();
        this.losses = new double[repeats];
        this.closedForms = new double[repeats];
        this.terms = new double[repeats][];
        this.received = new int[repeats];
        this.curators = new ActorRef<?>[repeats];
    }

    @Override
    public Receive<CellCommand> createReceive() {
        return newReceiveBuilder().onMessage(LossTerm.class, this::onLossTerm).build();
    }

    private Behavior<CellCommand> startRepeats() {
        while (started < losses.length && started - done < REPEATS_IN_FLIGHT) {
            start(started++);
        }
        return this;
    }

    private void start(int repeat) {
        IndexedMeanPopulation population = cell.population(seed, repeat);
        closedForms[repeat] = IndexedMeanLoss.expected(population, mechanism.claimedVariance());
        terms[repeat] = new double[population.persons()];
        ActorRef<CellCommand> self = getContext().getSelf();
        ActorRef<IndexedMeanCuratorCommand> curator = getContext().spawn(IndexedMeanCuratorActor.create(index,
                mechanism, cell.noise(seed), population.support(), population.unreadCount(), population.persons(),
                i -> PersonActor.experiment(population, i, mechanism.clips(), index, repeat, self),
                true, List.of()), "repeat-" + repeat,
                DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
        getContext().watch(curator);
        curators[repeat] = curator;
        curator.tell(new IndexedMeanCuratorCommand.Release(index, repeat, new int[] {0}));
    }

    private Behavior<CellCommand> onLossTerm(LossTerm m) {
        if (m.cell() != index || m.repeat() >= started || curators[m.repeat()] == null) {
            return this;
        }
        double[] byId = terms[m.repeat()];
        byId[m.person()] = m.loss();
        if (++received[m.repeat()] < byId.length) {
            return this;
        }
        losses[m.repeat()] = IndexedMeanLoss.meanOfTerms(byId);
        getContext().unwatch(curators[m.repeat()]);
        getContext().stop(curators[m.repeat()]);
        curators[m.repeat()] = null;
        terms[m.repeat()] = null;
        done++;
        progress.update(done, losses.length, cell.label() + " repeat " + done + "/" + losses.length);
        if (done == losses.length) {
            guardian.tell(new GuardianCommand.CellCompleted(index, IndexedMeanResult.of(cell, losses, closedForms)));
            return Behaviors.stopped();
        }
        return startRepeats();
    }
}
