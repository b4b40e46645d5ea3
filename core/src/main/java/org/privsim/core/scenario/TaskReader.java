package org.privsim.core.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.privsim.core.data.DatasetException;
import org.privsim.core.data.DatasetTable;
import org.privsim.core.data.DatasetTables;

/**
 * Reads a {@code task} mapping (the scenario's, or an audit's own).
 *
 * <p>Guarantee: returns a task only if {@code type} names a known task type and every field of
 * that type is present and valid; otherwise every problem found has been recorded and the result
 * is empty. For {@code low-rank-regression}: 2 ≤ users ≤ {@value #MAX_USERS}, samplesPerUser ≥ 2,
 * 1 ≤ dimension ≤ {@value #MAX_DIMENSION}, 1 ≤ rank ≤ dimension, labelNoise ≥ 0 and finite, population (if
 * given) {@code stored} or {@code regenerated}. For
 * {@code indexed-mean}: 1 ≤ dimension ≤ {@value #MAX_INDEXED_DIMENSION}, 2 ≤ persons ≤
 * {@value #MAX_PERSONS}, 1 ≤ samplesPerPerson ≤ {@value #MAX_SAMPLES_PER_PERSON}, indices
 * {@code distinct} (then persons ≤ dimension) or {@code random}. For {@code multitask-regression}:
 * 2 ≤ tasks ≤ {@value #MAX_TASKS}, samplesPerTask ≥ 2, 1 ≤ dimension ≤ {@value #MAX_DIMENSION},
 * test/validation rows ≥ 1, a known structure, labelNoise ≥ 0, 1 ≤ taskRank ≤ min(d, m) and
 * modelScale &gt; 0 (low-rank only), d ≥ 4 (group-sparse), and rows that fit in 8 GB. For
 * {@code transfer-regression}: 1 ≤ rank ≤ dimension ≤ {@value #MAX_DIMENSION}, publicTasks ≥ 1,
 * every publicSamples in [1, {@value #MAX_TRANSFER_ROWS}], every privateSamples in [2,
 * {@value #MAX_PRIVATE_SAMPLES}], 0 ≤ subspaceShift ≤ 1 (and 2·rank ≤ dimension when it is &gt; 0),
 * labelNoise ≥ 0, taskNorm &gt; 0. For {@code dataset} (only where a scenario file's folder is known):
 * path, userColumn, labelColumn and a non-empty list of distinct features (a name, or
 * {@code {name, categorical}}) that are neither the user nor the label column, 0 &lt; testFraction &lt; 1,
 * minSamplesPerUser ≥ 2, missing {@code error} or {@code drop}, population (if given) {@code stored}, and
 * then the file itself read and checked by {@link DatasetTable#read} — its problems reported at the
 * field to blame — with at most {@value #MAX_DIMENSION} model columns.
 */
final class TaskReader {

    /** Largest number of users a scenario may ask for. */
    static final int MAX_USERS = 10_000_000;
    /**
     * Largest feature dimension of the matrix tasks (low-rank, multi-task, transfer regression): their
     * curators hold d×d (low-rank: dk×dk) matrices, O(d²k²) heap — at d = 2000 and k = 1 already
     * 0.1 GB ({@link HeapBytes#curatorBytes}); the low-rank error message states the estimate for the
     * requested d ({@link HeapBytes#taskBytes}).
     */
    static final int MAX_DIMENSION = 2000;
    /**
     * Largest dimension of an indexed-mean task: nothing in it costs O(d) (only the ≤ t coordinates
     * persons read are materialised), so d is bounded only by the int range of a coordinate.
     */
    static final int MAX_INDEXED_DIMENSION = 1_000_000_000;
    /** Largest number of persons of an indexed-mean task. */
    static final int MAX_PERSONS = 1_000_000;
    /** Largest number of samples per person of an indexed-mean task. */
    static final int MAX_SAMPLES_PER_PERSON = 10_000;

    /** Largest number of tasks of a multi-task regression task. */
    static final int MAX_TASKS = 100_000;
    /** Largest number of doubles the rows of a multi-task population may hold (8 GB). */
    static final long MAX_MULTITASK_VALUES = 1_000_000_000L;

