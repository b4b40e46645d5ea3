package org.privsim.core.family.lowrank;

import java.util.List;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.privsim.core.audit.GaussianWhiteBox;
import org.privsim.core.audit.OneRunGame;
import org.privsim.core.audit.ReleaseTranscript;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserStore;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.sim.AltMinDriver;
import org.privsim.core.sim.AltMinSettings;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.RunKey;
import org.privsim.core.sim.Step;
import org.privsim.core.sim.UserInitStep;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;

/**
 * The one-run audit of priv-altmin (replace-one user) under the white-box threat model: one run of the
 * ordinary {@link AltMinDriver} (its initialisation, U-steps, noise and ledger) and {@link UserStep} code
 * on the task's n users, of which users 0 … m−1 are the canaries.
 *
 * <p><b>Canaries.</b> Canary c is {@link AltMinCanaryGame}'s canary with its release direction w the
 * coordinate axis e_c: its samples used only by the v-step have features along u (a public unit vector in
 * span(U*), so its v is non-zero near U*), every other sample has features along e_c (also a sample
 * doing both, split {@code reuse}, so that u never enters a release), all of norm 2η and labels 1000ζ.
 * Included ({@link OneRunGame#included}) it holds that data; excluded, its mirror — the same features,
 * the U-step labels and the second label of each initialisation pair negated (split {@code reuse}: the
 * released labels 0) — its replace-one partner, as in {@link AltMinCanaryGame}. A canary's b-term is
 * then m_U·ζ·η·(v̂ ⊗ e_c) up to sign and its initialisation term ±m_I·ζ²·e_c e_cᵀ: the m canaries touch
 * disjoint coordinates (rows c of b's d×k reshaping, the diagonal entry (c, c) of the initialisation
 * matrix), so m ≤ d keeps them from interfering. Canary and mirror share their features, so S and A
 * (which read features and the fitted v only) do not depend on the inclusion under the {@code paper}
 * split; the score leaves them out, which only weakens it.
 *
 * <p><b>Score.</b> The adversary knows every real user's data and sees each release (the
 * initialisation matrix, each round's b) with its record (σ actually added). For each release it sums
 * the real users' statistics exactly at the published U and adds canary c's or its mirror's term; canary
 * c's score is the sum over the releases of the exact Gaussian log-likelihood ratio, included against
 * excluded, of the coordinates c's terms touch ({@link GaussianWhiteBox}) — the other canaries' terms are
 * zero there. An injected fault changes the mechanism and so its records.
 *
 * <p>Guarantee: {@link #scores} is a pure function of (task, settings, seed, canaries, fault): the
 * population has root seed {@code derive(seed, "audit-one-run")}, the run's streams those of
 * {@code RunKey(derive(seed, "audit-altmin-one-run"), 0, 0, epochs)}, the direction u stream
 * {@code (seed, "audit-canary-direction")}, and the inclusions come from {@code seed} alone. The real
 * users are held as the task's {@code population} says ({@link UserStore}); the canaries are summed
 * first, in id order, then the real users' sum.
 */
public final class AltMinOneRunGame implements OneRunGame {
    private final LowRankRegressionTask task;
    private final ExperimentSpec spec;
    private final double epsilon;
    private final long seed;
    private final int canaries;
    private final Injection injection;
    private final LowRankData population;
    /** The population's users, held as the task says. */
    private final UserStore users;
    /** {@code data[c][0]}: canary c's mirror (excluded), {@code data[c][1]}: the canary (included). */
    private final UserDataset[][] data;

