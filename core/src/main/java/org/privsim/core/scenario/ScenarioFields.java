package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldSpec.bool;
import static org.privsim.core.scenario.FieldSpec.choice;
import static org.privsim.core.scenario.FieldSpec.choices;
import static org.privsim.core.scenario.FieldSpec.integer;
import static org.privsim.core.scenario.FieldSpec.integers;
import static org.privsim.core.scenario.FieldSpec.number;
import static org.privsim.core.scenario.FieldSpec.numbers;
import static org.privsim.core.scenario.FieldSpec.string;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.privsim.core.audit.AuditAdversary;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.audit.Verdict;
import org.privsim.core.privacy.BudgetAllocation;
import org.privsim.core.privacy.Calibration;

/**
 * The scenario's fields, each declared once as a {@link FieldSpec}: the top level, every task
 * type, the experiment fields with the algorithms that use them, the ratings experiments' fields
 * and the audit fields. The readers read through these specs and {@link ScenarioSchema} writes them,
 * so the validation and the published schema and reference come from one declaration.
 *
 * <p>Guarantee: every field a reader accepts is listed here, in the order of its "expected one of"
 * message; a field listed twice in one section is a variant for a disjoint set of algorithms.
 */
public final class ScenarioFields {

    private ScenarioFields() {}

    /** An experiment field and the algorithms that use it. */
    record Used(FieldSpec spec, Set<Algorithm> by) {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    // ---- shared limits ---------------------------------------------------------------------------

    /** Largest repeats an indexed-mean experiment may ask for. */
    static final int MAX_REPEATS = 100_000;
    /** Largest repeats of the other experiments (each repeat is a whole population and run). */
    static final int MAX_LOW_RANK_REPEATS = 1_000;
    /** Largest T of an iterative multi-task algorithm. */
    static final int MAX_ITERATIONS = 100_000;
    /** Largest number of held-out users. */
    static final int MAX_HELD_OUT_USERS = 1_000_000;
    /** Largest number of epochs of the private-altmin representation. */
    static final int MAX_REPRESENTATION_EPOCHS = 100;
    /** Largest number of DP-SGD steps. */
    static final int MAX_STEPS = 10_000_000;

    // ---- top level -------------------------------------------------------------------------------

    static final FieldSpec NAME = FieldSpec.custom("name", NODES.objectNode().put("type", "string")
                    .put("pattern", "^[A-Za-z0-9._-]+$").put("maxLength", ScenarioParser.MAX_NAME)
                    .set("not", NODES.objectNode().set("enum", NODES.arrayNode().add(".").add("..")))).required()
            .doc("Names the output folder: letters, digits, '.', '_' and '-', at most " + ScenarioParser.MAX_NAME
                    + " characters, not '.' or '..'.");
    static final FieldSpec SEED = FieldSpec.wholeNumber("seed").byDefault(Defaults.SEED)
            .doc("Root seed: every random draw comes from a stream derived from (seed, purpose, index).");
    static final FieldSpec TASK = FieldSpec.custom("task", ref("task")).required()
            .doc("The population every experiment runs on (see the task types).");
    static final FieldSpec AGGREGATION = FieldSpec.custom("aggregation", ref("aggregation"))
            .doc("How users are grouped under aggregators.");
    static final FieldSpec EXPERIMENTS = FieldSpec.custom("experiments", list(ref("experiment")))
            .doc("The experiments, one report section each; required unless audits are given.");
    static final FieldSpec AUDITS = FieldSpec.custom("audits", list(ref("audit")))
            .doc("Privacy audits; with audits, experiments may be left out.");
    static final FieldSpec RUN_PLACEMENT = choice("runPlacement", RunPlacement::id, RunPlacement.values())
            .byDefault(RunPlacement.AUTO.id())
            .doc("Where a cluster runs each run: whole on one users node, or its participants spread over the users"
                    + " nodes by id ranges (low-rank, ratings and federated runs); auto spreads them when the scenario"
                    + " does not fit one node's heap. Never changes a number; the local runners ignore it.");
    static final List<FieldSpec> TOP = List.of(NAME, SEED, TASK, AGGREGATION, RUN_PLACEMENT, EXPERIMENTS, AUDITS);

    static final FieldSpec RANGE_SIZE = integer("rangeSize", Bounds.atLeast(1)).byDefault(Aggregation.DEFAULT_RANGE_SIZE)
            .doc("Users per aggregation range: a low-rank collection is summed range by range (ids ascending),"
                    + " the ranges' sums added in range order; the actor runtimes fold the ranges at once.");
    static final List<FieldSpec> AGGREGATION_FIELDS = List.of(RANGE_SIZE);

    // ---- tasks -----------------------------------------------------------------------------------

    /** The task types in documentation order. */
    static final List<String> TASK_TYPES = List.of(LowRankRegressionTask.TYPE, IndexedMeanTask.TYPE,
            IndexedMeanTask.SIGN_TYPE, MultitaskRegressionTask.TYPE, TransferRegressionTask.TYPE, RatingsTask.TYPE,
            DatasetTask.TYPE);

    static final FieldSpec TYPE = FieldSpec.custom("type", NODES.objectNode().put("type", "string")).required()
            .doc("The task type.");

