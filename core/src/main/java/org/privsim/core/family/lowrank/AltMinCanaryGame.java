package org.privsim.core.family.lowrank;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.LowRankWhiteBox;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.data.UserDataset;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.sim.SequentialCollector;
import org.privsim.core.scenario.Aggregation;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.sim.AltMinDriver;
import org.privsim.core.sim.AltMinSettings;
import org.privsim.core.sim.RunKey;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;

/**
 * The canary game of priv-altmin under the billboard threat model: the adversary watches every U
 * the curator publishes (U_0 after the initialisation, U_t after each U-step) and guesses whether
 * the target user holds the canary (world 1) or its mirror (world 0). Every other user holds its
 * ordinary data of the population {@link LowRankData}(task, seed), the same in every trial.
 *
 * <p><b>Canary.</b> Two public unit vectors are derived from the seed alone (stream
 * {@code "audit-canary-direction"}): w, a Gaussian draw projected off span(U*), and u = U*g/‖U*g‖ for
 * a Gaussian g ∈ R^k, inside span(U*). The canary's samples have features of norm
 * {@value #FEATURE_SCALE}·η and labels of size {@value #LABEL_SCALE}·ζ — beyond both clip bounds, so a
 * correct mechanism clips every contribution to the bounds and a mechanism that skips clipping
 * lets the raw data through. A sample used only by the v-step has features along u, so its fitted
 * v is non-zero whenever U is near U*; a sample feeding a release (U-step or initialisation) and
 * not the v-step points along w, so its whole clipped term pulls U toward w; a sample doing both
 * (split {@code reuse}) points along (u + w)/√2. Its b-term is then ±m_U·ζ·η (v̂ ⊗ w) and its
 * initialisation term ±m_I·ζ²·ww<sup>T</sup>.
 *
 * <p><b>World 0</b> keeps the features and changes labels so that the pair is the worst case of the
 * replace-one sensitivities (DESIGN.md): negating every label would be useless, because a user's
 * terms are products label × v and v, fitted on the same labels, flips too. Instead the v-step-only
 * samples keep their labels (same v in both worlds), the U-step samples are negated (b-term of
 * opposite sign: a difference of 2·m_U·ζ·η, the full b sensitivity) and so is the second sample of
 * every initialisation pair (ỹ_a·ỹ_b of opposite sign: 2·m_I·ζ², the full initialisation
 * sensitivity). Samples that also feed the v-step (split {@code reuse}) cannot be negated without
 * flipping v, so they get label 0: v = 0 and the target contributes nothing, half the sensitivity.
 * The audit is therefore strongest with the {@code paper} split.
 *
 * <p><b>Score</b> (only published U's, the public w and the world-1 canary, which the adversary
 * designed): ‖U_0ᵀw‖² + Σ_{t ≥ 1} (U_tᵀw)·(U_tᵀq_t), where q_t = U_{t−1}v̂_t and v̂_t is the unit
 * v the canary fits against U_{t−1}. The canary asks the new U to predict +label on w, i.e. it adds
 * +δ·w v̂_tᵀ to the U-step's solution Z ≈ U_{t−1}; world 0 adds −δ·w v̂_tᵀ. The sign of the
 * w-q_t cross term of the new projector U_tU_tᵀ is first order in δ, where the ‖U_tᵀw‖² the
 * mirror leaves unchanged would only be second order; the initialisation term is first order in
 * the ±m_I·ζ²·ww<sup>T</sup> shift of M's spectrum. Higher ⇒ world 1.
 *
 * <p><b>White-box score</b> (threat model {@code white-box}): the adversary also knows every other
 * user's data and sees the noisy releases themselves — the initialisation matrix, S when released, and
 * each round's b (and A for the full U-step) — with their ledger records. {@link LowRankWhiteBox}
 * scores them from the records: both worlds' exact sums given the published U_{t−1}, each release's
 * exact Gaussian log-likelihood ratio at its record's σ (the noise actually added), summed over the
 * releases. For the correct mechanism the total is N(±μ²/2, μ²) with μ² the composed
 * Σ‖S¹ − S⁰‖²/σ² ≤ 2ρ, so a mechanism whose noise falls short of the composition it claims (an
 * injected {@code noiseMultiplier} below 1 or {@code ignoreComposition}) is caught.
 *
 * <p>Guarantee: {@link #score} is a pure function of (trial, world): the noise (and the
 * disjoint-batch permutation) of trial r come from the streams of
 * {@code RunKey(derive(seed, "audit-altmin-canary-trial", r), 0, 0, epochs)}, independent across
 * trials; the run goes through the ordinary {@link AltMinDriver} and {@link UserStep} code,
 * summed in aggregation order by a {@link SequentialCollector}. Immutable after construction, so
 * trials may run concurrently.
 */
