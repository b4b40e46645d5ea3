package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldSpec.bool;
import static org.privsim.core.scenario.FieldSpec.choice;
import static org.privsim.core.scenario.FieldSpec.choices;
import static org.privsim.core.scenario.FieldSpec.integer;
import static org.privsim.core.scenario.FieldSpec.integers;
import static org.privsim.core.scenario.FieldSpec.number;
import static org.privsim.core.scenario.FieldSpec.string;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields of every task type, each declared once as a {@link FieldSpec}, which {@link TaskReader}
 * reads through and {@link ScenarioSchema} publishes.
 *
 * <p>Guarantee: every field a task reader accepts is listed here, in the order of its "expected one
 * of" message.
 */
final class TaskFields {

    private TaskFields() {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

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


    private static ObjectNode features() {
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(NODES.objectNode().put("type", "string")).add(ScenarioFields.ref("feature"));
        ObjectNode list = ScenarioFields.list(either);
        list.put("uniqueItems", true);
        return list;
    }
}