    static final FieldSpec LR_USERS = integer("users", Bounds.between(2, TaskReader.MAX_USERS)).required()
            .doc("n, the number of users.");
    static final FieldSpec LR_SAMPLES = integer("samplesPerUser", Bounds.atLeast(2)).required()
            .doc("m, the samples each user holds.");
    static final FieldSpec LR_DIMENSION = integer("dimension", Bounds.between(1, TaskReader.MAX_DIMENSION)).required()
            .doc("d, the feature dimension (the curator holds dk×dk matrices, so at most "
                    + TaskReader.MAX_DIMENSION + ").");
    static final FieldSpec LR_RANK = integer("rank", Bounds.atLeast(1)).required()
            .doc("k, the rank of the shared representation U* (≤ dimension).");
    static final FieldSpec LR_LABEL_NOISE = number("labelNoise", Bounds.scaleOrZero()).required()
            .doc("σ_F, the label noise.");
    static final FieldSpec POPULATION = choice("population", PopulationMode::id, PopulationMode.values())
            .doc("How runs hold the users' data sets: stored (built once, kept) or regenerated (rebuilt from the"
                    + " seed and the user's id at every step, nothing kept per user); the same numbers either way."
                    + " Default: stored when the run fits the heap, else regenerated (run prints its choice).");
    static final FieldSpec DS_POPULATION = choice("population", PopulationMode::id, PopulationMode.STORED)
            .doc("A data set's users are read from its file and always stored: only stored is allowed.");
    static final List<FieldSpec> LOW_RANK_TASK = List.of(TYPE, LR_USERS, LR_SAMPLES, LR_DIMENSION, LR_RANK,
            LR_LABEL_NOISE, POPULATION);

    static final FieldSpec IM_DIMENSION = integer("dimension", Bounds.between(1, TaskReader.MAX_INDEXED_DIMENSION))
            .required().doc("d, the number of coordinates (no run costs O(d)).");
    static final FieldSpec IM_PERSONS = integer("persons", Bounds.between(2, TaskReader.MAX_PERSONS)).required()
            .doc("t, the number of persons (the experiments' default t; ≤ dimension with distinct indices).");
    static final FieldSpec IM_SAMPLES = integer("samplesPerPerson", Bounds.between(1, TaskReader.MAX_SAMPLES_PER_PERSON))
            .byDefault(Defaults.SAMPLES_PER_PERSON).doc("n, the samples each person holds.");
    static final FieldSpec IM_INDICES = choice("indices", IndexAssignment::id, IndexAssignment.values())
            .byDefault(Defaults.INDICES.id())
            .doc("distinct (person i reads coordinate i; needs persons ≤ dimension) or random (uniform, independently).");
    static final List<FieldSpec> INDEXED_MEAN_TASK = List.of(TYPE, IM_DIMENSION, IM_PERSONS, IM_SAMPLES, IM_INDICES);

    static final FieldSpec MT_TASKS = integer("tasks", Bounds.between(2, TaskReader.MAX_TASKS)).required()
            .doc("m, the number of tasks.");
    static final FieldSpec MT_SAMPLES = integer("samplesPerTask", Bounds.atLeast(2)).required()
            .doc("n, the training rows per task.");
    static final FieldSpec MT_DIMENSION = integer("dimension", Bounds.between(1, TaskReader.MAX_DIMENSION)).required()
            .doc("d (≥ 4 for group-sparse).");
    static final FieldSpec MT_TEST = integer("testSamplesPerTask", Bounds.atLeast(1)).defaultWords("9n")
            .doc("Test rows per task.");
    static final FieldSpec MT_VALIDATION = integer("validationSamplesPerTask", Bounds.atLeast(1)).defaultWords("n")
            .doc("Validation rows per task (they choose λ among the candidates).");
    static final FieldSpec MT_STRUCTURE = choices("structure", MultitaskStructure::id, MultitaskStructure.values())
            .required().doc("The true models' structure, or a list of both (one cell per structure).");
    static final FieldSpec MT_LABEL_NOISE = number("labelNoise", Bounds.scaleOrZero())
            .byDefault(Defaults.MULTITASK_LABEL_NOISE).doc("σ, the label noise.");
    static final FieldSpec MT_TASK_RANK = integer("taskRank", Bounds.atLeast(1))
            .defaultWords("min(" + Defaults.TASK_RANK + ", d, m)")
            .doc("r, the rank of the task covariance (structure low-rank only; ≤ min(d, m)).");
    static final FieldSpec MT_MODEL_SCALE = number("modelScale", Bounds.scale()).byDefault(Defaults.MODEL_SCALE)
            .doc("s, with E‖w_i‖² = d s² (structure low-rank only).");
    static final List<FieldSpec> MULTITASK_TASK = List.of(TYPE, MT_TASKS, MT_SAMPLES, MT_DIMENSION, MT_TEST,
            MT_VALIDATION, MT_STRUCTURE, MT_LABEL_NOISE, MT_TASK_RANK, MT_MODEL_SCALE);

    static final FieldSpec TR_DIMENSION = integer("dimension", Bounds.between(1, TaskReader.MAX_DIMENSION)).required()
            .doc("d.");
    static final FieldSpec TR_RANK = integer("rank", Bounds.atLeast(1)).required().doc("k, 1 to d.");
    static final FieldSpec TR_PUBLIC_TASKS = integer("publicTasks", Bounds.between(1, TaskReader.MAX_TASKS)).required()
            .doc("t, the number of public tasks.");
    static final FieldSpec TR_PUBLIC_SAMPLES = integers("publicSamples", Bounds.between(1, TaskReader.MAX_TRANSFER_ROWS))
            .required().doc("n₁ values (public rows in total): each public representation runs once per value.");
    static final FieldSpec TR_PRIVATE_SAMPLES = integers("privateSamples",
            Bounds.between(2, TaskReader.MAX_PRIVATE_SAMPLES)).required()
            .doc("n₂ values (private rows = users, each a participant of the run): one report row per value.");
    static final FieldSpec TR_SHIFT = number("subspaceShift", Bounds.between(0, 1)).byDefault(0.0)
            .doc("γ, the sine of every principal angle between the public and the private subspace (needs 2k ≤ d"
                    + " when > 0).");
    static final FieldSpec TR_LABEL_NOISE = number("labelNoise", Bounds.scaleOrZero())
            .byDefault(Defaults.TRANSFER_LABEL_NOISE).doc("σ, the label noise.");
    static final FieldSpec TR_TASK_NORM = number("taskNorm", Bounds.scale()).byDefault(Defaults.TASK_NORM)
            .doc("s: α ~ N(0, (s²/k) I_k), E‖Bα‖² = s².");
    static final List<FieldSpec> TRANSFER_TASK = List.of(TYPE, TR_DIMENSION, TR_RANK, TR_PUBLIC_TASKS,
            TR_PUBLIC_SAMPLES, TR_PRIVATE_SAMPLES, TR_SHIFT, TR_LABEL_NOISE, TR_TASK_NORM);

