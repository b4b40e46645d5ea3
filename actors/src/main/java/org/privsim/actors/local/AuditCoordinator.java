package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntConsumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.audit.AuditGames;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.IndexedMeanGame;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.run.Progress;
import org.privsim.core.scenario.Scenario;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AuditCommand;
import org.privsim.protocol.AuditCommand.TrialScore;
import org.privsim.protocol.GameWorkerCommand;
import org.privsim.protocol.GuardianCommand;
import org.privsim.protocol.IndexedMeanCuratorCommand;

/**
 * Runs one audit's distinguishing game: trial r in world r % 2 for r = 0..trials−1, at most a
 * bounded number of trials in flight, scores collected by trial index, then
 * {@link AuditResult#of} sent to the guardian.
 *
 * <p>Indexed-mean audits run on actors: an {@link AdversaryActor} (collusion set and target of the
 * spec), placed by an {@link AdversaryWiring} (a child here, a node with role {@code adversary} on
 * a cluster), and, once it is ready, an {@link IndexedMeanCuratorActor} whose persons hold the
 * audit population (seed, key (1, audit)) and, for the target, the canary; trial openings,
 * colluders' separate outputs and the curator's billboard posts all go to the inbox the wiring gave.
 * No trial starts before the adversary is ready. A trial is opened by telling the adversary and
 * asking the curator to release with the trial's noise stream. Priv-altmin audits
 * farm trials out to {@link GameWorker}s on the compute dispatcher: there the mechanism, its
 * published U's and the adversary all live inside the core game.
 *
 * <p>Guarantee: the scores array equals the sequential {@link AuditGames#play}'s bit for bit
 * (every score is pure in (audit, trial, world)), so the row is identical. Sends exactly one
 * {@link GuardianCommand.AuditCompleted} and stops; a child that stops fails the coordinator
 * (death pact), which the guardian reports as the audit's failure; an adversary that cannot be
 * placed or stops (wherever it runs) sends the guardian one {@link GuardianCommand.AuditFailed}
 * with the reason, and the coordinator stops.
 */
public final class AuditCoordinator extends AbstractBehavior<AuditCommand> {
    /** Indexed-mean trials in flight at once. */
    static final int INDEXED_MEAN_IN_FLIGHT = 64;

    private final int audit;
    private final AuditSpec spec;
    private final Progress progress;
    private final ActorRef<GuardianCommand> guardian;
    private final long seed;
    private IntConsumer play;
    private final double[] scores;
    private final BitSet scored = new BitSet();
    private final int reportEvery;
    private final int inFlight;
    private int started;
    private int done;

    /**
     * The coordinator of audit {@code audit} of {@code scenario}.
     *
     * @param adversaries where an indexed-mean audit's adversary is placed
     * @param progress    receives (trials scored, trials, message) as trials finish
     */
    public static Behavior<AuditCommand> create(Scenario scenario, int audit, AdversaryWiring adversaries,
                                                Progress progress, ActorRef<GuardianCommand> guardian) {
        return Behaviors.setup(ctx -> new AuditCoordinator(ctx, scenario, audit, adversaries, progress, guardian)
                .startTrials());
    }

    private AuditCoordinator(ActorContext<AuditCommand> ctx, Scenario scenario, int audit,
                             AdversaryWiring adversaries, Progress progress, ActorRef<GuardianCommand> guardian) {
        super(ctx);
        this.audit = audit;
        this.spec = scenario.audits().get(audit);
        this.progress = progress;
        this.guardian = guardian;
        this.scores = new double[spec.trials()];
        this.reportEvery = Math.max(1, spec.trials() / 100);
        boolean indexedMean = spec.algorithm().isIndexedMean();
        this.inFlight = indexedMean ? INDEXED_MEAN_IN_FLIGHT : Math.max(2, Runtime.getRuntime().availableProcessors());
        this.seed = scenario.seed();
        if (indexedMean) {
            adversaries.place(ctx, scenario, audit);
        } else {
            play = gameWorkers(ctx, scenario);
        }
    }

    /** Once the adversary is ready: spawns the curator and its persons, and starts the trials. */
    private Behavior<AuditCommand> onAdversaryReady(AuditCommand.AdversaryReady m) {
        if (m.audit() != audit || play != null) {
            return this;
        }
        ActorContext<AuditCommand> ctx = getContext();
        IndexedMeanPopulation population = IndexedMeanGame.population(spec, audit, seed);
        IndexedMeanMechanism mechanism = IndexedMeanGame.mechanism(spec);
        int t = population.persons();
        boolean[] colluding = new boolean[t];
        for (int c : spec.collusion().members(t, spec.target())) {
            colluding[c] = true;
        }
        ActorRef<AdversaryCommand> adversary = m.adversary();
        ActorRef<IndexedMeanCuratorCommand> curator = ctx.spawn(IndexedMeanCuratorActor.create(audit, mechanism,
                trial -> IndexedMeanGame.noise(seed, audit, trial), t,
                i -> PersonActor.audit(population, i, mechanism.clips(), audit, spec.target(), spec.canaryScale(),
                        colluding[i] ? adversary : null),
                false, List.of(adversary.narrow())), "curator", DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
        ctx.watch(curator);
        play = trial -> {
            adversary.tell(new AdversaryCommand.TrialOpened(audit, trial));
            curator.tell(new IndexedMeanCuratorCommand.Release(audit, trial, trial % 2));
        };
        return startTrials();
    }

    private Behavior<AuditCommand> onAdversaryLost(AuditCommand.AdversaryLost m) {
        if (m.audit() != audit) {
            return this;
        }
        guardian.tell(new GuardianCommand.AuditFailed(audit, m.reason()));
        return Behaviors.stopped();
    }

    /** Spawns one game worker per trial in flight (one per core); returns how a trial is handed out. */
    private IntConsumer gameWorkers(ActorContext<AuditCommand> ctx, Scenario scenario) {
        DistinguishingGame game = AuditGames.of(scenario, audit);
        DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
        List<ActorRef<GameWorkerCommand>> workers = new ArrayList<>();
        for (int w = 0; w < inFlight; w++) {
            ActorRef<GameWorkerCommand> worker = ctx.spawn(GameWorker.create(game), "worker-" + w, compute);
            ctx.watch(worker);
            workers.add(worker);
        }
        return trial -> workers.get(trial % workers.size())
                .tell(new GameWorkerCommand.PlayTrial(audit, trial, trial % 2, ctx.getSelf()));
    }

    @Override
    public Receive<AuditCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(TrialScore.class, this::onScore)
                .onMessage(AuditCommand.AdversaryReady.class, this::onAdversaryReady)
                .onMessage(AuditCommand.AdversaryLost.class, this::onAdversaryLost)
                .build();
    }

    private Behavior<AuditCommand> startTrials() {
        while (play != null && started < scores.length && started - done < inFlight) {
            play.accept(started++);
        }
        return this;
    }

    private Behavior<AuditCommand> onScore(TrialScore m) {
        if (m.audit() != audit || m.trial() >= started || scored.get(m.trial())) {
            return this;
        }
        scores[m.trial()] = m.score();
        scored.set(m.trial());
        done++;
        if (done % reportEvery == 0 || done == scores.length) {
            progress.update(done, scores.length, "audit " + audit + ": " + done + "/" + scores.length + " trials");
        }
        if (done == scores.length) {
            guardian.tell(new GuardianCommand.AuditCompleted(audit,
                    AuditResult.of(spec, audit, AuditGames.population(spec), scores)));
            return Behaviors.stopped();
        }
        return startTrials();
    }
}