    /** Largest number of public rows of a transfer task (regenerated per request, never held). */
    static final int MAX_TRANSFER_ROWS = 10_000_000;
    /**
     * Largest n₂ of a transfer task: each private row is an actor (about 2 KB with its row), and 4 runs
     * are in flight, so 250,000 users stay within 2 GB of heap.
     */
    static final int MAX_PRIVATE_SAMPLES = 250_000;


    /** Largest number of items of a synthetic ratings task. */
    static final int MAX_ITEMS = 10_000_000;
    /** Largest items × rank of a synthetic ratings task (the item factors every run holds: 0.8 GB). */
    static final long MAX_ITEM_FACTOR_VALUES = 100_000_000L;
    /** Largest |minRating|, |maxRating|. */
    static final double MAX_RATING = 1e6;


    private TaskReader() {}

    /** The task described by {@code task} (not a data set: audits' own tasks), or empty after recording its problems. */
    static Optional<Task> read(FieldReader task) {
        return read(task, null);
    }

    /**
     * The task described by {@code task}, or empty after recording its problems; a {@code dataset}
     * task's relative path is resolved against {@code folder} (null: data sets are not allowed here).
     */
    static Optional<Task> read(FieldReader task, Path folder) {
        List<String> types = new ArrayList<>(TaskFields.TASK_TYPES);
        if (folder == null) {
            types.remove(DatasetTask.TYPE);
        }
        return task.choice(TaskFields.TYPE.name(), TaskFields.TYPE.presence(), types, type -> type).flatMap(type ->
                type.equals(DatasetTask.TYPE) ? dataset(task, folder)
                        : type.equals(RatingsTask.TYPE) ? RatingsTaskReader.read(task, folder)
                        : type.equals(IndexedMeanTask.TYPE) ? indexedMean(task, IndexedLoss.SQUARED)
                        : type.equals(IndexedMeanTask.SIGN_TYPE) ? indexedMean(task, IndexedLoss.SIGN)
                        : type.equals(MultitaskRegressionTask.TYPE) ? multitask(task)
                        : type.equals(TransferRegressionTask.TYPE) ? transfer(task) : lowRankRegression(task));
    }

    private static Optional<Task> lowRankRegression(FieldReader task) {
        task.rejectUnknown(ScenarioFields.namesOf(TaskFields.LOW_RANK_TASK));
        Optional<Integer> users = task.integer(TaskFields.LR_USERS);
        Optional<Integer> samples = task.integer(TaskFields.LR_SAMPLES);
        // The declared maximum is checked below, with the heap the refused dimension would need.
        Optional<Integer> dimension = task.integer(TaskFields.LR_DIMENSION.within(Bounds.atLeast(1)));
        Optional<Integer> rank = task.integer(TaskFields.LR_RANK);
        Optional<Double> labelNoise = task.number(TaskFields.LR_LABEL_NOISE);
        Optional<PopulationMode> population = task.choice(TaskFields.POPULATION, List.of(PopulationMode.values()),
                PopulationMode::id);
        if (dimension.isPresent() && dimension.get() > MAX_DIMENSION) {
            LowRankRegressionTask shape = new LowRankRegressionTask(users.orElse(2), samples.orElse(2),
                    dimension.get(), rank.orElse(1), 0);
            task.error("dimension", String.format("must be ≤ %d, got %d (at this dimension the users' data and the"
                    + " curator's dk×dk matrices alone need about %.1f GB of heap)", MAX_DIMENSION, dimension.get(),
                    HeapBytes.taskBytes(shape) / 1e9));
            return Optional.empty();
        }
        if (rank.isPresent() && dimension.isPresent() && rank.get() > dimension.get()) {
            task.error("rank", "must be ≤ dimension (" + dimension.get() + "), got " + rank.get());
            return Optional.empty();
        }
        if (Stream.of(users, samples, dimension, rank, labelNoise).anyMatch(Optional::isEmpty)
                || invalid(task, TaskFields.POPULATION.name(), population)) {
            return Optional.empty();
        }
        return Optional.of(new LowRankRegressionTask(
                users.get(), samples.get(), dimension.get(), rank.get(), labelNoise.get(), population.orElse(null)));
    }