    static final FieldSpec MISSING = choice("missing", MissingValues::id, MissingValues.values())
            .byDefault(Defaults.MISSING.id()).doc("What a row with a missing value does: fail the task or be dropped.");
    static final FieldSpec DS_PATH = string("path").required()
            .doc("The CSV file, relative to the scenario file's folder.");
    static final FieldSpec DS_USER = string("userColumn").required().doc("The column naming each row's user.");
    static final FieldSpec DS_LABEL = string("labelColumn").required().doc("The label column.");
    static final FieldSpec DS_FEATURES = FieldSpec.custom("features", features()).required()
            .doc("Distinct feature columns: a name, or {name, categorical: true} (one model column per category);"
                    + " neither the user nor the label column.");
    static final FieldSpec DS_STANDARDIZE = bool("standardize").byDefault(Defaults.STANDARDIZE)
            .doc("Standardize the numeric features and the label.");
    static final FieldSpec DS_INTERCEPT = bool("intercept").byDefault(Defaults.INTERCEPT)
            .doc("Append a constant 1 feature (a per-user intercept).");
    static final FieldSpec DS_TEST_FRACTION = number("testFraction", Bounds.strictlyBetween(0, 1))
            .byDefault(Defaults.TEST_FRACTION).doc("Share of each user's rows held out for testing.");
    static final FieldSpec DS_MIN_SAMPLES = integer("minSamplesPerUser", Bounds.atLeast(2))
            .byDefault(Defaults.MIN_SAMPLES_PER_USER).doc("Users with fewer rows are dropped.");
    static final List<FieldSpec> DATASET_TASK = List.of(TYPE, DS_PATH, DS_USER, DS_LABEL, DS_FEATURES,
            DS_STANDARDIZE, DS_INTERCEPT, DS_TEST_FRACTION, DS_MIN_SAMPLES, MISSING, DS_POPULATION);

    static final FieldSpec FEATURE_NAME = string("name").required().doc("The column.");
    static final FieldSpec FEATURE_CATEGORICAL = bool("categorical").byDefault(false)
            .doc("One model column per category.");
    static final List<FieldSpec> FEATURE = List.of(FEATURE_NAME, FEATURE_CATEGORICAL);

    static final FieldSpec RT_MIN_RATING = number("minRating", Bounds.between(-TaskReader.MAX_RATING,
            TaskReader.MAX_RATING)).byDefault(RatingsTask.MIN_RATING)
            .doc("The smallest rating (required with path).");
    static final FieldSpec RT_MAX_RATING = number("maxRating", Bounds.between(-TaskReader.MAX_RATING,
            TaskReader.MAX_RATING)).byDefault(RatingsTask.MAX_RATING)
            .doc("The largest rating, > minRating (required with path).");
    static final FieldSpec RT_TEST_FRACTION = number("testFraction", Bounds.strictlyBetween(0, 1))
            .byDefault(RatingsTask.TEST_FRACTION).doc("Share of each user's ratings held out for testing.");
    static final FieldSpec RT_MIN_RATINGS = integer("minRatingsPerUser", Bounds.between(2, TaskReader.MAX_ITEMS))
            .defaultWords(Defaults.MIN_SAMPLES_PER_USER + " from a file, " + RatingsTask.SYNTHETIC_MIN_RATINGS
                    + " synthetic").doc("Users with fewer ratings are dropped (synthetic: each user rates at least"
                    + " this many distinct items, ≤ items).");
    static final FieldSpec RT_PATH = string("path").doc("The ratings CSV file, relative to the scenario file's folder;"
            + " without it the ratings are synthetic.");
    static final FieldSpec RT_USER = string("userColumn").required().doc("The user column (with path).");
    static final FieldSpec RT_ITEM = string("itemColumn").required().doc("The item column (with path).");
    static final FieldSpec RT_RATING = string("ratingColumn").required().doc("The rating column (with path).");
    static final FieldSpec RT_USERS = integer("users", Bounds.between(2, TaskReader.MAX_USERS)).required()
            .doc("Synthetic: the number of users.");
    static final FieldSpec RT_ITEMS = integer("items", Bounds.between(2, TaskReader.MAX_ITEMS)).required()
            .doc("Synthetic: the number of items (items × rank ≤ " + TaskReader.MAX_ITEM_FACTOR_VALUES + ").");
    static final FieldSpec RT_RANK = integer("rank", Bounds.between(1, RatingsSettings.MAX_RANK)).required()
            .doc("Synthetic: the rank of the true item and user factors.");
    static final FieldSpec RT_NOISE = number("noise", Bounds.between(0, TaskReader.MAX_RATING))
            .byDefault(RatingsTask.NOISE).doc("Synthetic: the rating noise.");
    static final FieldSpec RT_ACTIVITY = number("activityExponent", new Bounds(1, false, 100, true))
            .byDefault(RatingsTask.ACTIVITY_EXPONENT)
            .doc("Synthetic: the Pareto exponent of the users' numbers of ratings.");
    /** Every field of a ratings task, in the order of its unknown-field message. */
    static final List<FieldSpec> RATINGS_TASK = List.of(TYPE, RT_MIN_RATING, RT_MAX_RATING, RT_TEST_FRACTION,
            RT_MIN_RATINGS, RT_PATH, RT_USER, RT_ITEM, RT_RATING, MISSING, RT_USERS, RT_ITEMS, RT_RANK, RT_NOISE,
            RT_ACTIVITY);
    /** The fields only a ratings task read from a file takes. */
    static final List<FieldSpec> RATINGS_FILE = List.of(RT_PATH, RT_USER, RT_ITEM, RT_RATING, MISSING);
    /** The fields only a synthetic ratings task takes. */
    static final List<FieldSpec> RATINGS_SYNTHETIC = List.of(RT_USERS, RT_ITEMS, RT_RANK, RT_NOISE, RT_ACTIVITY);