    /**
     * @param task      the population's task (m ≤ n and m ≤ d)
     * @param spec      a resolved priv-altmin experiment; its first epoch count is used
     * @param epsilon   the claimed ε the mechanism is calibrated to
     * @param seed      the game's seed
     * @param canaries  m
     * @param injection the fault injected into the mechanism
     */
    public AltMinOneRunGame(LowRankRegressionTask task, ExperimentSpec spec, double epsilon, long seed, int canaries,
                            Injection injection) {
        if (canaries > task.dimension() || canaries > task.users()) {
            throw new IllegalArgumentException(canaries + " canaries need d ≥ m and n ≥ m, got d = " + task.dimension()
                    + ", n = " + task.users());
        }
        this.task = task;
        this.spec = spec;
        this.epsilon = epsilon;
        this.seed = seed;
        this.canaries = canaries;
        this.injection = injection;
        this.population = new LowRankData(task, RandomStreams.derive(seed, "audit-one-run"));
        this.users = new UserStore(population, task.users(), task.population());
        double[] u = inSpan(population.uStar(), RandomStreams.stream(seed, "audit-canary-direction"));
        SplitPlan split = SplitPlan.of(spec.split(), task.samplesPerUser());
        this.data = new UserDataset[canaries][];
        for (int c = 0; c < canaries; c++) {
            data[c] = new UserDataset[] {canary(c, split, u, false), canary(c, split, u, true)};
        }
    }

    @Override
    public double[] scores() {
        int epochs = spec.epochs().get(0);
        RunKey key = new RunKey(RandomStreams.derive(seed, "audit-altmin-one-run"), 0, 0, epochs);
        AltMinSettings settings = AltMinSettings.privateRun(task, spec, epsilon, epochs, key, injection);
        ReleaseTranscript transcript = new ReleaseTranscript();
        AltMinDriver driver = new AltMinDriver(task, settings, key, population.uStar(), null, transcript);
        boolean[] included = new boolean[canaries];
        for (int c = 0; c < canaries; c++) {
            included[c] = OneRunGame.included(seed, c);
        }
        double[] scores = new double[canaries];
        int d = task.dimension();
        Step step = driver.start();
        while (step instanceof Step.Collect collect && !(collect.task() instanceof UserTask.Evaluate)) {
            int before = transcript.size();
            Touch[] touches = new Touch[canaries];
            if (collect.task() instanceof UserTask.Init init) {
                InitSum total = new InitSum(d, init.matrices());
                for (int c = 0; c < canaries; c++) {
                    UserInitStep.foldInit(data[c][included[c] ? 1 : 0], init, total);
                    InitSum[] own = {new InitSum(d, init.matrices()), new InitSum(d, init.matrices())};
                    for (int w = 0; w < 2; w++) {
                        UserInitStep.foldInit(data[c][w], init, own[w]);
                    }
                    touches[c] = Touch.of(own[0].matrix(0), own[1].matrix(0));
                }
                InitSum others = new InitSum(d, init.matrices());
                for (int j = canaries; j < task.users(); j++) {
                    UserInitStep.foldInit(users.user(j), init, others);
                }
                total.addAll(others);
                step = driver.onInit(total);
                score(transcript, before, "init", others.matrix(0), touches, scores);
            } else {
                UserTask.Round round = (UserTask.Round) collect.task();
                int k = round.statisticsRank();
                RoundSum total = new RoundSum(d, k, round.gram());
                for (int c = 0; c < canaries; c++) {
                    if (round.participants().includes(c)) {
                        UserStep.foldRound(data[c][included[c] ? 1 : 0], round, total);
                        RoundSum[] own = {new RoundSum(d, k, false), new RoundSum(d, k, false)};
                        for (int w = 0; w < 2; w++) {
                            UserStep.foldRound(data[c][w], round, own[w]);
                        }
                        touches[c] = Touch.of(own[0].vectorB(), own[1].vectorB());
                    }
                }
                RoundSum others = new RoundSum(d, k, round.gram());
                for (int j = canaries; j < task.users(); j++) {
                    if (round.participants().includes(j)) {
                        UserStep.foldRound(users.user(j), round, others);
                    }
                }
                total.addAll(others);
                step = driver.onRound(total);
                score(transcript, before, "b", others.vectorB(), touches, scores);
            }
        }
        return scores;
    }

