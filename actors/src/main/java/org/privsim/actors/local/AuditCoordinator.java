package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
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
import org.privsim.protocol.AuditCommand.TrialScores;
import org.privsim.protocol.GameWorkerCommand;
import org.privsim.protocol.GuardianCommand;
import org.privsim.protocol.IndexedMeanCuratorCommand;

/**
 * Runs one audit's distinguishing game: trial r in world r % 2 for r = 0..trials−1, handed out in
 * batches of consecutive trials with a bounded number of trials in flight, scores collected by
 * trial index, then {@link AuditResult#of} sent to the guardian.
 *
 * <p>Indexed-mean audits run on actors: an {@link AdversaryActor} (collusion set and target of the
 * spec), placed by an {@link AdversaryWiring} (a child here, a node with role {@code adversary} on
 * a cluster), and, once it is ready, an {@link IndexedMeanCuratorActor} whose persons hold the
 * audit population (seed, key (1, audit)) and, for the target, the canary; batch openings,
 * colluders' separate outputs and the curator's billboard posts all go to the inbox the wiring gave.
 * No trial starts before the adversary is ready. A batch of up to {@link #MAX_BATCH} trials
 * ({@link #batchSize}) is opened by telling the adversary and asking the curator to release every
 * trial of it, each with its own noise stream: every person then gets one request, answers once,
 * gets one output message and (a colluder) forwards once per batch, and the adversary scores the
 * batch in one message — the per-message cost of the actors is shared by the batch's trials.
 * Priv-altmin audits farm trials out, one at a time, to {@link GameWorker}s on the compute
 * dispatcher: there the mechanism, its published U's and the adversary all live inside the core
 * game.
 *
 * <p>Guarantee: the scores array equals the sequential {@link AuditGames#play}'s bit for bit
 * (every score is pure in (audit, trial, world)), so the row is identical. Sends exactly one
 * {@link GuardianCommand.AuditCompleted} and stops; a child that stops fails the coordinator
 * (death pact), which the guardian reports as the audit's failure; an adversary that cannot be
 * placed or stops (wherever it runs) sends the guardian one {@link GuardianCommand.AuditFailed}
 * with the reason, and the coordinator stops.
 */
public final class AuditCoordinator extends AbstractBehavior<AuditCommand> {
    /**
     * Most trials of an indexed-mean batch. With {@link #INDEXED_MEAN_BATCHES_IN_FLIGHT} = 4 (256
     * trials in flight) the steadiest of 16×8, 32×4, 32×8, 64×2 and 64×4 on
     * {@code bench/audit-trials.yaml} (they were within about 15% of each other on 2 cores).
     */
    static final int MAX_BATCH = 64;
    /**
     * Most doubles a batched message may carry: a batch of B trials puts B·d doubles in a
     * contribution and in a billboard post, and B·|C| in a batch's forwarded outputs; B keeps both at
     * or under this many (64 KiB, far below Artery's 256 KiB frame when they cross to an adversary
     * node).
     */
    static final int BATCH_DOUBLES = 8192;
    /** Indexed-mean batches in flight at once. */
    static final int INDEXED_MEAN_BATCHES_IN_FLIGHT = 4;

    private final int audit;
    private final AuditSpec spec;
    private final Progress progress;
    private final ActorRef<GuardianCommand> guardian;
    private final long seed;
    private Play play;
    private final double[] scores;
    private final BitSet scored = new BitSet();
    private final int reportEvery;
    private int batch;
    private int inFlight;
    private int started;
    private int done;
    private int reported;

    /** How a batch of trials {@code first .. first + count − 1} is handed out. */
    @FunctionalInterface
    private interface Play {
        void start(int first, int count);
    }

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
        this.seed = scenario.seed();
        if (spec.algorithm().isIndexedMean() && !spec.tracing()) {
            adversaries.place(ctx, scenario, audit);
        } else {
            batch = 1;
            inFlight = Math.max(2, Runtime.getRuntime().availableProcessors());
            play = gameWorkers(ctx, scenario);
        }
    }

    /**
     * Trials per batch of an indexed-mean audit whose releases have |S| support coordinates, with |C|
     * colluders: as many as keep
     * every batched message within {@link #BATCH_DOUBLES} doubles, at least 1, at most
     * {@link #MAX_BATCH}.
     */
    static int batchSize(int supportSize, int colluders) {
        return Math.max(1, Math.min(MAX_BATCH, BATCH_DOUBLES / Math.max(1, Math.max(supportSize, colluders))));
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
        int[] members = spec.collusion().members(t, spec.target());
        boolean[] colluding = new boolean[t];
        for (int c : members) {
            colluding[c] = true;
        }
        ActorRef<AdversaryCommand> adversary = m.adversary();
        batch = batchSize(population.supportSize(), members.length);
        inFlight = batch * INDEXED_MEAN_BATCHES_IN_FLIGHT;
        ActorRef<IndexedMeanCuratorCommand> curator = ctx.spawn(IndexedMeanCuratorActor.create(audit, mechanism,
                IndexedMeanGame.noise(seed, audit), population.support(), population.unreadCount(), t,
                i -> PersonActor.audit(population, i, mechanism.clips(), audit, spec.target(), spec.canaryScale(),
                        colluding[i] ? adversary : null), List.of(adversary.narrow())), "curator", DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
        ctx.watch(curator);
        play = (first, count) -> {
            int[] worlds = new int[count];
            for (int k = 0; k < count; k++) {
                worlds[k] = (first + k) % 2;
            }
            adversary.tell(new AdversaryCommand.TrialsOpened(audit, first, count));
            curator.tell(new IndexedMeanCuratorCommand.Release(audit, first, worlds));
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
    private Play gameWorkers(ActorContext<AuditCommand> ctx, Scenario scenario) {
        DistinguishingGame game = AuditGames.of(scenario, audit);
        DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
        List<ActorRef<GameWorkerCommand>> workers = new ArrayList<>();
        for (int w = 0; w < inFlight; w++) {
            ActorRef<GameWorkerCommand> worker = ctx.spawn(GameWorker.create(game), "worker-" + w, compute);
            ctx.watch(worker);
            workers.add(worker);
        }
        return (trial, count) -> workers.get(trial % workers.size())
                .tell(new GameWorkerCommand.PlayTrial(audit, trial, trial % 2, ctx.getSelf()));
    }

    @Override
    public Receive<AuditCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(TrialScores.class, this::onScores)
                .onMessage(AuditCommand.AdversaryReady.class, this::onAdversaryReady)
                .onMessage(AuditCommand.AdversaryLost.class, this::onAdversaryLost)
                .build();
    }

    private Behavior<AuditCommand> startTrials() {
        while (play != null && started < scores.length && started - done < inFlight) {
            int count = Math.min(batch, scores.length - started);
            play.start(started, count);
            started += count;
        }
        return this;
    }

    private Behavior<AuditCommand> onScores(TrialScores m) {
        if (m.audit() != audit) {
            return this;
        }
        for (int k = 0; k < m.scores().length; k++) {
            int trial = m.firstTrial() + k;
            if (trial < started && !scored.get(trial)) {
                scores[trial] = m.scores()[k];
                scored.set(trial);
                done++;
            }
        }
        if (done / reportEvery > reported / reportEvery || done == scores.length && reported < done) {
            reported = done;
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