    /** The fields of every task type, by type. */
    static final Map<String, List<FieldSpec>> TASKS = new LinkedHashMap<>();

    static {
        TASKS.put(LowRankRegressionTask.TYPE, LOW_RANK_TASK);
        TASKS.put(IndexedMeanTask.TYPE, INDEXED_MEAN_TASK);
        TASKS.put(IndexedMeanTask.SIGN_TYPE, INDEXED_MEAN_TASK);
        TASKS.put(MultitaskRegressionTask.TYPE, MULTITASK_TASK);
        TASKS.put(TransferRegressionTask.TYPE, TRANSFER_TASK);
        TASKS.put(RatingsTask.TYPE, RATINGS_TASK);
        TASKS.put(DatasetTask.TYPE, DATASET_TASK);
    }

    // ---- experiments -----------------------------------------------------------------------------

    public static final FieldSpec ALGORITHM = choice("algorithm", Algorithm::id, Algorithm.values()).required()
            .doc("The algorithm run.");
    public static final FieldSpec EPSILON = numbers("epsilon", Bounds.between(Bounds.MIN_EPSILON, Bounds.MAX_EPSILON))
            .required().doc("ε, a number or a list; one report row per ε.");
    public static final FieldSpec DELTA = number("delta", Bounds.DELTA).required().doc("δ ∈ [1e-12, 0.1] (the PLD accountant"
            + " truncates tails of mass 1e-15, so below 1e-12 it cannot bound ε; above 0.1 δ promises little).");
    public static final FieldSpec CALIBRATION = choice("calibration", Calibration::id, Calibration.values())
            .defaultWords("paper; tight for sufficient-statistics and for mp-mtl-* with covarianceNoise gaussian")
            .doc("How (ε, δ) becomes the zCDP budget ρ (mp-mtl-*: only with covarianceNoise gaussian).");
    public static final FieldSpec EPOCHS = integers("epochs", Bounds.atLeast(1)).byDefault(Defaults.PRIV_ALTMIN_EPOCHS)
            .doc("Candidate epoch counts: each ε is run with each and the lowest population MSE is reported"
                    + " (1 with participation disjoint-batches, where it may not be given).");
    public static final FieldSpec EPOCH_CAP = integer("epochs", Bounds.atLeast(1))
            .byDefault(Defaults.NON_PRIVATE_ALTMIN_EPOCH_CAP).doc("The epoch cap (a single integer).");
    public static final FieldSpec PARTICIPATION = choice("participation", Participation::id, Participation.values())
            .byDefault(Defaults.PARTICIPATION.id())
            .doc("epochs (all users every round) or disjoint-batches (users split into rounds batches).");
    public static final FieldSpec ROUNDS = integer("rounds", Bounds.atLeast(1)).byDefault(Defaults.DISJOINT_BATCH_ROUNDS)
            .doc("T, the number of batches (only with participation disjoint-batches; ≤ task.users).");
    public static final FieldSpec FEDERATED_ROUNDS = integer("rounds", Bounds.between(1, FedAvgSettings.MAX_ROUNDS))
            .byDefault(FedAvgSettings.ROUNDS).doc("T, the number of rounds (noisy releases).");
    public static final FieldSpec SPLIT = choice("split", SampleSplit::id, SampleSplit.values())
            .byDefault(Defaults.SPLIT.id())
            .doc("reuse (every step uses all samples) or paper (disjoint quarters; samplesPerUser divisible by 4).");
    public static final FieldSpec CLIP_MODEL = number("clipModel", Bounds.scale())
            .defaultWords("√(dk) for priv-altmin, √d for single-model-dp, 2·√(E‖w_i‖²) for multi-task")
            .doc("η (multi-task: K), the clip bound on a user's contribution (a task's model).");
    public static final FieldSpec CLIP_LABEL = number("clipLabel", Bounds.scale())
            .defaultWords("σ_F + √k (sufficient-statistics: 2√(s² + σ²))").doc("ζ, the clip bound on |y|.");
    public static final FieldSpec INIT_BUDGET = number("initBudgetFraction", Bounds.strictlyBetween(0, 1))
            .byDefault(Defaults.INIT_BUDGET_FRACTION).doc("Share of ρ spent on the private initialisation.");
    public static final FieldSpec U_STEP = choice("uStep", UStep::id, UStep.values()).byDefault(Defaults.U_STEP.id())
            .doc("full (Alg. 2: A and b released each round) or kronecker (b only).");
    public static final FieldSpec FEATURE_COVARIANCE = choice("featureCovariance", FeatureCovariance::id,
            FeatureCovariance.values()).byDefault(Defaults.FEATURE_COVARIANCE.id())
            .doc("The feature second moment of the Kronecker U-step (only with uStep kronecker).");
    public static final FieldSpec CLIP_FEATURE = number("clipFeature", Bounds.scale())
            .defaultWords("√d (sufficient-statistics: √p + 2)")
            .doc("τ, the clip bound on ‖x‖ (priv-altmin: only with featureCovariance private).");
    public static final FieldSpec FEATURE_BUDGET = number("featureBudgetFraction", Bounds.strictlyBetween(0, 1))
            .byDefault(Defaults.FEATURE_BUDGET_FRACTION)
            .doc("Share of ρ spent on the private S (only with featureCovariance private; with"
                    + " initBudgetFraction < 1).");
    public static final FieldSpec ROUND_BUDGET = number("roundBudgetSplit", Bounds.strictlyBetween(0, 1)).byDefault(0.5)
            .doc("Share of each round's ρ spent on A, the rest on b (only with uStep full).");
    public static final FieldSpec CLIP_MOMENT = number("clipMoment", Bounds.scale())
            .defaultWords("(η/√d)·ζ·√(m_U(d + m_U + 1))")
            .doc("C, the user-level clip on b_j (only with uStep kronecker).");
    public static final FieldSpec RIDGE = number("ridge", Bounds.scaleOrZero())
            .defaultWords(Defaults.RIDGE + "; own-data max(σ_F²·d/k, " + Defaults.RIDGE + "); multi-task "
                    + Defaults.MULTITASK_RIDGE).doc("The ridge of the local least-squares fits (multi-task: μ).");
    public static final FieldSpec MODEL_NORM = number("modelNormBound", Bounds.scale()).defaultWords("√k + √(2 ln n)")
            .doc("R, the bound on ‖v_j‖ in the v-step.");
    public static final FieldSpec TOLERANCE = number("tolerance", Bounds.scale()).byDefault(Defaults.TOLERANCE)
            .doc("Convergence threshold on the projector change.");
    public static final FieldSpec PERSONS = integers("persons", Bounds.between(2, TaskReader.MAX_PERSONS))
            .defaultWords("[task.persons]").doc("Values of t; one report row per ε and t.");
    public static final FieldSpec HELD_OUT = integer("heldOutUsers", Bounds.between(1, MAX_HELD_OUT_USERS))
            .doc("H users who never train and fit v on the released U (the metalearning error).");
    public static final FieldSpec PERSONALIZATION = integers("personalizationSamples", Bounds.atLeast(1))
            .defaultWords("[samplesPerUser]").doc("n_pers values of the held-out users (only with heldOutUsers).");
    public static final FieldSpec ITERATIONS = integer("iterations", Bounds.between(1, MAX_ITERATIONS))
            .byDefault(Defaults.MULTITASK_ITERATIONS).doc("T, the proximal-gradient iterations.");
    public static final FieldSpec MP_MTL_ITERATIONS = ITERATIONS.byDefault(Defaults.MP_MTL_ITERATIONS)
            .doc("T, the iterations, each one private release (1 measured best: bench/RESULTS.md).");
    public static final FieldSpec STEP_SIZE = number("stepSize", Bounds.scale()).defaultWords("d/(√n + √d)²")
            .doc("η, the gradient step.");
    public static final FieldSpec LAMBDA = numbers("lambda", Bounds.scale()).byDefault(Defaults.LAMBDAS)
            .doc("λ, the regularization strength: a number or candidates, each run, the lowest validation nMSE"
                    + " reported (an audit needs one number).");
    public static final FieldSpec ACCELERATION = bool("acceleration").byDefault(Defaults.ACCELERATION)
            .doc("β_t = (t−1)/(t+2), else 0.");
    public static final FieldSpec ALLOCATION = FieldSpec.custom("allocation", NODES.objectNode().put("type", "string")
                    .put("pattern", BudgetAllocation.pattern()))
            .defaultWords("power(0.4), uniform without acceleration")
            .doc("How ε (ρ) is shared over the releases: uniform, power(α) or geometric(Q).");
    public static final FieldSpec COVARIANCE_NOISE = choice("covarianceNoise", CovarianceNoise::id, CovarianceNoise.values())
            .byDefault(Defaults.COVARIANCE_NOISE.id())
            .doc("wishart (the paper's release, claimed pure ε_t) or gaussian (zCDP-accounted).");
    public static final FieldSpec COVARIANCE_SHIFT = numbers("covarianceShift", Bounds.scaleOrZero())
            .byDefault(Defaults.COVARIANCE_SHIFTS)
            .doc("Candidates for the diagonal shift in units of 2√d·σ_t (only with covarianceNoise gaussian).");
    public static final FieldSpec INITIAL_MODELS = choice("initialModels", InitialModels::id, InitialModels.values())
            .byDefault(Defaults.INITIAL_MODELS.id()).doc("Where the iterations start.");
    public static final FieldSpec OUTLIER_TASK = integer("outlierTask", Bounds.atLeast(1))
            .doc("1-based task whose initial model is multiplied by outlierScale (≤ task.tasks).");
    public static final FieldSpec OUTLIER_SCALE = number("outlierScale", Bounds.scale()).byDefault(Defaults.OUTLIER_SCALE)
            .doc("The outlier task's factor (only with outlierTask).");
    public static final FieldSpec EXPORT_MODELS = bool("exportModels").byDefault(false)
            .doc("Report the first repeat's initial and output models.");
    public static final FieldSpec REPRESENTATION = FieldSpec.custom("representation", representation())
            .byDefault(Defaults.REPRESENTATION.id())
            .doc("none, public, true (YAML's unquoted true too) or private-altmin.");
    public static final FieldSpec SUBSPACE_ESTIMATOR = choice("subspaceEstimator", SubspaceEstimator::id,
            SubspaceEstimator.values()).byDefault(Defaults.SUBSPACE_ESTIMATOR.id())
            .doc("The public representation's estimator (only with representation public).");
    public static final FieldSpec REPRESENTATION_EPSILON = number("representationEpsilon",
            Bounds.between(Bounds.MIN_EPSILON, Bounds.MAX_EPSILON)).defaultWords("required with representation"
                    + " private-altmin").doc("ε of the Priv-AltMin run on the public tasks (only with representation"
                    + " private-altmin, and then required).");
    public static final FieldSpec REPRESENTATION_DELTA = number("representationDelta", Bounds.DELTA)
            .byDefault(Defaults.REPRESENTATION_DELTA).doc("Its δ (only with representation private-altmin).");
    public static final FieldSpec REPRESENTATION_EPOCHS = integer("representationEpochs",
            Bounds.between(1, MAX_REPRESENTATION_EPOCHS)).byDefault(Defaults.REPRESENTATION_EPOCHS)
            .doc("Its epochs (only with representation private-altmin).");
    public static final FieldSpec SAMPLING_RATE = number("samplingRate", new Bounds(0, false, 1, true))
            .defaultWords(Defaults.SAMPLING_RATE + " (dp-fedavg, dp-fedrep: " + FedAvgSettings.SAMPLING_RATE + ")")
            .doc("q, the Poisson sampling rate.");
    public static final FieldSpec STEPS = integer("steps", Bounds.between(1, MAX_STEPS)).defaultWords("⌈50/q⌉")
            .doc("DP-SGD steps.");
    public static final FieldSpec NOISE_MULTIPLIER = number("noiseMultiplier", Bounds.scale())
            .defaultWords("calibrated to each ε")
            .doc("σ; refused when it would spend more than an epsilon by the accountant.");
    public static final FieldSpec CLIP_GRADIENT = number("clipGradient", Bounds.scale()).byDefault(Defaults.CLIP_GRADIENT)
            .doc("C, the per-example gradient clip.");
    public static final FieldSpec LEARNING_RATE = number("learningRate", Bounds.scale())
            .defaultWords(Defaults.LEARNING_RATE + " (dp-fedavg, dp-fedrep: " + FedAvgSettings.LEARNING_RATE + ")")
            .doc("η, the gradient step.");
    public static final FieldSpec CLIP_UPDATE = number("clipUpdate", Bounds.scale()).byDefault(FedAvgSettings.CLIP_UPDATE)
            .doc("C, the bound on the norm of a user's update.");
    public static final FieldSpec LOCAL_EPOCHS = integer("localEpochs", Bounds.between(1, FedAvgSettings.MAX_LOCAL_EPOCHS))
            .byDefault(FedAvgSettings.LOCAL_EPOCHS).doc("Full-batch gradient steps per round on the user's rows.");
    public static final FieldSpec AVERAGE_ITERATES = bool("averageIterates").byDefault(false)
            .doc("Output the mean of the iterates after step ⌊S/2⌋ instead of the last.");
    public static final FieldSpec ACCOUNTANT = choice("accountant", Accountant::id, Accountant.values())
            .byDefault(Defaults.ACCOUNTANT.id()).doc("pld or rdp: calibrates σ and charges the ledger.");
    public static final FieldSpec STATISTICS_SPLIT = number("statisticsBudgetSplit", Bounds.strictlyBetween(0, 1))
            .byDefault(Defaults.STATISTICS_BUDGET_SPLIT).doc("Share of ρ spent on XᵀX.");
    public static final FieldSpec RANK = integer("rank", Bounds.atLeast(1)).defaultWords("min(2, d)")
            .doc("k on a dataset task (≤ the model columns; a synthetic task sets task.rank).");
    public static final FieldSpec REPEATS = integer("repeats", Bounds.between(1, MAX_LOW_RANK_REPEATS))
            .defaultWords(Defaults.LOW_RANK_REPEATS + "; transfer " + Defaults.TRANSFER_REPEATS)
            .doc("Independent repeats (data and noise) averaged per row; rows report mean and standard error.");
    public static final FieldSpec INDEXED_REPEATS = integer("repeats", Bounds.between(2, MAX_REPEATS))
            .byDefault(Defaults.REPEATS).doc("Independent runs averaged per (ε, t).");