    /**
     * The coordinates a canary's term touches in one statistic, and there its mirror's (world 0) and
     * its own (world 1) term.
     */
    private record Touch(int[] at, double[] world0, double[] world1) {
        static Touch of(double[] mirror, double[] canary) {
            int touched = 0;
            for (int i = 0; i < mirror.length; i++) {
                touched += mirror[i] != 0 || canary[i] != 0 ? 1 : 0;
            }
            Touch touch = new Touch(new int[touched], new double[touched], new double[touched]);
            for (int i = 0, t = 0; i < mirror.length; i++) {
                if (mirror[i] != 0 || canary[i] != 0) {
                    touch.at[t] = i;
                    touch.world0[t] = mirror[i];
                    touch.world1[t++] = canary[i];
                }
            }
            return touch;
        }
    }

    /**
     * Adds to each canary's score the log-likelihood ratio of the releases from {@code before} on named
     * {@code name}, on the coordinates its terms touch: {@code real} plus its mirror's term (world 0)
     * or its own (world 1). A canary without terms (not a participant) gains nothing.
     */
    private static void score(ReleaseTranscript transcript, int before, String name, double[] real,
                              Touch[] touches, double[] scores) {
        List<ReleaseTranscript.Entry> entries = transcript.entries();
        for (int r = before; r < entries.size(); r++) {
            ReleaseTranscript.Entry entry = entries.get(r);
            if (!entry.record().name().equals(name)) {
                continue;
            }
            for (int c = 0; c < touches.length; c++) {
                Touch touch = touches[c];
                if (touch == null) {
                    continue;
                }
                int n = touch.at.length;
                double[] world0 = new double[n];
                double[] world1 = new double[n];
                double[] observed = new double[n];
                for (int t = 0; t < n; t++) {
                    world0[t] = real[touch.at[t]] + touch.world0[t];
                    world1[t] = real[touch.at[t]] + touch.world1[t];
                    observed[t] = entry.released()[touch.at[t]];
                }
                scores[c] += GaussianWhiteBox.View.of(entry.record(), world0, world1).llr(observed);
            }
        }
    }

    /** Canary c (included) or its mirror (excluded); see the class comment. */
    private UserDataset canary(int c, SplitPlan split, double[] u, boolean included) {
        int d = task.dimension();
        int m = task.samplesPerUser();
        double scale = AltMinCanaryGame.FEATURE_SCALE * spec.clipModel();
        double label = AltMinCanaryGame.LABEL_SCALE * spec.clipLabel();
        int initTo = split.initFrom() + 2 * split.initPairs();
        double[] x = new double[m * d];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            boolean released = i >= split.uFrom() && i < split.uTo() || i >= split.initFrom() && i < initTo;
            if (released) {
                x[i * d + c] = scale;
            } else {
                for (int p = 0; p < d; p++) {
                    x[i * d + p] = scale * u[p];
                }
            }
            y[i] = AltMinCanaryGame.canaryLabel(split, i, included, label);
        }
        return new UserDataset(c, d, x, y, new double[task.rank()], new double[d]);
    }

    /** The unit vector U*g/‖U*g‖ for a Gaussian g ∈ R^k. */
    private static double[] inSpan(DMatrixRMaj uStar, SplittableRandom rng) {
        DMatrixRMaj g = new DMatrixRMaj(uStar.numCols, 1);
        for (int a = 0; a < uStar.numCols; a++) {
            g.data[a] = rng.nextGaussian();
        }
        DMatrixRMaj v = new DMatrixRMaj(uStar.numRows, 1);
        CommonOps_DDRM.mult(uStar, g, v);
        double norm = Math.sqrt(CommonOps_DDRM.dot(v, v));
        CommonOps_DDRM.divide(v, norm);
        return v.data;
    }
}
