package org.privsim.core.family.indexedmean;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.BatchScores;
import org.privsim.core.audit.GaussianWhiteBox;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.module.ParticipantAudit;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;

/**
 * An indexed-mean canary audit played with actors' roles ({@link ParticipantAudit}): participants
 * 0 … t − 1 are the persons (the target holds the canary pair, everyone else its data from the audit
 * population (seed, key (1, audit))), and participant t is the adversary ({@link Role#ADVERSARY}, so
 * a cluster places it on an {@code adversary} node). The curator is the mechanism: it asks every
 * person for its contributions, releases every trial of the batch with its own noise ({@link
 * IndexedMeanMechanism#release}, round = trial; the only place noise is added), then either hands the
 * adversary the batch's billboard posts, or hands each person its separate outputs (the release at
 * its own index) — members of the collusion set answer with those outputs, everyone else keeps them —
 * and then hands the adversary exactly the colluders' answers. The adversary scores each trial of the
 * batch from that view alone with {@link IndexedMeanAdversary#score}. Under the {@code white-box}
 * threat model the curator instead hands the adversary the whole release of every trial together
 * with what the mechanism side knows of it — its record's σ and its pre-noise values in both worlds
 * ({@link IndexedMeanGame#whiteBoxViews}) — and the adversary scores the exact Gaussian
 * log-likelihood ratio ({@link GaussianWhiteBox}).
 *
 * <p>Guarantee: every trial's score equals {@link IndexedMeanGame}'s bit for bit (each is a pure
 * function of (audit, trial, world), and a batch's totals are summed in person-id order exactly as
 * the game sums them), so the audit's row is the same on every runner and for any batching.
 */
public final class IndexedMeanAuditRun implements ParticipantAudit {
    /**
     * Most trials of an indexed-mean batch. A run spawns and stops its t + 1 participants, so fewer,
     * larger batches cost less: on {@code bench/audit-trials.yaml} (t = 100, 99 colluders; one run of
     * the bench, machine shared, load ≈ 22) local cpu 760 ms at 64 trials per batch, 500 ms at 128,
     * against 370 ms for the former audit actors, which spawned the persons once per audit.
     */
    static final int MAX_BATCH = 128;
    /**
     * Most doubles a batched message may carry: a batch of B trials puts B·|S| doubles in a billboard
     * post and B·|C| in the colluders' outputs handed to the adversary; B keeps both at or under this
     * many (about 147 KB in CBOR, below Artery's 256 KiB frame when they cross to an adversary node).
     */
    static final int BATCH_DOUBLES = 16384;

    /** What the persons and the adversary of an indexed-mean audit share (and any node rebuilds). */
    private static final class Persons {
        final IndexedMeanPopulation population;
        final IndexedMeanMechanism mechanism;
        final ReleaseNoise noise;
        final int[] members;
        final boolean[] colluding;
        final IndexedMeanAdversary adversary;
        final int target;
        final double canaryScale;
        final boolean whiteBox;
        /**
         * Each person's answer to a contribution request, built once per node from (seed, id) — the
         * same a person would rebuild for every batch (data generation is most of a batch's cost) —
         * and read only by that person's participant.
         */
        final Contribution[] contributions;

        Persons(AuditSpec spec, int audit, long seed) {
            population = IndexedMeanGame.population(spec, audit, seed);
            mechanism = IndexedMeanGame.mechanism(spec);
            noise = IndexedMeanGame.noise(seed, audit);
            target = spec.target();
            canaryScale = spec.canaryScale();
            whiteBox = spec.threatModel() == ThreatModel.WHITE_BOX;
            members = spec.collusion().members(population.persons(), target);
            colluding = new boolean[population.persons()];
            for (int c : members) {
                colluding[c] = true;
            }
            adversary = new IndexedMeanAdversary(population, target, members, mechanism.publishesBillboard(),
                    mechanism.claimedVariance(), canaryScale);
            boolean clip = mechanism.clips();
            contributions = new Contribution[population.persons()];
            for (int id = 0; id < contributions.length; id++) {
                PersonData[] worlds = id == target
                        ? new PersonData[] {population.canary(id, 0, canaryScale), population.canary(id, 1, canaryScale)}
                        : new PersonData[] {population.person(id)};
                PersonData world1 = worlds[worlds.length - 1];
                contributions[id] = new Contribution(worlds[0].index(),
                        new double[][] {worlds[0].contribution(clip), world1.contribution(clip)},
                        new double[] {worlds[0].unread(clip), world1.unread(clip)});
            }
        }
    }

    /** What the curator sends a participant. */
    public sealed interface Request permits Contribute, Output, Billboard, Colluders, WhiteBox {}