    /** The experiment fields pure-ε algorithms (mp-mtl-*, dp-aggr) read: ε up to the pure-ε bound. */
    public static final FieldSpec PURE_EPSILON = EPSILON.within(Bounds.between(Bounds.MIN_EPSILON,
            Bounds.MAX_PURE_EPSILON));
    /** δ of a composition bound of pure-ε releases (mp-mtl-*). */
    public static final FieldSpec PURE_DELTA = DELTA.optional().within(new Bounds(0, true, 1, false))
            .defaultWords("1/(m ln m)").doc("δ ∈ [0, 1) of the composition bound (0: basic composition; > 0 with"
                    + " covarianceNoise gaussian).");

    /**
     * The experiment field names in the order of the unknown-field message; the family modules declare
     * which of them (and which variant) each algorithm reads ({@link ExperimentForm}).
     */
    public static final List<String> EXPERIMENT_NAMES = List.of("algorithm", "epsilon", "delta", "calibration",
            "epochs", "participation", "rounds", "split", "clipModel", "clipLabel", "initBudgetFraction", "uStep",
            "featureCovariance", "clipFeature", "featureBudgetFraction", "roundBudgetSplit", "clipMoment", "ridge",
            "modelNormBound", "tolerance", "persons", "heldOutUsers", "personalizationSamples", "iterations",
            "stepSize", "lambda", "acceleration", "allocation", "covarianceNoise", "covarianceShift", "initialModels",
            "outlierTask", "outlierScale", "exportModels", "representation", "subspaceEstimator",
            "representationEpsilon", "representationDelta", "representationEpochs", "samplingRate", "steps",
            "noiseMultiplier", "clipGradient", "learningRate", "clipUpdate", "localEpochs", "averageIterates",
            "accountant", "statisticsBudgetSplit", "rank", "repeats");