public final class AltMinCanaryGame implements DistinguishingGame {
    /** Canary feature norm, in units of the clip bound η. */
    public static final double FEATURE_SCALE = 2;
    /** Canary label size, in units of the clip bound ζ. */
    public static final double LABEL_SCALE = 1000;

    private final LowRankRegressionTask task;
    private final ExperimentSpec spec;
    private final double epsilon;
    private final long seed;
    private final int epochs;
    private final Injection injection;
    private final DMatrixRMaj uStar;
    private final double[] w;
    private final UserDataset canary;
    private final SequentialCollector[] worlds;
    private final boolean whiteBox;

    /**
     * @param task        the population's task
     * @param aggregation the aggregation plan the sums follow
     * @param spec        a resolved priv-altmin experiment; its first epoch count is used
     * @param epsilon     the claimed ε the mechanism is calibrated to
     * @param seed        root seed of the population, the canary directions and the trials
     * @param target      the canary user's id, 0 ≤ target &lt; users
     * @param injection   the fault injected into the mechanism ({@link Injection#NONE}: none)
     */
    public AltMinCanaryGame(LowRankRegressionTask task, Aggregation aggregation, ExperimentSpec spec,
                            double epsilon, long seed, int target, Injection injection) {
        this(task, aggregation, spec, epsilon, seed, target, injection, false);
    }

    /**
     * The same game, scored by the white-box adversary when {@code whiteBox} (see the class comment).
     */
    public AltMinCanaryGame(LowRankRegressionTask task, Aggregation aggregation, ExperimentSpec spec,
                            double epsilon, long seed, int target, Injection injection, boolean whiteBox) {
        this.whiteBox = whiteBox;
        this.task = Objects.requireNonNull(task, "task");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.injection = Objects.requireNonNull(injection, "injection");
        Objects.requireNonNull(aggregation, "aggregation");
        if (spec.algorithm() != Algorithm.PRIV_ALTMIN) {
            throw new IllegalArgumentException("the canary game audits priv-altmin, got " + spec.algorithm().id());
        }
        if (target < 0 || target >= task.users()) {
            throw new IllegalArgumentException("target " + target + " is not in [0, " + task.users() + ")");
        }
        this.epsilon = epsilon;
        this.seed = seed;
        this.epochs = spec.epochs().get(0);
        LowRankData population = new LowRankData(task, seed);
        this.uStar = population.uStar();
        SplittableRandom rng = RandomStreams.stream(seed, "audit-canary-direction");
        this.w = offSpan(uStar, rng);
        double[] u = inSpan(uStar, rng);
        SplitPlan split = SplitPlan.of(spec.split(), task.samplesPerUser());
        this.canary = canary(target, split, u, w, true);
        UserDataset[] world0 = new UserDataset[task.users()];
        UserDataset[] world1 = new UserDataset[task.users()];
        for (int j = 0; j < world0.length; j++) {
            world0[j] = j == target ? canary(target, split, u, w, false) : population.user(j);
            world1[j] = j == target ? canary : world0[j];
        }
        this.worlds = new SequentialCollector[] {
            new SequentialCollector(world0, task.dimension(), aggregation),
            new SequentialCollector(world1, task.dimension(), aggregation)};
    }

    /** A copy of the public canary direction w (unit, orthogonal to span(U*)). */
    public double[] direction() {
        return w.clone();
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        RunKey key = new RunKey(RandomStreams.derive(seed, "audit-altmin-canary-trial", trial), 0, 0, epochs);
        AltMinSettings settings = AltMinSettings.privateRun(task, spec, epsilon, epochs, key, injection);
        if (whiteBox) {
            return LowRankWhiteBox.score(worlds, world, tap -> new AltMinDriver(task, settings, key, uStar, null, tap));
        }
        List<double[]> billboard = new ArrayList<>();
        worlds[world].run(new AltMinDriver(task, settings, key, uStar), (step, t) -> {
            if (t instanceof UserTask.Round r) {
                billboard.add(r.u());
            } else if (t instanceof UserTask.Evaluate e) {
                billboard.add(e.params());
            }
        });
        return statistic(billboard, settings.split());
    }