    /**
     * Send your contributions to the batch of trials starting at {@code firstTrial}, in each world.
     *
     * @param firstTrial the batch's first trial
     */
    public record Contribute(int firstTrial) implements Request {}

    /**
     * A person's separate outputs of a batch: the release at its own index, per trial.
     *
     * @param firstTrial the batch's first trial
     * @param estimates  p̂ at j_i in trial firstTrial + k
     */
    public record Output(int firstTrial, double[] estimates) implements Request {}

    /**
     * The adversary's view under a billboard: the batch's posts.
     *
     * @param firstTrial the batch's first trial
     * @param estimates  {@code estimates[k]}: the release at the support (support order) in trial firstTrial + k
     * @param unread     the unread coordinates' residual of trial firstTrial + k
     */
    public record Billboard(int firstTrial, double[][] estimates, double[] unread) implements Request {}

    /**
     * The adversary's view with separate outputs: exactly what its colluders answered, in person-id order.
     *
     * @param firstTrial the batch's first trial
     * @param trials     the batch's trials
     * @param indices    each colluder's index j_c
     * @param estimates  each colluder's outputs, per trial of the batch
     */
    public record Colluders(int firstTrial, int trials, int[] indices, double[][] estimates) implements Request {}

    /**
     * The white-box adversary's view of a batch: the mechanism side's knowledge of the release in both
     * worlds (from its record and the canary pair) and everything released.
     *
     * @param firstTrial the batch's first trial
     * @param views      the release's pre-noise values in both worlds and its σ
     * @param estimates  {@code estimates[k]}: the release at the support in trial firstTrial + k
     * @param unread     the unread coordinates' residual of trial firstTrial + k (billboard; else 0)
     */
    public record WhiteBox(int firstTrial, List<GaussianWhiteBox.View> views, double[][] estimates, double[] unread)
            implements Request {}

    /**
     * A person's contributions to a batch: its sums at the support and its unread share, in world 0
     * and world 1 (only the target's differ).
     *
     * @param index  its coordinate j_i
     * @param sums   {@code sums[w]}: its contribution in world w (support order)
     * @param unread {@code unread[w]}: its unread share in world w
     */
    public record Contribution(int index, double[][] sums, double[] unread) {}

    /**
     * A colluder's answer to its separate outputs: it hands them on to the adversary.
     *
     * @param index     its coordinate j_c
     * @param estimates its outputs, per trial of the batch
     */
    public record Forwarded(int index, double[] estimates) {}

    /**
     * A person outside the collusion set keeps its outputs to itself.
     *
     * @param person its id
     */
    public record Kept(int person) {}

    private final Persons persons;

    /** Audit {@code audit} of a scenario, whose spec is {@code spec}, under root seed {@code seed}. */
    IndexedMeanAuditRun(AuditSpec spec, int audit, long seed) {
        this.persons = new Persons(spec, audit, seed);
    }

    /**
     * Trials per batch of an indexed-mean audit whose releases have |S| support coordinates, with |C|
     * colluders: as many as keep every batched message within {@link #BATCH_DOUBLES} doubles, at
     * least 1, at most {@link #MAX_BATCH}.
     */
    static int batchSize(int supportSize, int colluders) {
        return Math.max(1, Math.min(MAX_BATCH, BATCH_DOUBLES / Math.max(1, Math.max(supportSize, colluders))));
    }

    @Override
    public int batch() {
        return batchSize(persons.population.supportSize(), persons.members.length);
    }

    @Override
    public Role role(int id) {
        return id == persons.population.persons() ? Role.ADVERSARY : Role.USER;
    }

    @Override
    public RunCurator<Object, Object, BatchScores> curator(int firstTrial, int count) {
        return new MechanismCurator(persons, firstTrial, count);
    }

    /** The mechanism side of an indexed-mean audit's batch: contributions, release, view, scores. */
    private static final class MechanismCurator implements RunCurator<Object, Object, BatchScores> {
        private final Persons persons;
        private final int first;
        private final int count;
        private final int t;
        /** 0: contributions asked; 1: separate outputs handed out; 2: the adversary asked. */
        private int phase;

        MechanismCurator(Persons persons, int first, int count) {
            this.persons = persons;
            this.first = first;
            this.count = count;
            this.t = persons.population.persons();
        }

        @Override
        public Step<Object, BatchScores> start() {
            return Step.askAll(t, new Contribute(first));
        }