    /** The experiment fields in the order of the unknown-field message, each variant with the algorithms that use it. */
    static List<Used> experiment() {
        return Catalog.experiment();
    }

    // ---- experiments on a ratings task -----------------------------------------------------------

    /** The fields of an experiment on a ratings task, in the order of the unknown-field message. */
    public static final List<String> RATINGS_EXPERIMENT_NAMES = List.of("algorithm", "epsilon", "delta",
            "calibration", "rank", "rounds", "maxRatingsPerUser", "clipFactor", "clipRating", "ridge",
            "roundBudgetSplit", "repeats");

    /** The algorithms that run on a ratings task. */
    static Set<Algorithm> ratings() {
        return Catalog.ratingsAlgorithms();
    }

    /** The private algorithms that run on a ratings task. */
    static Set<Algorithm> ratingsPrivate() {
        Set<Algorithm> all = EnumSet.noneOf(Algorithm.class);
        ratings().stream().filter(Algorithm::isPrivate).forEach(all::add);
        return all;
    }

    /** The fields of an experiment on a ratings task, each variant with the algorithms that use it. */
    static List<Used> ratingsExperiment() {
        return Catalog.ratingsExperiment();
    }

    /** On a ratings task: how (ε, δ) becomes ρ (tight by default). */
    public static final FieldSpec RATINGS_CALIBRATION = CALIBRATION.byDefault(Calibration.TIGHT.id())
            .doc("How (ε, δ) becomes ρ.");
    /** On a ratings task: k. */
    public static final FieldSpec RATINGS_RANK = integer("rank", Bounds.between(1, RatingsSettings.MAX_RANK))
            .defaultWords(RatingsSettings.RANK + " from a file, task.rank synthetic").doc("k, the item factors' rank.");
    /** On a ratings task: T. */
    public static final FieldSpec RATINGS_ROUNDS = integer("rounds", Bounds.between(1, RatingsSettings.MAX_ROUNDS))
            .defaultWords(RatingsSettings.PRIVATE_ROUNDS + " for priv-altmin, " + RatingsSettings.ROUNDS
                    + " for non-private-altmin").doc("T, alternating rounds.");
    /** On a ratings task: L. */
    public static final FieldSpec MAX_RATINGS_PER_USER = integer("maxRatingsPerUser",
            Bounds.between(1, RatingsSettings.MAX_MAX_RATINGS_PER_USER)).byDefault(RatingsSettings.MAX_RATINGS_PER_USER)
            .doc("L, the most ratings a user contributes per release.");
    /** On a ratings task: R. */
    public static final FieldSpec CLIP_FACTOR = number("clipFactor", Bounds.scale()).byDefault(RatingsSettings.CLIP_FACTOR)
            .doc("R, the bound on a contributed user factor.");
    /** On a ratings task: ζ. */
    public static final FieldSpec CLIP_RATING = number("clipRating", Bounds.scale())
            .defaultWords("min(" + RatingsSettings.CLIP_RATING + ", half the rating range)")
            .doc("ζ, the bound on a contributed residual.");
    /** On a ratings task: λ or κ. */
    public static final FieldSpec RATINGS_RIDGE = number("ridge", Bounds.scaleOrZero()).byDefault(RatingsSettings.RIDGE)
            .doc("λ of both least-squares steps (altmin) or the item means' prior weight κ (item-mean*).");
    /** On a ratings task: the share of a round's ρ spent on the item Gram matrices. */
    public static final FieldSpec RATINGS_ROUND_BUDGET = ROUND_BUDGET.byDefault(RatingsSettings.ROUND_BUDGET_SPLIT)
            .doc("Share of each round's ρ spent on the item Gram matrices.");
    /** On a ratings task: the repeats. */
    public static final FieldSpec RATINGS_REPEATS = REPEATS.byDefault(Defaults.LOW_RANK_REPEATS);

