package org.privsim.core.scenario;

import java.util.List;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.privacy.Calibration;

/**
 * The value every optional scenario field takes when a scenario leaves it out; the parser resolves
 * defaults only through this class, so runners, reports and the README can point here.
 *
 * <p>The data-dependent defaults use the paper's normalisation (Jain et al. 2021): x ~ N(0, I_d)
 * and v* ~ N(0, I_k), so the incoherence μ and the k-th eigenvalue λ_k are 1, and the
 * polylogarithmic factors of their Lemmas 4.4 and 4.6 are taken as 1. The aggregation range size
 * defaults to {@link Aggregation#DEFAULT_RANGE_SIZE}.
 */
public final class Defaults {

    /** Root seed. */
    public static final long SEED = 0;
    /** Candidate epoch count of priv-altmin with participation {@code epochs}. */
    public static final int PRIV_ALTMIN_EPOCHS = 5;
    /** Epoch cap of non-private-altmin with participation {@code epochs}. */
    public static final int NON_PRIVATE_ALTMIN_EPOCH_CAP = 100;
    /** Rounds T with participation {@code disjoint-batches}. */
    public static final int DISJOINT_BATCH_ROUNDS = 5;
    /** Calibration of private algorithms. */
    public static final Calibration CALIBRATION = Calibration.PAPER;
    /** Participation of the altmin algorithms. */
    public static final Participation PARTICIPATION = Participation.EPOCHS;
    /** Sample split of the altmin algorithms. */
    public static final SampleSplit SPLIT = SampleSplit.REUSE;
    /** Share of ρ priv-altmin spends on its private initialisation. */
    public static final double INIT_BUDGET_FRACTION = 0.2;
    /** U-step of priv-altmin: the published Alg. 2. */
    public static final UStep U_STEP = UStep.FULL;
    /** Feature second moment of the Kronecker U-step. */
    public static final FeatureCovariance FEATURE_COVARIANCE = FeatureCovariance.PRIVATE;
    /** Share of ρ priv-altmin spends on the private S of the Kronecker U-step (featureCovariance private). */
    public static final double FEATURE_BUDGET_FRACTION = 0.1;
    /** Independent repeats (data and noise) of a low-rank experiment cell. */
    public static final int LOW_RANK_REPEATS = 1;
    /** Ridge λ of every algorithm's local fits except own-data, whose default is {@link #ridge}. */
    public static final double RIDGE = 1e-6;
    /** Convergence tolerance of non-private-altmin. */
    public static final double TOLERANCE = 1e-9;
    /** Independent runs averaged per (ε, t) of an indexed-mean experiment. */
    public static final int REPEATS = 20;
    /** Samples per person of an indexed-mean task. */
    public static final int SAMPLES_PER_PERSON = 1;
    /** Index assignment of an indexed-mean task. */
    public static final IndexAssignment INDICES = IndexAssignment.DISTINCT;
    /** Trials of an audit (half per world; half select the threshold, half are counted). */
    public static final int TRIALS = 4000;
    /** Confidence of an audit's simultaneous Clopper–Pearson bounds. */
    public static final double CONFIDENCE = 0.95;
    /** Canary magnitude of an indexed-mean audit: the target's samples are all +c vs all −c. */
    public static final double CANARY_SCALE = 1;
    /** The audited person (or user) when an audit names none. */
    public static final int TARGET = 0;

    private Defaults() {}

    /**
     * Epochs of an altmin algorithm: [1] with {@code disjoint-batches} (each user is used once, over
     * the rounds); otherwise [{@value #PRIV_ALTMIN_EPOCHS}] for priv-altmin and the cap
     * [{@value #NON_PRIVATE_ALTMIN_EPOCH_CAP}] for non-private-altmin.
     */
    public static List<Integer> epochs(Algorithm algorithm, Participation participation) {
        if (participation == Participation.DISJOINT_BATCHES) {
            return List.of(1);
        }
        return switch (algorithm) {
            case PRIV_ALTMIN -> List.of(PRIV_ALTMIN_EPOCHS);
            case NON_PRIVATE_ALTMIN -> List.of(NON_PRIVATE_ALTMIN_EPOCH_CAP);
            default -> throw notUsedBy("epochs", algorithm);
        };
    }

    /**
     * Clip bound η: for priv-altmin √(d·k), the typical ‖x‖‖v‖ (Lemma 4.4's η); for
     * single-model-dp √d, the typical ‖x‖.
     */
    public static double clipModel(Algorithm algorithm, LowRankRegressionTask task) {
        return switch (algorithm) {
            case PRIV_ALTMIN -> Math.sqrt((double) task.dimension() * task.rank());
            case SINGLE_MODEL_DP -> Math.sqrt(task.dimension());
            default -> throw notUsedBy("clipModel", algorithm);
        };
    }

    /** Label clip bound ζ = σ_F + √k (Lemmas 4.4 and 4.6), for every private algorithm. */
    public static double clipLabel(LowRankRegressionTask task) {
        return task.labelNoise() + Math.sqrt(task.rank());
    }

    /**
     * Ridge λ: for own-data max(σ_F²·d/k, {@value #RIDGE}), the posterior-mean ridge for an
     * isotropic prior on θ ∈ R^d with E‖θ‖² = k; for every other algorithm {@value #RIDGE}.
     */
    public static double ridge(Algorithm algorithm, LowRankRegressionTask task) {
        if (algorithm != Algorithm.OWN_DATA) {
            return RIDGE;
        }
        double sigma = task.labelNoise();
        return Math.max(sigma * sigma * task.dimension() / task.rank(), RIDGE);
    }

    /** Clip bound τ on ‖x‖ for the private S of the Kronecker U-step: √d, the typical ‖x‖. */
    public static double clipFeature(LowRankRegressionTask task) {
        return Math.sqrt(task.dimension());
    }

    /**
     * Share of each round's ρ the full U-step spends on A (the rest goes to b): the published even
     * split, ½.
     */
    public static double roundBudgetSplit(LowRankRegressionTask task) {
        return 0.5;
    }

    /**
     * User-level clip bound C on ‖b_j‖ of the Kronecker U-step: the typical norm of a user's b_j under
     * the paper's normalisation with the clip bounds at the typical norms, ‖v‖ ≈ η/√d and
     * ‖θ‖ ≈ ζ: E‖Σ_i y_i x_i‖² = m_U(d + m_U + 1)‖θ‖² for x ~ N(0, I_d), y = ⟨x, θ⟩, so
     * C = (η/√d)·ζ·√(m_U(d + m_U + 1)) (m_U the U-step samples of the split).
     */
    public static double clipMoment(LowRankRegressionTask task, double clipModel, double clipLabel,
                                    SampleSplit split) {
        int d = task.dimension();
        int mU = SplitPlan.of(split, task.samplesPerUser()).uSamples();
        return clipModel / Math.sqrt(d) * clipLabel * Math.sqrt((double) mU * (d + mU + 1));
    }

    /** Bound R on ‖v_j‖ in the v-step: √k + √(2 ln n), a high-probability bound on ‖v_j*‖. */
    public static double modelNormBound(LowRankRegressionTask task) {
        return Math.sqrt(task.rank()) + Math.sqrt(2 * Math.log(task.users()));
    }

    private static IllegalArgumentException notUsedBy(String field, Algorithm algorithm) {
        return new IllegalArgumentException(field + " is not used by " + algorithm.id());
    }
}