    /**
     * A {@code dataset} task: the fields, then the whole file read and checked ({@link DatasetTable#read});
     * the table is remembered in {@link DatasetTables} for the runners.
     */
    private static Optional<Task> dataset(FieldReader task, Path folder) {
        task.rejectUnknown(ScenarioFields.namesOf(TaskFields.DATASET_TASK));
        Optional<String> path = task.path(TaskFields.DS_PATH);
        Optional<String> user = task.string(TaskFields.DS_USER);
        Optional<String> label = task.string(TaskFields.DS_LABEL);
        Optional<List<DatasetFeature>> features = task.textsOrObjects("features", TaskFields.DS_FEATURES.presence(),
                (name, at) -> Optional.of(new DatasetFeature(name, false)), TaskReader::feature);
        Optional<Boolean> standardize = task.bool(TaskFields.DS_STANDARDIZE);
        Optional<Boolean> intercept = task.bool(TaskFields.DS_INTERCEPT);
        Optional<Double> testFraction = task.number(TaskFields.DS_TEST_FRACTION);
        Optional<Integer> minSamples = task.integer(TaskFields.DS_MIN_SAMPLES);
        Optional<MissingValues> missing = task.choice(TaskFields.MISSING, List.of(MissingValues.values()),
                MissingValues::id);
        // Only stored: a data set's users are read from its file (the field's one choice).
        Optional<PopulationMode> population = task.choice(TaskFields.DS_POPULATION,
                List.of(PopulationMode.STORED), PopulationMode::id);
        boolean bad = invalid(task, "population", population) || invalid(task, "standardize", standardize)
                || invalid(task, "intercept", intercept) || invalid(task, "testFraction", testFraction)
                || invalid(task, "minSamplesPerUser", minSamples) || invalid(task, "missing", missing);
        if (Stream.of(path, user, label, features).anyMatch(Optional::isEmpty) || bad) {
            return Optional.empty();
        }
        List<DatasetFeature> list = features.get();
        for (int f = 0; f < list.size(); f++) {
            String name = list.get(f).name();
            if (name.equals(user.get()) || name.equals(label.get())) {
                task.error("features[" + f + "]", "\"" + name + "\" is the " + (name.equals(user.get()) ? "user" : "label")
                        + " column; it cannot also be a feature");
                return Optional.empty();
            }
            for (int g = 0; g < f; g++) {
                if (list.get(g).name().equals(name)) {
                    task.error("features[" + f + "]", "duplicate of features[" + g + "]");
                    return Optional.empty();
                }
            }
        }
        Path file = folder.resolve(path.get()).toAbsolutePath().normalize();
        boolean standardized = standardize.orElse(Defaults.STANDARDIZE);
        boolean withIntercept = intercept.orElse(Defaults.INTERCEPT);
        double fraction = testFraction.orElse(Defaults.TEST_FRACTION);
        int minimum = minSamples.orElse(Defaults.MIN_SAMPLES_PER_USER);
        MissingValues onMissing = missing.orElse(Defaults.MISSING);
        DatasetTable table;
        try {
            table = DatasetTable.read(file, user.get(), label.get(), list, onMissing, minimum);
        } catch (DatasetException e) {
            task.error(e.field(), e.getMessage());
            return Optional.empty();
        }
        List<String> columns = new ArrayList<>();
        for (int f = 0; f < list.size(); f++) {
            if (list.get(f).categorical()) {
                for (String category : table.categories().get(f)) {
                    columns.add(list.get(f).name() + "=" + category);
                }
            } else {
                columns.add(list.get(f).name());
            }
        }
        if (withIntercept) {
            columns.add("intercept");
        }
        if (columns.size() > MAX_DIMENSION) {
            task.error("features", "the features make " + columns.size() + " model columns (categories count one"
                    + " each), more than " + MAX_DIMENSION);
            return Optional.empty();
        }
        int most = 0;
        long training = 0;
        for (double[] y : table.labels()) {
            int m = y.length - DatasetTask.testRows(y.length, fraction);
            most = Math.max(most, m);
            training += m;
        }
        if (most < 2) {
            task.error(task.has("testFraction") ? "testFraction" : "minSamplesPerUser", "holding out "
                    + fraction + " of each user's rows leaves every user a single training row; the runs need"
                    + " at least one user with 2 (lower testFraction or raise minSamplesPerUser)");
            return Optional.empty();
        }
        DatasetTask result = new DatasetTask(file.toString(), user.get(), label.get(), list, standardized,
                withIntercept, fraction, minimum, onMissing, table.sha256(), table.rows(), table.users(),
                table.droppedUsers(), table.droppedRows(), columns, table.categories(), most,
                (double) training / table.users());
        DatasetTables.put(result, table);
        return Optional.of(result);
    }