    // ---- audits ----------------------------------------------------------------------------------

    /** The audited mechanism: one of the algorithms whose module declares an {@link AuditForm}. */
    static FieldSpec auditAlgorithm() {
        return Catalog.auditAlgorithm();
    }

    /** The audited mechanism among {@code auditable}. */
    static FieldSpec auditAlgorithm(Set<Algorithm> auditable) {
        return choice("algorithm", Algorithm::id, auditable.toArray(new Algorithm[0])).required()
                .doc("The audited mechanism.");
    }

    static final FieldSpec THREAT_MODEL = choice("threatModel", ThreatModel::id, ThreatModel.values())
            .defaultWords("jdp for indexed-mean-jdp and mp-mtl-*, one-out-of-t for indexed-mean-1-out-of-t,"
                    + " white-box for single-model-dp, sufficient-statistics, dp-fedavg, dp-fedrep and on a ratings task,"
                    + " billboard otherwise; required for"
                    + " indexed-mean-nonprivate")
            .doc("The guarantee tested (white-box: priv-altmin, single-model-dp, mp-mtl-* with covarianceNoise"
                    + " gaussian, dp-sgd, sufficient-statistics, dp-fedavg, dp-fedrep, item-mean-dp and the private"
                    + " indexed-mean mechanisms; on a ratings task white-box only).");
    static final FieldSpec COLLUSION = FieldSpec.custom("collusion", collusion())
            .defaultWords("the threat model's")
            .doc("Whose outputs the adversary sees: all-but-target, single, none, a size, or a list of user ids.");
    static final FieldSpec TARGET = integer("target", Bounds.atLeast(0)).byDefault(Defaults.TARGET)
            .doc("The user whose data differs between the worlds (< the population).");
    static final FieldSpec AUDIT_EPSILON = number("epsilon", Bounds.between(Bounds.MIN_EPSILON,
            Bounds.MAX_AUDIT_EPSILON)).required().doc("The claimed ε.");
    static final FieldSpec AUDIT_DELTA = DELTA.doc("The claimed δ ∈ [1e-12, 0.1].");
    static final FieldSpec AUDIT_PURE_DELTA = DELTA.optional().within(new Bounds(0, true, 1, false))
            .defaultWords("1/(m ln m)").doc("δ ∈ [0, 1) of the claimed composition bound (> 0 with covarianceNoise"
                    + " gaussian).");
    static final FieldSpec AUDIT_CALIBRATION = CALIBRATION.defaultWords("paper (tight for mp-mtl-* with gaussian and on"
            + " a ratings task)")
            .doc("How the mechanism turns (ε, δ) into ρ (not for dp-sgd, dp-fedavg, dp-fedrep; mp-mtl-* only with"
                    + " covarianceNoise gaussian).");
    static final FieldSpec TRIALS = integer("trials", Bounds.between(AuditReader.MIN_TRIALS, AuditReader.MAX_TRIALS))
            .multipleOf(4).byDefault(Defaults.TRIALS).doc("Games played.");
    static final FieldSpec CONFIDENCE = number("confidence", Bounds.strictlyBetween(0, 1))
            .byDefault(Defaults.CONFIDENCE).doc("Confidence of the bounds.");
    static final FieldSpec METHOD = choice("method", AuditMethod::id, AuditMethod.values())
            .defaultWords("gaussian-dp-auc for Gaussian mechanisms, sampled-gaussian-auc for dp-sgd under white-box"
                    + " and dp-fedavg/dp-fedrep, clopper-pearson otherwise")
            .doc("How the verdict's bounds are computed.");
    static final FieldSpec INJECT = FieldSpec.custom("inject", ref("inject")).doc("A fault injected into the mechanism.");
    static final FieldSpec EXPECT = choice("expect", Verdict::id, Verdict.values())
            .doc("The expected verdict; when it differs, run exits 1.");
    static final FieldSpec AUDIT_TASK = FieldSpec.custom("task", ref("auditTask")).defaultWords("the scenario's task")
            .doc("The audit's own task (no dataset, no ratings file); its type must be the algorithm's.");
    static final FieldSpec CANARY_SCALE = number("canaryScale", Bounds.scale()).byDefault(Defaults.CANARY_SCALE)
            .doc("Indexed mean only: the canary's magnitude.");
    static final FieldSpec ADVERSARY = choice("adversary", AuditAdversary::id, AuditAdversary.values())
            .byDefault(AuditAdversary.LLR.id()).doc("Indexed mean only: llr or tracing.");
    /** The audit's own fields, in the order of its unknown-field message (after {@code algorithm}). */
    static final List<FieldSpec> AUDIT_SETTINGS = List.of(THREAT_MODEL, COLLUSION, TARGET, AUDIT_EPSILON,
            AUDIT_DELTA, AUDIT_CALIBRATION, TRIALS, CONFIDENCE, METHOD, INJECT, EXPECT, AUDIT_TASK, CANARY_SCALE,
            ADVERSARY);