        @Override
        public Step<Object, BatchScores> onAnswers(List<Object> answers) {
            if (phase == 0) {
                phase = 1;
                return release(answers);
            }
            if (phase == 1) {
                phase = 2;
                List<Forwarded> forwarded = new ArrayList<>();
                for (Object answer : answers) {
                    if (answer instanceof Forwarded f) {
                        forwarded.add(f);
                    }
                }
                int[] indices = new int[forwarded.size()];
                double[][] estimates = new double[forwarded.size()][];
                for (int c = 0; c < indices.length; c++) {
                    indices[c] = forwarded.get(c).index();
                    estimates[c] = forwarded.get(c).estimates();
                }
                return new Step.Ask<>(new int[] {t}, new Colluders(first, count, indices, estimates));
            }
            return new Step.Done<>((BatchScores) answers.get(0));
        }

        /** Releases every trial of the batch and hands out the view. */
        private Step<Object, BatchScores> release(List<Object> answers) {
            IndexedMeanMechanism mechanism = persons.mechanism;
            double[][] totals = new double[2][];
            double[] unreadTotals = new double[2];
            int[] indices = new int[t];
            for (int world = 0; world < 2; world++) {
                double[][] contributions = new double[t][];
                double[] shares = new double[t];
                for (int i = 0; i < t; i++) {
                    Contribution c = (Contribution) answers.get(i);
                    contributions[i] = c.sums()[world];
                    shares[i] = c.unread()[world];
                    indices[i] = c.index();
                }
                totals[world] = IndexedMeanMechanism.total(contributions);
                unreadTotals[world] = IndexedMeanMechanism.unreadTotal(shares);
            }
            int[] support = persons.population.support();
            double[][] estimates = new double[count][];
            double[] unread = new double[count];
            for (int k = 0; k < count; k++) {
                int trial = first + k;
                int world = trial % 2;
                estimates[k] = mechanism.release(support, totals[world], persons.noise, trial);
                if (mechanism.publishesBillboard()) {
                    unread[k] = mechanism.unreadResidual(unreadTotals[world], persons.population.unreadCount(),
                            persons.noise, trial);
                }
            }
            if (persons.whiteBox) {
                phase = 2;
                return new Step.Ask<>(new int[] {t}, new WhiteBox(first, IndexedMeanGame.whiteBoxViews(mechanism,
                        persons.population, totals, unreadTotals), estimates, unread));
            }
            if (mechanism.publishesBillboard()) {
                phase = 2;
                return new Step.Ask<>(new int[] {t}, new Billboard(first, estimates, unread));
            }
            List<Object> outputs = new ArrayList<>(t);
            for (int i = 0; i < t; i++) {
                int position = persons.population.position(indices[i]);
                double[] own = new double[count];
                for (int k = 0; k < count; k++) {
                    own[k] = estimates[k][position];
                }
                outputs.add(new Output(first, own));
            }
            return Step.askEach(outputs);
        }
    }

    @Override
    public Participant<Object, Object> participant(int id) {
        IndexedMeanPopulation population = persons.population;
        if (id == population.persons()) {
            return request -> score(persons, request);
        }
        Contribution contribution = persons.contributions[id];
        int index = contribution.index();
        boolean colluder = persons.colluding[id];
        return request -> {
            if (request instanceof Contribute) {
                return contribution;
            }
            Output output = (Output) request;
            return colluder ? new Forwarded(index, output.estimates()) : new Kept(id);
        };
    }

    /** The adversary's scores of a batch from its view (a billboard post, or its colluders' outputs). */
    private static BatchScores score(Persons persons, Object request) {
        if (request instanceof WhiteBox view) {
            double[] scores = new double[view.estimates().length];
            for (int k = 0; k < scores.length; k++) {
                scores[k] = GaussianWhiteBox.llr(view.views(),
                        IndexedMeanGame.whiteBoxObserved(view.views(), view.estimates()[k], view.unread()[k]));
            }
            return new BatchScores(view.firstTrial(), scores);
        }
        if (request instanceof Billboard post) {
            double[] scores = new double[post.estimates().length];
            for (int k = 0; k < scores.length; k++) {
                double[] estimates = post.estimates()[k];
                scores[k] = persons.adversary.score(s -> estimates[s], post.unread()[k]);
            }
            return new BatchScores(post.firstTrial(), scores);
        }
        Colluders view = (Colluders) request;
        double[][] byPosition = new double[persons.population.supportSize()][];
        for (int c = 0; c < view.indices().length; c++) {
            byPosition[persons.population.position(view.indices()[c])] = view.estimates()[c];
        }
        double[] scores = new double[view.trials()];
        for (int k = 0; k < scores.length; k++) {
            int trial = k;
            scores[k] = persons.adversary.score(s -> byPosition[s][trial], 0);
        }
        return new BatchScores(view.firstTrial(), scores);
    }
}
