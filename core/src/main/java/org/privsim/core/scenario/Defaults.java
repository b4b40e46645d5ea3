package org.privsim.core.scenario;

import java.util.List;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.privacy.BudgetAllocation;
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
    /** How a candidate is chosen among several ({@code selection}). */
    public static final Selection SELECTION = Selection.ORACLE;
    /**
     * Mean number of candidates of a private selection: 4 covers a list of two to four candidates
     * (each drawn uniformly) while the selection's overhead grows only with ln(mean).
     */
    public static final double SELECTION_MEAN = 4;
    /**
     * Shape η of the private selection's truncated negative binomial: 0, the logarithmic distribution, the
     * cheapest of the family at a given mean (its selection costs the least on top of a candidate;
     * docs/accounting.md, "Private selection").
     */
    public static final double SELECTION_SHAPE = 0;
    /** U-step of priv-altmin: the published Alg. 2. */
    public static final UStep U_STEP = UStep.FULL;
    /** Feature second moment of the Kronecker U-step. */
    public static final FeatureCovariance FEATURE_COVARIANCE = FeatureCovariance.PRIVATE;
    /** Share of ρ priv-altmin spends on the private S of the Kronecker U-step (featureCovariance private). */
    public static final double FEATURE_BUDGET_FRACTION = 0.1;
    /** Independent repeats (data and noise) of a low-rank experiment cell. */
    public static final int LOW_RANK_REPEATS = 1;
    /** Ridge λ of every algorithm's local fits except own-data, whose default is {@link #ridge}. */
    /** Whether a dataset task standardizes its numeric features and label by default. */
    public static final boolean STANDARDIZE = true;
    /** Whether a dataset task appends a constant 1 feature (a per-user intercept) by default. */
    public static final boolean INTERCEPT = true;
    /** Share of each user's rows a dataset task holds out for testing. */
    public static final double TEST_FRACTION = 0.3;
    /** Users with fewer rows are dropped from a dataset task (one training and one test row at least). */
    public static final int MIN_SAMPLES_PER_USER = 2;
    /** Rows with missing values fail a dataset task unless it says otherwise. */
    public static final MissingValues MISSING = MissingValues.ERROR;
    /** Rank k of the altmin algorithms on a dataset task when the experiment gives none. */
    public static final int DATASET_RANK = 2;

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

    /** Rank r of the task covariance of a low-rank multi-task population (capped at min(d, m)). */
    public static final int TASK_RANK = 5;
    /** Entry scale s of a low-rank multi-task model matrix: E‖w_i‖² = d s². */
    public static final double MODEL_SCALE = 10;
    /** Label noise σ of a multi-task population (the paper's N(0, 1)). */
    public static final double MULTITASK_LABEL_NOISE = 1;
    /** Test rows per task as a multiple of the training rows (the paper's 9n). */
    public static final int TEST_SAMPLES_FACTOR = 9;
    /** Independent repeats of a multi-task cell. */
    public static final int MULTITASK_REPEATS = 1;
    /** Iterations T of the non-private iterative multi-task algorithms (mtl-trace-norm, mtl-group-lasso). */
    public static final int MULTITASK_ITERATIONS = 10;
    /**
     * Iterations T of MP-MTL (mp-mtl-low-rank, mp-mtl-group-sparse): one private step from the tasks'
     * own ridge models. Measured best over T ∈ {1, 2, 3, 5, 10, 20} at m ∈ {50, 200} tasks × 30 rows,
     * d = 20, ε ∈ {1, 10}, both structures, 20 repeats (bench/RESULTS.md, "Defaults that work"): every release splits ε, so
     * more iterations add more noise than they remove bias.
     */
    public static final int MP_MTL_ITERATIONS = 1;
    /**
     * Candidates for λ of the iterative multi-task algorithms when an experiment gives none: a
     * data-independent grid, 1–3 steps per decade from 0.1 to 3000; like a given list, each is run
     * and the one with the lowest validation nMSE is reported (the validation rows are outside the
     * privacy budget, as the paper's cross-validation was).
     */
    public static final List<Double> LAMBDAS = List.of(0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0);

    /** Whether the iterative multi-task algorithms accelerate (β_t = (t − 1)/(t + 2)). */
    public static final boolean ACCELERATION = true;
    /** How MP-MTL perturbs the task-model covariance: the paper's Wishart release. */
    public static final CovarianceNoise COVARIANCE_NOISE = CovarianceNoise.WISHART;
    /**
     * Candidates for the Gaussian covariance release's diagonal shift, in units of 2√d·σ_t: none
     * (best at large ε) and twice the noise's spectral edge, which puts the lower edge of the shifted
     * noise spectrum at 2√d·σ_t, growing with the noise as the Wishart's does (keeps the STL fallback
     * at small ε; factor 1 leaves that edge at 0 and measured up to 8% worse than STL on liang-fig6).
     */
    public static final List<Double> COVARIANCE_SHIFTS = List.of(0.0, 2.0);
    /** How MP-MTL's Gaussian covariance release turns (ε, δ) into ρ: the tightest valid conversion. */
    public static final Calibration GAUSSIAN_COVARIANCE_CALIBRATION = Calibration.TIGHT;
    /** Ridge μ of every task's loss in the multi-task algorithms. */
    public static final double MULTITASK_RIDGE = 0.01;
    /** Where the iterative multi-task algorithms start. */
    public static final InitialModels INITIAL_MODELS = InitialModels.STL;
    /** Factor applied to the outlier task's initial model. */
    public static final double OUTLIER_SCALE = 100;

    private Defaults() {}

    /** Label noise σ of a transfer task (Thaker et al. model (2): η ~ N(0, 1)). */
    public static final double TRANSFER_LABEL_NOISE = 1;
    /** Scale s of the transfer task vectors: E‖Bα‖² = s². */
    public static final double TASK_NORM = 1;
    /** Representation of a transfer experiment: the public estimate B̂ (Thaker et al. Alg. 1). */
    public static final Representation REPRESENTATION = Representation.PUBLIC;
    /** δ of the private-altmin representation's Priv-AltMin run. */
    public static final double REPRESENTATION_DELTA = 1e-5;
    /** Epochs of the private-altmin representation's Priv-AltMin run. */
    public static final int REPRESENTATION_EPOCHS = 5;

    /**
     * The priv-altmin experiment a private-altmin representation runs on the public tasks taken as
     * {@code users}: every setting at its priv-altmin default for those users (full U-step, epochs
     * participation, the default split, clips, ridge and norm bound), the given ε, δ and epochs, the
     * tight calibration, one repeat.
     */
    public static ExperimentSpec representationAltMin(LowRankRegressionTask users, double epsilon, double delta,
                                                      int epochs) {
        return new ExperimentSpec(Algorithm.PRIV_ALTMIN, List.of(epsilon), delta, Calibration.TIGHT, List.of(epochs),
                PARTICIPATION, null, SPLIT, altMinClipModel(users), clipLabel(users), INIT_BUDGET_FRACTION, UStep.FULL,
                null, null, null, roundBudgetSplit(users), null, RIDGE, modelNormBound(users), null, null, 1, null);
    }
    /** Estimator of the public representation: the paper's method of moments. */
    public static final SubspaceEstimator SUBSPACE_ESTIMATOR = SubspaceEstimator.MOMENTS;
    /** DP-SGD Poisson sampling rate q. */
    public static final double SAMPLING_RATE = 0.01;
    /** DP-SGD's accountant when the scenario does not name one: the privacy loss distribution (the tighter upper bound). */
    public static final Accountant ACCOUNTANT = Accountant.PLD;
    /** DP-SGD expected epochs: steps = ⌈epochs / q⌉ (Thaker et al. §5.4 train 50 epochs). */
    public static final int DP_SGD_EPOCHS = 50;
    /** DP-SGD per-example gradient clip (Thaker et al. §5.4's grid-searched 0.5). */
    public static final double CLIP_GRADIENT = 0.5;
    /** DP-SGD learning rate (Thaker et al. §5.4's grid-searched 0.1). */
    public static final double LEARNING_RATE = 0.1;
    /** Calibration of sufficient-statistics' zCDP budget: the tight conversion. */
    public static final Calibration TRANSFER_CALIBRATION = Calibration.TIGHT;
    /** Repeats of a transfer experiment (fresh B, tasks, data and noise each). */
    public static final int TRANSFER_REPEATS = 5;
    /** Share of sufficient-statistics' ρ spent on XᵀX. */
    public static final double STATISTICS_BUDGET_SPLIT = 0.5;

    /** Clip bound η of priv-altmin: √(d·k), the typical ‖x‖‖v‖ (Lemma 4.4's η). */
    public static double altMinClipModel(LowRankRegressionTask task) {
        return Math.sqrt((double) task.dimension() * task.rank());
    }

    /** Clip bound η of single-model-dp: √d, the typical ‖x‖. */
    public static double singleModelClipModel(LowRankRegressionTask task) {
        return Math.sqrt(task.dimension());
    }

    /** Label clip bound ζ = σ_F + √k (Lemmas 4.4 and 4.6), for every private algorithm. */
    public static double clipLabel(LowRankRegressionTask task) {
        return task.labelNoise() + Math.sqrt(task.rank());
    }

    /**
     * Ridge λ of a personal model fitted in d dimensions (own-data, dp-fedavg's fine-tuning):
     * max(σ_F²·d/k, {@value #RIDGE}), the posterior-mean ridge for an isotropic prior on θ ∈ R^d with
     * E‖θ‖² = k (every other low-rank algorithm's is {@value #RIDGE}).
     */
    public static double ownDataRidge(LowRankRegressionTask task) {
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

    /**
     * Budget allocation over the Wishart releases (Liang et al. §4.5, convex loss): power(0.4) (their
     * α = 2/5) with acceleration, uniform (α = 0) without.
     */
    public static BudgetAllocation allocation(boolean acceleration) {
        return acceleration ? BudgetAllocation.power(0.4) : BudgetAllocation.uniform();
    }

    /** δ of the composition bound: 1/(m ln m), the paper's choice (§5.2, after Abadi et al.). */
    public static double multitaskDelta(MultitaskRegressionTask task) {
        double m = task.tasks();
        return 1 / (m * Math.log(m));
    }

    /**
     * Clip bound K on ‖w_i‖: twice the typical norm √(E‖w_i‖²) of a true model — E‖w_i‖² = d s² for
     * low-rank, 4·E[u²] = 4(50³ − 1)/(3·49) for group-sparse (u uniform on [1, 50]) — the larger over
     * the task's structures.
     */
    public static double multitaskClip(MultitaskRegressionTask task) {
        double meanSquare = 0;
        for (MultitaskStructure s : task.structures()) {
            meanSquare = Math.max(meanSquare, s == MultitaskStructure.LOW_RANK
                    ? task.dimension() * task.modelScale() * task.modelScale()
                    : MultitaskStructure.GROUP_SPARSE_ROWS * (50.0 * 50 * 50 - 1) / (3 * 49));
        }
        return 2 * Math.sqrt(meanSquare);
    }

    /**
     * Step size η: 1/(typical largest eigenvalue of X_iᵀX_i) for n unit-norm Gaussian rows in d
     * dimensions, the Marchenko–Pastur edge (√n + √d)²/d, i.e. η = d/(√n + √d)².
     */
    public static double stepSize(MultitaskRegressionTask task) {
        double edge = Math.sqrt(task.samplesPerTask()) + Math.sqrt(task.dimension());
        return task.dimension() / (edge * edge);
    }

    /** DP-SGD steps for sampling rate q: ⌈{@value #DP_SGD_EPOCHS} / q⌉, i.e. that many expected epochs. */
    public static int steps(double samplingRate) {
        return (int) Math.ceil(DP_SGD_EPOCHS / samplingRate);
    }

    /**
     * Feature clip τ of sufficient-statistics: √p + 2 for features in p dimensions (k, or d without a
     * representation) — ‖x‖ of a standard normal x ∈ R^p concentrates at √p with O(1) spread.
     */
    public static double transferClipFeature(TransferRegressionTask task, Representation representation) {
        int p = representation == Representation.NONE ? task.dimension() : task.rank();
        return Math.sqrt(p) + 2;
    }

    /** Label clip ζ of sufficient-statistics: two standard deviations of y, 2√(s² + σ²). */
    public static double transferClipLabel(TransferRegressionTask task) {
        return 2 * Math.sqrt(task.taskNorm() * task.taskNorm() + task.labelNoise() * task.labelNoise());
    }
}