    /** ‖U_0ᵀw‖² + Σ_t (U_tᵀw)·(U_tᵀq_t), q_t = U_{t−1}v̂_t (see the class comment). */
    private double statistic(List<double[]> billboard, SplitPlan split) {
        int d = task.dimension();
        int k = task.rank();
        double[] uw = project(billboard.get(0), w);
        double score = dot(uw, uw);
        for (int t = 1; t < billboard.size(); t++) {
            double[] previous = billboard.get(t - 1);
            double[] v = UserStep.fitPersonalModel(canary, split.vFrom(), split.vTo(), previous, k,
                    spec.ridge(), spec.modelNormBound());
            double norm = Math.sqrt(dot(v, v));
            if (norm == 0) {
                continue;
            }
            double[] q = new double[d];
            for (int p = 0; p < d; p++) {
                for (int a = 0; a < k; a++) {
                    q[p] += previous[p * k + a] * v[a] / norm;
                }
            }
            double along = dot(q, w);
            for (int p = 0; p < d; p++) {
                q[p] -= along * w[p];
            }
            score += dot(project(billboard.get(t), w), project(billboard.get(t), q));
        }
        return score;
    }

    /**
     * The canary (world 1) or its mirror (world 0) for user {@code target}; see the class comment.
     * Its ground truth is zero: it is not drawn from the model, and only the evaluation metric,
     * which the game ignores, reads it.
     */
    private UserDataset canary(int target, SplitPlan split, double[] u, double[] w, boolean world1) {
        int d = task.dimension();
        int m = task.samplesPerUser();
        double scale = FEATURE_SCALE * spec.clipModel();
        double label = LABEL_SCALE * spec.clipLabel();
        int initTo = split.initFrom() + 2 * split.initPairs();
        double[] x = new double[m * d];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            boolean fitsV = i >= split.vFrom() && i < split.vTo();
            boolean inU = i >= split.uFrom() && i < split.uTo();
            boolean inInit = i >= split.initFrom() && i < initTo;
            boolean released = inU || inInit;
            for (int p = 0; p < d; p++) {
                double feature = fitsV && released ? (u[p] + w[p]) / Math.sqrt(2) : fitsV ? u[p] : w[p];
                x[i * d + p] = scale * feature;
            }
            y[i] = canaryLabel(split, i, world1, label);
        }
        return new UserDataset(target, d, x, y, new double[task.rank()], new double[d]);
    }

    /**
     * The label of row {@code i} of the canary (world 1: every row {@code label}) or of its mirror
     * (world 0): a row no release reads keeps {@code label}; a row that fits v in a released step reads 0;
     * a U-step row and every second initialisation row flip to −{@code label}, the others keep it.
     */
    static double canaryLabel(SplitPlan split, int i, boolean world1, double label) {
        int initTo = split.initFrom() + 2 * split.initPairs();
        boolean fitsV = i >= split.vFrom() && i < split.vTo();
        boolean inU = i >= split.uFrom() && i < split.uTo();
        boolean released = inU || (i >= split.initFrom() && i < initTo);
        if (world1 || !released) {
            return label;
        }
        if (fitsV) {
            return 0;
        }
        return inU || (i - split.initFrom()) % 2 == 1 ? -label : label;
    }

    /** A unit vector orthogonal to span(U*): a Gaussian draw minus its projection, normalised. */
    private static double[] offSpan(DMatrixRMaj uStar, SplittableRandom rng) {
        DMatrixRMaj g = gaussian(uStar.numRows, rng);
        DMatrixRMaj coefficients = new DMatrixRMaj(uStar.numCols, 1);
        CommonOps_DDRM.multTransA(uStar, g, coefficients);
        CommonOps_DDRM.multAdd(-1, uStar, coefficients, g);
        return normalise(g.data);
    }

    /** The unit vector U*g/‖U*g‖ for a Gaussian g ∈ R^k. */
    private static double[] inSpan(DMatrixRMaj uStar, SplittableRandom rng) {
        DMatrixRMaj v = new DMatrixRMaj(uStar.numRows, 1);
        CommonOps_DDRM.mult(uStar, gaussian(uStar.numCols, rng), v);
        return normalise(v.data);
    }

    private static DMatrixRMaj gaussian(int rows, SplittableRandom rng) {
        DMatrixRMaj g = new DMatrixRMaj(rows, 1);
        for (int p = 0; p < rows; p++) {
            g.data[p] = rng.nextGaussian();
        }
        return g;
    }

    /** Uᵀz for a row-major d×k U. */
    private double[] project(double[] u, double[] z) {
        int d = task.dimension();
        int k = task.rank();
        double[] out = new double[k];
        for (int a = 0; a < k; a++) {
            for (int p = 0; p < d; p++) {
                out[a] += u[p * k + a] * z[p];
            }
        }
        return out;
    }

    private static double[] normalise(double[] v) {
        double norm = Math.sqrt(dot(v, v));
        for (int i = 0; i < v.length; i++) {
            v[i] /= norm;
        }
        return v;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