    /** The audit's own fields, in the order of its unknown-field message. */
    static List<FieldSpec> audit() {
        return Catalog.audit();
    }
    /** The audit fields that replace the experiment fields of the same name. */
    static final Set<String> AUDIT_PRIVACY = Set.of("epsilon", "delta", "calibration");
    /** Experiment fields an audit must give (it runs one configuration, so no candidate grid). */
    static final Set<String> REQUIRED_IN_AUDITS = Set.of("lambda");
    /** Experiment fields of candidates of which an audit takes one value (it runs one configuration). */
    static final Set<String> ONE_VALUE_IN_AUDITS = Set.of("epochs", "covarianceShift", "lambda");
    /** Experiment fields an audit refuses (it runs one configuration and reports verdicts). */
    static final Set<String> NOT_IN_AUDITS = Set.of("repeats", "noiseMultiplier", "exportModels");

    static final FieldSpec INJECT_NOISE = number("noiseMultiplier", Bounds.scale()).byDefault(1.0)
            .doc("Every noise standard deviation × k.");
    static final FieldSpec INJECT_SKIP = bool("skipClipping").byDefault(false).doc("Contributions are not clipped.");
    static final FieldSpec INJECT_IGNORE = bool("ignoreComposition").byDefault(false)
            .doc("Each release is calibrated as if it spent the whole budget.");
    static final List<FieldSpec> INJECT_FIELDS = List.of(INJECT_NOISE, INJECT_SKIP, INJECT_IGNORE);

    // ---- lookups ---------------------------------------------------------------------------------

    /** Whether {@code algorithm} uses the field {@code name} of {@code section}. */
    static boolean uses(List<Used> section, String name, Algorithm algorithm) {
        return spec(section, name, algorithm).isPresent();
    }

    /** The variant of field {@code name} that {@code algorithm} uses, if any. */
    static Optional<FieldSpec> spec(List<Used> section, String name, Algorithm algorithm) {
        return section.stream().filter(u -> u.spec().name().equals(name) && u.by().contains(algorithm))
                .map(Used::spec).findFirst();
    }

    /** The fields {@code algorithm} uses in {@code section}, in order. */
    static List<FieldSpec> usedBy(List<Used> section, Algorithm algorithm) {
        return section.stream().filter(u -> u.by().contains(algorithm)).map(Used::spec).toList();
    }

    /** The names of {@code specs}. */
    static List<String> namesOf(List<FieldSpec> specs) {
        return specs.stream().map(FieldSpec::name).distinct().toList();
    }

    // ---- schema fragments of the custom fields ---------------------------------------------------

    private static ObjectNode ref(String definition) {
        return NODES.objectNode().put("$ref", "#/$defs/" + definition);
    }

    private static ObjectNode list(ObjectNode items) {
        ObjectNode list = NODES.objectNode().put("type", "array").put("minItems", 1);
        list.set("items", items);
        return list;
    }

    private static ObjectNode features() {
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(NODES.objectNode().put("type", "string")).add(ref("feature"));
        ObjectNode list = list(either);
        list.put("uniqueItems", true);
        return list;
    }

    private static ObjectNode representation() {
        ObjectNode named = NODES.objectNode().put("type", "string");
        Arrays.stream(Representation.values()).map(Representation::id).forEach(named.putArray("enum")::add);
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(named).add(NODES.objectNode().put("const", true));
        return either;
    }

    private static ObjectNode collusion() {
        ObjectNode word = NODES.objectNode().put("type", "string");
        List.of("all-but-target", "single", "none").forEach(word.putArray("enum")::add);
        ObjectNode size = NODES.objectNode().put("type", "integer").put("minimum", 0);
        ObjectNode ids = NODES.objectNode().put("type", "array").put("minItems", 1).put("uniqueItems", true);
        ids.set("items", size.deepCopy());
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(word).add(size).add(ids);
        return either;
    }

    /** Every field name of {@code specs} (for messages), in order. */
    static List<String> known(List<FieldSpec> specs) {
        return new ArrayList<>(namesOf(specs));
    }
}