    /** A feature given as a mapping: {@code {name: sex, categorical: true}}. */
    private static Optional<DatasetFeature> feature(FieldReader feature) {
        feature.rejectUnknown(ScenarioFields.namesOf(TaskFields.FEATURE));
        Optional<String> name = feature.string(TaskFields.FEATURE_NAME);
        Optional<Boolean> categorical = feature.bool(TaskFields.FEATURE_CATEGORICAL);
        if (name.isEmpty() || invalid(feature, "categorical", categorical)) {
            return Optional.empty();
        }
        return Optional.of(new DatasetFeature(name.get(), categorical.orElse(false)));
    }

    private static Optional<Task> multitask(FieldReader task) {
        task.rejectUnknown(ScenarioFields.namesOf(TaskFields.MULTITASK_TASK));
        Optional<Integer> tasks = task.integer(TaskFields.MT_TASKS);
        Optional<Integer> samples = task.integer(TaskFields.MT_SAMPLES);
        Optional<Integer> dimension = task.integer(TaskFields.MT_DIMENSION);
        Optional<Integer> test = task.integer(TaskFields.MT_TEST);
        Optional<Integer> validation = task.integer(TaskFields.MT_VALIDATION);
        Optional<List<MultitaskStructure>> structure = task.choices(TaskFields.MT_STRUCTURE,
                List.of(MultitaskStructure.values()), MultitaskStructure::id);
        Optional<Double> labelNoise = task.number(TaskFields.MT_LABEL_NOISE);
        boolean lowRank = structure.orElse(List.of()).contains(MultitaskStructure.LOW_RANK);
        for (String field : List.of("taskRank", "modelScale")) {
            if (task.has(field) && structure.isPresent() && !lowRank) {
                task.error(field, "only used with structure low-rank");
            }
        }
        Optional<Integer> taskRank = lowRank ? task.integer(TaskFields.MT_TASK_RANK) : Optional.empty();
        Optional<Double> modelScale = lowRank ? task.number(TaskFields.MT_MODEL_SCALE) : Optional.empty();
        boolean bad = invalid(task, "testSamplesPerTask", test) || invalid(task, "validationSamplesPerTask", validation)
                || invalid(task, "labelNoise", labelNoise) || invalid(task, "taskRank", taskRank)
                || invalid(task, "modelScale", modelScale);
        if (Stream.of(tasks, samples, dimension, structure).anyMatch(Optional::isEmpty) || bad) {
            return Optional.empty();
        }
        int m = tasks.get();
        int d = dimension.get();
        int n = samples.get();
        int rank = taskRank.orElse(Math.min(Defaults.TASK_RANK, Math.min(d, m)));
        if (lowRank && rank > Math.min(d, m)) {
            task.error("taskRank", "must be ≤ min(dimension, tasks) = " + Math.min(d, m) + ", got " + rank);
            return Optional.empty();
        }
        if (structure.get().contains(MultitaskStructure.GROUP_SPARSE) && d < MultitaskStructure.GROUP_SPARSE_ROWS) {
            task.error("dimension", "group-sparse models have " + MultitaskStructure.GROUP_SPARSE_ROWS
                    + " nonzero rows, so dimension must be ≥ " + MultitaskStructure.GROUP_SPARSE_ROWS + ", got " + d);
            return Optional.empty();
        }
        int testRows = test.orElse(Defaults.TEST_SAMPLES_FACTOR * n);
        int validRows = validation.orElse(n);
        long values = (long) m * ((long) n + testRows + validRows) * (d + 1L);
        if (values > MAX_MULTITASK_VALUES) {
            task.error("tasks", "the rows of " + m + " tasks need about " + String.format("%.1f", values * 8e-9)
                    + " GB (more than " + MAX_MULTITASK_VALUES * 8 / 1_000_000_000 + " GB); use fewer tasks or rows");
            return Optional.empty();
        }
        return Optional.of(new MultitaskRegressionTask(m, n, d, testRows, validRows, structure.get(),
                labelNoise.orElse(Defaults.MULTITASK_LABEL_NOISE), lowRank ? rank : 0,
                lowRank ? modelScale.orElse(Defaults.MODEL_SCALE) : 0));
    }

    private static Optional<Task> transfer(FieldReader task) {
        task.rejectUnknown(ScenarioFields.namesOf(TaskFields.TRANSFER_TASK));
        Optional<Integer> dimension = task.integer(TaskFields.TR_DIMENSION);
        Optional<Integer> rank = task.integer(TaskFields.TR_RANK);
        Optional<Integer> publicTasks = task.integer(TaskFields.TR_PUBLIC_TASKS);
        Optional<List<Integer>> publicSamples =
                task.integers(TaskFields.TR_PUBLIC_SAMPLES);
        Optional<List<Integer>> privateSamples =
                task.integers(TaskFields.TR_PRIVATE_SAMPLES);
        Optional<Double> shift = task.number(TaskFields.TR_SHIFT);
        Optional<Double> labelNoise = task.number(TaskFields.TR_LABEL_NOISE);
        Optional<Double> taskNorm = task.number(TaskFields.TR_TASK_NORM);
        boolean bad = invalid(task, "subspaceShift", shift) || invalid(task, "labelNoise", labelNoise)
                || invalid(task, "taskNorm", taskNorm);
        if (Stream.of(dimension, rank, publicTasks, publicSamples, privateSamples).anyMatch(Optional::isEmpty) || bad) {
            return Optional.empty();
        }
        int d = dimension.get();
        int k = rank.get();
        double gamma = shift.orElse(0.0);
        if (k > d) {
            task.error("rank", "must be ≤ dimension (" + d + "), got " + k);
            return Optional.empty();
        }
        if (gamma > 0 && 2 * k > d) {
            task.error("subspaceShift", "a shifted subspace needs k directions orthogonal to B, so 2·rank ≤ dimension ("
                    + d + "), got rank " + k);
            return Optional.empty();
        }
        return Optional.of(new TransferRegressionTask(d, k, publicTasks.get(), publicSamples.get(),
                privateSamples.get(), gamma, labelNoise.orElse(Defaults.TRANSFER_LABEL_NOISE),
                taskNorm.orElse(Defaults.TASK_NORM)));
    }

    /** Whether {@code field} was given but not accepted (its problem is already recorded). */
    static boolean invalid(FieldReader task, String field, Optional<?> value) {
        return task.has(field) && value.isEmpty();
    }

    private static Optional<Task> indexedMean(FieldReader task, IndexedLoss loss) {
        task.rejectUnknown(ScenarioFields.namesOf(TaskFields.INDEXED_MEAN_TASK));
        Optional<Integer> dimension = task.integer(TaskFields.IM_DIMENSION);
        Optional<Integer> persons = task.integer(TaskFields.IM_PERSONS);
        Optional<Integer> samples =
                task.integer(TaskFields.IM_SAMPLES);
        boolean badSamples = task.has("samplesPerPerson") && samples.isEmpty();
        IndexAssignment indices = task.choice(TaskFields.IM_INDICES, List.of(IndexAssignment.values()),
                IndexAssignment::id).orElse(null);
        boolean badIndices = task.has("indices") && indices == null;
        if (dimension.isEmpty() || persons.isEmpty() || badSamples || badIndices) {
            return Optional.empty();
        }
        IndexAssignment resolved = indices == null ? Defaults.INDICES : indices;
        if (resolved == IndexAssignment.DISTINCT && persons.get() > dimension.get()) {
            task.error("persons", "distinct indices need persons ≤ dimension (" + dimension.get() + "), got "
                    + persons.get() + " (or set indices: random)");
            return Optional.empty();
        }
        return Optional.of(new IndexedMeanTask(
                dimension.get(), persons.get(), samples.orElse(Defaults.SAMPLES_PER_PERSON), resolved, loss));
    }
}
