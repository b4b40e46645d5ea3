package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldReader.Presence.OPTIONAL;
import static org.privsim.core.scenario.FieldReader.Presence.REQUIRED;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.privsim.core.privacy.BudgetAllocation;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.SampledGaussianRdp;

/**
 * Reads one entry of a scenario's {@code experiments} list, in three steps.
 *
 * <ol>
 *   <li>Construction checks what needs no task: the algorithm, unknown fields, fields the algorithm
 *       does not use ({@code not used by <algorithm>}), every value's type and range, duplicates,
 *       and the participation rules ({@code rounds} only with {@code disjoint-batches}, which in
 *       turn forbids {@code epochs}).
 *   <li>{@link #checkAgainst} checks what needs the task: that it is the algorithm's task type,
 *       {@code rounds ≤ task.users}, that the {@code paper} split divides samplesPerUser into
 *       quarters, and that swept persons fit distinct indices.
 *   <li>{@link #resolve} fills every default from {@link Defaults}; fields the algorithm does not
 *       use stay null.
 * </ol>
 *
 * Every problem is recorded in the shared {@link Problems}; {@link #resolve} may only be called
 * when none was recorded anywhere in the scenario.
 */
final class ExperimentReader implements ExperimentFields {

    private static final Set<Algorithm> ALL = EnumSet.allOf(Algorithm.class);
    private static final Set<Algorithm> ALTMIN = EnumSet.of(Algorithm.PRIV_ALTMIN, Algorithm.NON_PRIVATE_ALTMIN);
    private static final Set<Algorithm> PRIVATE = where(Algorithm::isPrivate);
    private static final Set<Algorithm> INDEXED_MEAN = where(Algorithm::isIndexedMean);
    private static final Set<Algorithm> LOW_RANK = where(Algorithm::isLowRank);
    /** The federated algorithms: Poisson-sampled users, clipped updates, Gaussian noise ({@link FedAvgSettings}). */
    private static final Set<Algorithm> FEDERATED = EnumSet.of(Algorithm.DP_FEDAVG, Algorithm.DP_FEDREP);
    private static final Set<Algorithm> LOW_RANK_PRIVATE = where(a -> a.isPrivate() && a.isLowRank()
            && !FEDERATED.contains(a));
    private static final Set<Algorithm> MULTITASK = where(Algorithm::isMultitask);
    private static final Set<Algorithm> ITERATIVE_MULTITASK = where(Algorithm::isIterativeMultitask);
    private static final Set<Algorithm> MP_MTL = EnumSet.of(Algorithm.MP_MTL_LOW_RANK, Algorithm.MP_MTL_GROUP_SPARSE);
    private static final Set<Algorithm> DP_SGD = EnumSet.of(Algorithm.DP_SGD);
    private static final Set<Algorithm> STATISTICS = EnumSet.of(Algorithm.SUFFICIENT_STATISTICS);

    /** Every experiment field, in documentation order, with the algorithms that use it. */
    private static final Map<String, Set<Algorithm>> USED_BY = new LinkedHashMap<>();

    static {
        USED_BY.put("algorithm", ALL);
        USED_BY.put("epsilon", PRIVATE);
        USED_BY.put("delta", where(a -> a.isPrivate() && a != Algorithm.DP_AGGR));
        USED_BY.put("calibration", union(where(a -> a.isPrivate() && !a.isMultitask() && a != Algorithm.DP_SGD
                && !FEDERATED.contains(a)), MP_MTL));
        USED_BY.put("epochs", ALTMIN);
        USED_BY.put("participation", ALTMIN);
        USED_BY.put("rounds", union(ALTMIN, FEDERATED));
        USED_BY.put("split", ALTMIN);
        USED_BY.put("clipModel", union(LOW_RANK_PRIVATE, where(a -> a.isPrivate() && a.isMultitask())));
        USED_BY.put("clipLabel", union(LOW_RANK_PRIVATE, STATISTICS));
        USED_BY.put("initBudgetFraction", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("uStep", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("featureCovariance", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("clipFeature", EnumSet.of(Algorithm.PRIV_ALTMIN, Algorithm.SUFFICIENT_STATISTICS));
        USED_BY.put("featureBudgetFraction", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("roundBudgetSplit", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("clipMoment", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("ridge", union(LOW_RANK, MULTITASK));
        USED_BY.put("modelNormBound", ALTMIN);
        USED_BY.put("tolerance", EnumSet.of(Algorithm.NON_PRIVATE_ALTMIN));
        USED_BY.put("persons", INDEXED_MEAN);
        USED_BY.put("heldOutUsers", ALTMIN);
        USED_BY.put("personalizationSamples", ALTMIN);
        USED_BY.put("iterations", ITERATIVE_MULTITASK);
        USED_BY.put("stepSize", ITERATIVE_MULTITASK);
        USED_BY.put("lambda", ITERATIVE_MULTITASK);
        USED_BY.put("acceleration", ITERATIVE_MULTITASK);
        USED_BY.put("allocation", MP_MTL);
        USED_BY.put("covarianceNoise", MP_MTL);
        USED_BY.put("covarianceShift", MP_MTL);
        USED_BY.put("initialModels", ITERATIVE_MULTITASK);
        USED_BY.put("outlierTask", ITERATIVE_MULTITASK);
        USED_BY.put("outlierScale", ITERATIVE_MULTITASK);
        USED_BY.put("exportModels", ITERATIVE_MULTITASK);
        USED_BY.put("representation", where(a -> a.isTransfer() && a != Algorithm.ZERO_SHOT));
        USED_BY.put("subspaceEstimator", where(a -> a.isTransfer() && a != Algorithm.ZERO_SHOT));
        USED_BY.put("representationEpsilon", where(a -> a.isTransfer() && a != Algorithm.ZERO_SHOT));
        USED_BY.put("representationDelta", where(a -> a.isTransfer() && a != Algorithm.ZERO_SHOT));
        USED_BY.put("representationEpochs", where(a -> a.isTransfer() && a != Algorithm.ZERO_SHOT));
        USED_BY.put("samplingRate", union(DP_SGD, FEDERATED));
        USED_BY.put("steps", DP_SGD);
        USED_BY.put("noiseMultiplier", union(DP_SGD, FEDERATED));
        USED_BY.put("clipGradient", DP_SGD);
        USED_BY.put("learningRate", union(DP_SGD, FEDERATED));
        USED_BY.put("clipUpdate", FEDERATED);
        USED_BY.put("localEpochs", FEDERATED);
        USED_BY.put("averageIterates", DP_SGD);
        USED_BY.put("accountant", union(DP_SGD, FEDERATED));
        USED_BY.put("statisticsBudgetSplit", STATISTICS);
        USED_BY.put("rank", union(ALTMIN, EnumSet.of(Algorithm.DP_FEDREP)));
        USED_BY.put("repeats", ALL);
    }

    private static final List<String> FIELDS = List.copyOf(USED_BY.keySet());
    /** Largest repeats an indexed-mean experiment may ask for. */
    private static final int MAX_REPEATS = 100_000;
    /** Largest repeats a low-rank experiment may ask for (each repeat is a whole population and run). */
    private static final int MAX_LOW_RANK_REPEATS = 1_000;
    /** Largest T of an iterative multi-task algorithm. */
    private static final int MAX_ITERATIONS = 100_000;
    /** Largest number of held-out users. */
    private static final int MAX_HELD_OUT_USERS = 1_000_000;
    /** Largest number of doubles the held-out users' rows may hold (800 MB). */
    private static final long MAX_HELD_OUT_VALUES = 100_000_000L;
    /** Largest number of epochs of the private-altmin representation. */
    private static final int MAX_REPRESENTATION_EPOCHS = 100;
    /** Largest number of DP-SGD steps. */
    private static final int MAX_STEPS = 10_000_000;

    private final FieldReader fields;
    /** Null when missing or invalid; then no other field is read. */
    private final Algorithm algorithm;
    // Each value below is the one given, or null when absent, invalid or not used by the algorithm.
    private final List<Double> epsilons;
    private final Double delta;
    private final Calibration calibration;
    private final Participation participation;
    private final Integer rounds;
    private final List<Integer> epochs;
    private final SampleSplit split;
    private final Double clipModel;
    private final Double clipLabel;
    private final Double initBudgetFraction;
    private final UStep uStep;
    private final FeatureCovariance featureCovariance;
    private final Double clipFeature;
    private final Double featureBudgetFraction;
    private final Double roundBudgetSplit;
    private final Double clipMoment;
    private final Double ridge;
    private final Double modelNormBound;
    private final Double tolerance;
    private final List<Integer> persons;
    private final Integer heldOutUsers;
    private final List<Integer> personalizationSamples;
    private final Integer repeats;
    private final Integer rank;
    private final Integer iterations;
    private final Double stepSize;
    private final List<Double> lambdas;
    private final Boolean acceleration;
    private final BudgetAllocation allocation;
    private final CovarianceNoise covarianceNoise;
    private final List<Double> covarianceShifts;
    private final InitialModels initialModels;
    private final Integer outlierTask;
    private final Double outlierScale;
    private final Boolean exportModels;
    private final Representation representation;
    private final SubspaceEstimator subspaceEstimator;
    private final Double representationEpsilon;
    private final Double representationDelta;
    private final Integer representationEpochs;
    private final Double samplingRate;
    private final Integer steps;
    private final Double noiseMultiplier;
    private final Double clipGradient;
    private final Double learningRate;
    private final Boolean averageIterates;
    private final Double clipUpdate;
    private final Integer localEpochs;
    private final Accountant accountant;
    private final Double statisticsBudgetSplit;
    /** Fields the caller reads itself (an audit's privacy target); never read or rejected here. */
    private final Set<String> handledByCaller;

    /** Reads and checks {@code fields}, recording every problem that needs no task to find. */
    ExperimentReader(FieldReader fields) {
        this(fields, List.of(), Set.of());
    }

    /**
     * Reads {@code fields} as an experiment that also carries the caller's {@code callerFields}
     * (accepted as known); of those, the ones in {@code handledByCaller} are left to the caller.
     */
    ExperimentReader(FieldReader fields, List<String> callerFields, Set<String> handledByCaller) {
        this.fields = fields;
        this.handledByCaller = handledByCaller;
        List<String> known = new ArrayList<>(FIELDS);
        callerFields.stream().filter(f -> !known.contains(f)).forEach(known::add);
        fields.rejectUnknown(known);
        algorithm = fields.choice("algorithm", REQUIRED, List.of(Algorithm.values()), Algorithm::id).orElse(null);
        if (algorithm != null) {
            FIELDS.stream()
                    .filter(field -> fields.has(field) && !uses(field) && !handledByCaller.contains(field))
                    .forEach(field -> fields.error(field, "not used by " + algorithm.id()));
        }
        epsilons = reads("epsilon") ? fields.numbers("epsilon", REQUIRED,
                Bounds.between(Bounds.MIN_EPSILON, algorithm != null && algorithm.isMultitask() ? Bounds.MAX_PURE_EPSILON
                        : Bounds.MAX_EPSILON)).orElse(null) : null;
        covarianceNoise = uses("covarianceNoise")
                ? choice("covarianceNoise", CovarianceNoise.values(), CovarianceNoise::id) : null;
        boolean gaussianCovariance = covarianceNoise == CovarianceNoise.GAUSSIAN;
        covarianceShifts = uses("covarianceShift")
                && onlyWith("covarianceShift", gaussianCovariance, "covarianceNoise gaussian")
                ? fields.numbers("covarianceShift", OPTIONAL, Bounds.scaleOrZero()).orElse(null) : null;
        delta = reads("delta") ? readDelta(fields, algorithm.isMultitask()) : null;
        if (gaussianCovariance && delta != null && delta == 0) {
            fields.error("delta", "must be > 0 with covarianceNoise gaussian (a Gaussian release is not pure ε-DP)");
        }
        calibration = reads("calibration") && (!MP_MTL.contains(algorithm) || onlyWith("calibration",
                gaussianCovariance, "covarianceNoise gaussian (the Wishart releases claim pure ε_t)"))
                ? choice("calibration", Calibration.values(), Calibration::id) : null;
        participation = uses("participation")
                ? choice("participation", Participation.values(), Participation::id) : null;
        Participation effective = fields.has("participation") ? participation : Defaults.PARTICIPATION;
        rounds = !uses("rounds") ? null : FEDERATED.contains(algorithm)
                ? fields.integer("rounds", OPTIONAL, Bounds.between(1, FedAvgSettings.MAX_ROUNDS)).orElse(null)
                : readRounds(effective);
        epochs = uses("epochs") ? readEpochs(effective) : null;
        split = uses("split") ? choice("split", SampleSplit.values(), SampleSplit::id) : null;
        clipModel = positive("clipModel");
        clipLabel = positive("clipLabel");
        initBudgetFraction = uses("initBudgetFraction")
                ? fields.number("initBudgetFraction", OPTIONAL, Bounds.strictlyBetween(0, 1)).orElse(null) : null;
        uStep = uses("uStep") ? choice("uStep", UStep.values(), UStep::id) : null;
        UStep effectiveStep = fields.has("uStep") ? uStep : Defaults.U_STEP;
        featureCovariance = uses("featureCovariance") ? readFeatureCovariance(effectiveStep) : null;
        FeatureCovariance effectiveCovariance = fields.has("featureCovariance")
                ? featureCovariance : Defaults.FEATURE_COVARIANCE;
        boolean privateS = effectiveStep == UStep.KRONECKER && effectiveCovariance == FeatureCovariance.PRIVATE;
        boolean transfer = algorithm != null && algorithm.isTransfer();
        clipFeature = uses("clipFeature") && (transfer || onlyWith("clipFeature", privateS, "featureCovariance private"))
                ? fields.number("clipFeature", OPTIONAL, Bounds.scale()).orElse(null) : null;
        featureBudgetFraction = uses("featureBudgetFraction")
                && onlyWith("featureBudgetFraction", privateS, "featureCovariance private")
                ? fields.number("featureBudgetFraction", OPTIONAL, Bounds.strictlyBetween(0, 1)).orElse(null) : null;
        roundBudgetSplit = uses("roundBudgetSplit")
                && onlyWith("roundBudgetSplit", effectiveStep == UStep.FULL, "uStep full (kronecker releases only b)")
                ? fields.number("roundBudgetSplit", OPTIONAL, Bounds.strictlyBetween(0, 1)).orElse(null) : null;
        clipMoment = uses("clipMoment")
                && onlyWith("clipMoment", effectiveStep == UStep.KRONECKER, "uStep kronecker")
                ? fields.number("clipMoment", OPTIONAL, Bounds.scale()).orElse(null) : null;
        if (featureBudgetFraction != null) {
            double init = initBudgetFraction != null ? initBudgetFraction : Defaults.INIT_BUDGET_FRACTION;
            if (init + featureBudgetFraction >= 1) {
                fields.error("featureBudgetFraction", "initBudgetFraction + featureBudgetFraction must be < 1 (the"
                        + " rounds need a share), got " + init + " + " + featureBudgetFraction);
            }
        }
        ridge = uses("ridge") ? fields.number("ridge", OPTIONAL, Bounds.scaleOrZero()).orElse(null) : null;
        modelNormBound = positive("modelNormBound");
        tolerance = positive("tolerance");
        persons = uses("persons")
                ? fields.integers("persons", OPTIONAL, Bounds.between(2, TaskReader.MAX_PERSONS)).orElse(null) : null;
        heldOutUsers = uses("heldOutUsers")
                ? fields.integer("heldOutUsers", OPTIONAL, Bounds.between(1, MAX_HELD_OUT_USERS)).orElse(null) : null;
        personalizationSamples = uses("personalizationSamples")
                && onlyWith("personalizationSamples", fields.has("heldOutUsers"), "heldOutUsers")
                ? fields.integers("personalizationSamples", OPTIONAL, Bounds.atLeast(1)).orElse(null) : null;
        repeats = uses("repeats")
                ? fields.integer("repeats", OPTIONAL, algorithm.isIndexedMean() ? Bounds.between(2, MAX_REPEATS)
                        : Bounds.between(1, MAX_LOW_RANK_REPEATS)).orElse(null) : null;
        rank = uses("rank") ? fields.integer("rank", OPTIONAL, Bounds.atLeast(1)).orElse(null) : null;
        iterations = uses("iterations")
                ? fields.integer("iterations", OPTIONAL, Bounds.between(1, MAX_ITERATIONS)).orElse(null) : null;
        stepSize = positive("stepSize");
        lambdas = uses("lambda") ? fields.numbers("lambda", REQUIRED, Bounds.scale()).orElse(null) : null;
        acceleration = uses("acceleration") ? fields.bool("acceleration", OPTIONAL).orElse(null) : null;
        allocation = uses("allocation") ? readAllocation() : null;
        initialModels = uses("initialModels") ? choice("initialModels", InitialModels.values(), InitialModels::id) : null;
        outlierTask = uses("outlierTask")
                ? fields.integer("outlierTask", OPTIONAL, Bounds.atLeast(1)).orElse(null) : null;
        outlierScale = uses("outlierScale") && onlyWith("outlierScale", fields.has("outlierTask"), "outlierTask")
                ? fields.number("outlierScale", OPTIONAL, Bounds.scale()).orElse(null) : null;
        exportModels = uses("exportModels") ? fields.bool("exportModels", OPTIONAL).orElse(null) : null;
        // YAML reads an unquoted `representation: true` as a boolean; it can only mean the true subspace.
        representation = !uses("representation") ? null : fields.isTrue("representation") ? Representation.TRUE
                : choice("representation", Representation.values(), Representation::id);
        Representation effectiveRepresentation = fields.has("representation") ? representation
                : Defaults.REPRESENTATION;
        subspaceEstimator = uses("subspaceEstimator") && onlyWith("subspaceEstimator",
                effectiveRepresentation == Representation.PUBLIC, "representation public")
                ? choice("subspaceEstimator", SubspaceEstimator.values(), SubspaceEstimator::id) : null;
        boolean altMinRepresentation = effectiveRepresentation == Representation.PRIVATE_ALTMIN;
        String altMinCondition = "representation private-altmin";
        representationEpsilon = uses("representationEpsilon")
                && onlyWith("representationEpsilon", altMinRepresentation, altMinCondition)
                ? fields.number("representationEpsilon", REQUIRED, Bounds.between(Bounds.MIN_EPSILON, Bounds.MAX_EPSILON)).orElse(null) : null;
        representationDelta = uses("representationDelta")
                && onlyWith("representationDelta", altMinRepresentation, altMinCondition)
                ? fields.number("representationDelta", OPTIONAL, Bounds.strictlyBetween(0, 1)).orElse(null) : null;
        representationEpochs = uses("representationEpochs")
                && onlyWith("representationEpochs", altMinRepresentation, altMinCondition)
                ? fields.integer("representationEpochs", OPTIONAL, Bounds.between(1, MAX_REPRESENTATION_EPOCHS))
                        .orElse(null) : null;
        samplingRate = uses("samplingRate")
                ? fields.number("samplingRate", OPTIONAL, new Bounds(0, false, 1, true)).orElse(null) : null;
        steps = uses("steps") ? fields.integer("steps", OPTIONAL, Bounds.between(1, MAX_STEPS)).orElse(null) : null;
        noiseMultiplier = positive("noiseMultiplier");
        clipGradient = positive("clipGradient");
        learningRate = positive("learningRate");
        averageIterates = uses("averageIterates") ? fields.bool("averageIterates", OPTIONAL).orElse(null) : null;
        clipUpdate = positive("clipUpdate");
        localEpochs = uses("localEpochs") ? fields.integer("localEpochs", OPTIONAL,
                Bounds.between(1, FedAvgSettings.MAX_LOCAL_EPOCHS)).orElse(null) : null;
        accountant = uses("accountant") ? choice("accountant", Accountant.values(), Accountant::id) : null;
        statisticsBudgetSplit = uses("statisticsBudgetSplit")
                ? fields.number("statisticsBudgetSplit", OPTIONAL, Bounds.strictlyBetween(0, 1)).orElse(null) : null;
    }

    /** The epoch counts given, or null when absent, invalid or not used. */
    List<Integer> epochs() {
        return epochs;
    }

    /** The λ candidates given, or null when absent, invalid or not used. */
    List<Double> lambdas() {
        return lambdas;
    }

    /** Records the problems that depend on the (valid) task; {@code taskField} names where it came from. */
    @Override
    public void checkAgainst(Task task, String taskField) {
        if (algorithm == null) {
            return;
        }
        if (!algorithm.runsOn(task)) {
            fields.error("algorithm", algorithm.id() + " needs a task of type " + algorithm.taskTypes()
                    + ", but " + taskField + " is of type " + task.type());
            return;
        }
        if (fields.has("rank") && !(task instanceof DatasetTask) && uses("rank")) {
            fields.error("rank", "only used with a " + DatasetTask.TYPE + " task (" + taskField + ".rank sets it here)");
        }
        if (task instanceof DatasetTask dataset) {
            checkAgainst(dataset);
        } else if (task instanceof LowRankRegressionTask lowRank) {
            checkAgainst(lowRank);
        } else if (task instanceof MultitaskRegressionTask multitask) {
            if (outlierTask != null && outlierTask > multitask.tasks()) {
                fields.error("outlierTask", "must be ≤ task.tasks (" + multitask.tasks() + "), got " + outlierTask);
            }
            checkAllocation(multitask);
        } else if (task instanceof TransferRegressionTask transferTask) {
            checkAgainst(transferTask);
        } else if (task instanceof IndexedMeanTask indexed && persons != null
                && indexed.indices() == IndexAssignment.DISTINCT) {
            persons.stream().filter(t -> t > indexed.dimension()).findFirst().ifPresent(t -> fields.error("persons",
                    "distinct indices need persons ≤ task.dimension (" + indexed.dimension() + "), got " + t));
        }
    }

    /**
     * The budget allocation must split every ε over the iterations into positive finite budgets
     * (geometric(Q) with a large Q, or a tiny ε over many iterations, underflows or overflows).
     */
    private void checkAllocation(MultitaskRegressionTask task) {
        if (!uses("allocation") || !algorithm.isIterativeMultitask() || epsilons == null
                || (reads("delta") && fields.has("delta") && delta == null)) {
            return;
        }
        BudgetAllocation resolved = or(allocation, Defaults.allocation(or(acceleration, Defaults.ACCELERATION)));
        int t = or(iterations, Defaults.MULTITASK_ITERATIONS);
        double d = uses("delta") ? or(delta, Defaults.multitaskDelta(task)) : 0;
        for (double epsilon : epsilons) {
            String problem;
            try {
                double[] budgets = resolved.epsilons(t, epsilon, d);
                problem = Arrays.stream(budgets).allMatch(b -> b > 0 && Double.isFinite(b)) ? null
                        : "some iteration's budget is 0 or not finite";
            } catch (IllegalArgumentException | ArithmeticException e) {
                problem = e.getMessage();
            }
            if (problem != null) {
                fields.error(fields.has("allocation") ? "allocation" : "epsilon", resolved.id() + " cannot split ε = "
                        + epsilon + " over " + t + " iterations: " + problem);
                return;
            }
        }
    }

    private void checkAgainst(LowRankRegressionTask task) {
        if (heldOutUsers != null) {
            int most = personalizationSamples == null ? task.samplesPerUser()
                    : personalizationSamples.stream().mapToInt(Integer::intValue).max().orElse(1);
            long values = (long) heldOutUsers * most * (task.dimension() + 1L);
            if (values > MAX_HELD_OUT_VALUES) {
                fields.error("heldOutUsers", heldOutUsers + " held-out users with " + most + " samples in d = "
                        + task.dimension() + " need " + String.format("%.1f", values * 8e-9)
                        + " GB of rows (more than 0.8 GB); use fewer users or samples");
            }
        }
        if (split == SampleSplit.PAPER && task.samplesPerUser() % 4 != 0) {
            fields.error("split", "paper split needs samplesPerUser divisible by 4 (got " + task.samplesPerUser() + ")");
        }
        if (FEDERATED.contains(algorithm)) {
            checkSampledGaussian(or(samplingRate, FedAvgSettings.SAMPLING_RATE), or(rounds, FedAvgSettings.ROUNDS),
                    "rounds", or(accountant, Defaults.ACCOUNTANT));
            return;
        }
        if (rounds != null && rounds > task.users()) {
            fields.error("rounds", "must be ≤ task.users (" + task.users() + "), got " + rounds);
        }
        if (participation == Participation.DISJOINT_BATCHES && !fields.has("rounds")
                && Defaults.DISJOINT_BATCH_ROUNDS > task.users()) {
            fields.error("rounds", "the default " + Defaults.DISJOINT_BATCH_ROUNDS
                    + " must be ≤ task.users (" + task.users() + "); set rounds");
        }
    }

    private void checkAgainst(DatasetTask task) {
        if (fields.has("heldOutUsers")) {
            fields.error("heldOutUsers", "not available on a " + DatasetTask.TYPE + " task (there are no users"
                    + " beyond the file's; every user's test rows are held out instead)");
        }
        if (split == SampleSplit.PAPER) {
            fields.error("split", "paper split is not available on a " + DatasetTask.TYPE
                    + " task (users hold different numbers of rows); use reuse");
        }
        if (rank != null && rank > task.dimension()) {
            fields.error("rank", "must be ≤ the model columns d (" + task.dimension() + "), got " + rank);
        }
        int k = rank == null ? Math.min(Defaults.DATASET_RANK, task.dimension()) : rank;
        checkAgainst(task.shape(k));
    }

    private void checkAgainst(TransferRegressionTask task) {
        if (representation == Representation.PRIVATE_ALTMIN) {
            int t = task.publicTasks();
            task.publicSamples().stream().filter(n1 -> n1 % t != 0 || n1 / t < 2).findFirst().ifPresent(n1 ->
                    fields.error("representation", "private-altmin makes each of task.publicTasks (" + t
                            + ") a user holding n₁/t rows, so every task.publicSamples must be a multiple of " + t
                            + " with at least 2 rows per task, got " + n1));
        }
        if (representation == Representation.PUBLIC && subspaceEstimator == SubspaceEstimator.PAIRS) {
            int t = task.publicTasks();
            task.publicSamples().stream().filter(n1 -> n1 <= t).findFirst().ifPresent(n1 ->
                    fields.error("subspaceEstimator", "pairs needs two rows of one public task, and rows are dealt"
                            + " to task.publicTasks (" + t + ") in turn, so every task.publicSamples must exceed "
                            + t + ", got " + n1));
        }
        if (algorithm == Algorithm.DP_SGD && steps == null && !fields.has("steps")) {
            double q = or(samplingRate, Defaults.SAMPLING_RATE);
            double derived = Math.ceil(Defaults.DP_SGD_EPOCHS / q);
            if (derived > MAX_STEPS) {
                fields.error(fields.has("samplingRate") ? "samplingRate" : "steps", "at sampling rate " + q
                        + " the default steps (" + Defaults.DP_SGD_EPOCHS + " epochs / samplingRate = "
                        + String.format("%.3g", derived) + ") exceed the cap of " + MAX_STEPS
                        + " that steps obeys; raise samplingRate or give steps");
                return;
            }
        }
        if (algorithm == Algorithm.DP_SGD) {
            double q = or(samplingRate, Defaults.SAMPLING_RATE);
            checkSampledGaussian(q, or(steps, Defaults.steps(q)), "steps", or(accountant, Defaults.ACCOUNTANT));
        }
    }

    /**
     * The targets of a Poisson-sampled Gaussian mechanism run {@code count} times at rate q, accounted
     * by {@code by}: a σ calibrated by RDP needs every epsilon above that accountant's floor; a given
     * noiseMultiplier must not spend more than any epsilon.
     */
    private void checkSampledGaussian(double q, int count, String what, Accountant by) {
        if (epsilons == null || delta == null || delta <= 0) {
            return;
        }
        if (noiseMultiplier == null) {
            if (by == Accountant.RDP) {
                double floor = SampledGaussianRdp.epsilonFloor(delta, SampledGaussianRdp.Conversion.TIGHT);
                epsilons.stream().filter(e -> !(e > floor)).findFirst().ifPresent(e -> fields.error("epsilon",
                        algorithm.id() + " cannot reach ε = " + e + " at δ = " + delta + ": even zero Rényi"
                                + " divergence converts to ε = " + String.format("%.4g", floor)
                                + " at the accountant's orders; use a larger epsilon"));
            }
            return;
        }
        double spent;
        try {
            spent = by == Accountant.PLD ? PldAccountant.dpSgdEpsilon(q, noiseMultiplier, count, delta)
                    : SampledGaussianRdp.epsilon(q, noiseMultiplier, count, delta, SampledGaussianRdp.defaultOrders())
                            .tightEpsilon();
        } catch (IllegalArgumentException e) {
            fields.error("noiseMultiplier", "cannot be accounted by " + by.id() + ": " + e.getMessage());
            return;
        }
        epsilons.stream().filter(e -> spent > e).findFirst().ifPresent(e -> fields.error("noiseMultiplier",
                noiseMultiplier + " over " + count + " " + what + " at sampling rate " + q + " spends ε = "
                        + String.format("%.4g", spent) + " at δ = " + delta + " (accountant " + by.id()
                        + "), more than epsilon " + e
                        + " (omit noiseMultiplier to calibrate it to each epsilon)"));
    }

    /** The experiment with every default resolved; only valid when no problem was recorded. */
    @Override
    public ExperimentSpec resolve(Task task) {
        if (task instanceof DatasetTask dataset) {
            int k = rank == null ? Math.min(Defaults.DATASET_RANK, dataset.dimension()) : rank;
            ExperimentSpec spec = resolve(dataset.shape(uses("rank") ? k : 1));
            return new ExperimentSpec(spec.algorithm(), spec.epsilons(), spec.delta(), spec.calibration(),
                    spec.epochs(), spec.participation(), spec.rounds(), spec.split(), spec.clipModel(),
                    spec.clipLabel(), spec.initBudgetFraction(), spec.uStep(), spec.featureCovariance(),
                    spec.clipFeature(), spec.featureBudgetFraction(), spec.roundBudgetSplit(), spec.clipMoment(),
                    spec.ridge(), spec.modelNormBound(), spec.tolerance(), spec.persons(), spec.repeats(),
                    spec.multitask(), spec.transfer(), spec.metalearning(), uses("rank") ? k : null, spec.settings());
        }
        if (task instanceof LowRankRegressionTask lowRank) {
            return resolve(lowRank);
        }
        if (task instanceof MultitaskRegressionTask multitask) {
            return resolve(multitask);
        }
        if (task instanceof TransferRegressionTask transferTask) {
            return resolve(transferTask);
        }
        IndexedMeanTask indexed = (IndexedMeanTask) task;
        return new ExperimentSpec(algorithm, epsilons, delta,
                uses("calibration") ? or(calibration, Defaults.CALIBRATION) : null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                or(persons, List.of(indexed.persons())), or(repeats, Defaults.REPEATS), null, null, null);
    }

    private ExperimentSpec resolve(LowRankRegressionTask task) {
        if (FEDERATED.contains(algorithm)) {
            FedAvgSettings settings = new FedAvgSettings(or(samplingRate, FedAvgSettings.SAMPLING_RATE),
                    or(rounds, FedAvgSettings.ROUNDS), noiseMultiplier, or(clipUpdate, FedAvgSettings.CLIP_UPDATE),
                    or(learningRate, FedAvgSettings.LEARNING_RATE), or(localEpochs, FedAvgSettings.LOCAL_EPOCHS),
                    or(accountant, Defaults.ACCOUNTANT));
            // dp-fedavg fine-tunes in d dimensions like own-data; dp-fedrep fits a k-dimensional head like priv-altmin.
            Algorithm ridgeLike = algorithm == Algorithm.DP_FEDAVG ? Algorithm.OWN_DATA : algorithm;
            return new ExperimentSpec(algorithm, epsilons, delta, null, null, null, null, null, null, null, null, null,
                    null, null, null, null, null, or(ridge, Defaults.ridge(ridgeLike, task)), null, null, null,
                    or(repeats, Defaults.LOW_RANK_REPEATS), null, null, null, null, settings);
        }
        UStep resolvedStep = uses("uStep") ? or(uStep, Defaults.U_STEP) : null;
        boolean kronecker = resolvedStep == UStep.KRONECKER;
        boolean privateS = kronecker && or(featureCovariance, Defaults.FEATURE_COVARIANCE) == FeatureCovariance.PRIVATE;
        Participation resolvedParticipation = uses("participation") ? or(participation, Defaults.PARTICIPATION) : null;
        return new ExperimentSpec(
                algorithm,
                epsilons,
                delta,
                uses("calibration") ? or(calibration, Defaults.CALIBRATION) : null,
                uses("epochs") ? or(epochs, Defaults.epochs(algorithm, resolvedParticipation)) : null,
                resolvedParticipation,
                resolvedParticipation == Participation.DISJOINT_BATCHES
                        ? or(rounds, Defaults.DISJOINT_BATCH_ROUNDS) : null,
                uses("split") ? or(split, Defaults.SPLIT) : null,
                uses("clipModel") ? or(clipModel, Defaults.clipModel(algorithm, task)) : null,
                uses("clipLabel") ? or(clipLabel, Defaults.clipLabel(task)) : null,
                uses("initBudgetFraction") ? or(initBudgetFraction, Defaults.INIT_BUDGET_FRACTION) : null,
                resolvedStep,
                privateS ? FeatureCovariance.PRIVATE : kronecker ? FeatureCovariance.IDENTITY : null,
                privateS ? or(clipFeature, Defaults.clipFeature(task)) : null,
                privateS ? or(featureBudgetFraction, Defaults.FEATURE_BUDGET_FRACTION) : null,
                resolvedStep == UStep.FULL ? or(roundBudgetSplit, Defaults.roundBudgetSplit(task)) : null,
                kronecker ? or(clipMoment, Defaults.clipMoment(task, or(clipModel, Defaults.clipModel(algorithm, task)),
                        or(clipLabel, Defaults.clipLabel(task)), or(split, Defaults.SPLIT))) : null,
                or(ridge, Defaults.ridge(algorithm, task)),
                uses("modelNormBound") ? or(modelNormBound, Defaults.modelNormBound(task)) : null,
                uses("tolerance") ? or(tolerance, Defaults.TOLERANCE) : null,
                null, or(repeats, Defaults.LOW_RANK_REPEATS), null, null, metalearning(task));
    }

    private ExperimentSpec resolve(MultitaskRegressionTask task) {
        MultitaskSettings settings = MultitaskSettings.oneShot();
        if (algorithm.isIterativeMultitask()) {
            boolean accelerate = or(acceleration, Defaults.ACCELERATION);
            settings = new MultitaskSettings(or(iterations, Defaults.MULTITASK_ITERATIONS),
                    or(stepSize, Defaults.stepSize(task)), lambdas, accelerate,
                    uses("allocation") ? or(allocation, Defaults.allocation(accelerate)) : null,
                    or(initialModels, Defaults.INITIAL_MODELS), outlierTask,
                    outlierTask == null ? null : or(outlierScale, Defaults.OUTLIER_SCALE),
                    or(exportModels, false),
                    uses("covarianceNoise") ? or(covarianceNoise, Defaults.COVARIANCE_NOISE) : null,
                    gaussianCovariance() ? or(covarianceShifts, Defaults.COVARIANCE_SHIFTS) : null);
        }
        return new ExperimentSpec(algorithm, epsilons, uses("delta") ? or(delta, Defaults.multitaskDelta(task)) : null,
                settings.gaussianNoise() ? or(calibration, Defaults.GAUSSIAN_COVARIANCE_CALIBRATION) : null,
                null, null, null, null,
                uses("clipModel") ? or(clipModel, Defaults.multitaskClip(task)) : null,
                null, null, null, null, null, null, null, null,
                or(ridge, Defaults.MULTITASK_RIDGE), null, null, null,
                or(repeats, Defaults.MULTITASK_REPEATS), settings, null, null);
    }

    private ExperimentSpec resolve(TransferRegressionTask task) {
        Representation r = uses("representation") ? or(representation, Defaults.REPRESENTATION) : null;
        boolean sgd = algorithm == Algorithm.DP_SGD;
        boolean statistics = algorithm == Algorithm.SUFFICIENT_STATISTICS;
        double q = or(samplingRate, Defaults.SAMPLING_RATE);
        TransferSettings settings = new TransferSettings(r,
                r == Representation.PUBLIC ? or(subspaceEstimator, Defaults.SUBSPACE_ESTIMATOR) : null, sgd ? q : null, sgd ? or(steps, Defaults.steps(q)) : null,
                sgd ? noiseMultiplier : null, sgd ? or(clipGradient, Defaults.CLIP_GRADIENT) : null,
                sgd ? or(learningRate, Defaults.LEARNING_RATE) : null, sgd ? or(averageIterates, false) : null,
                statistics ? or(clipFeature, Defaults.transferClipFeature(task, r)) : null,
                statistics ? or(clipLabel, Defaults.transferClipLabel(task)) : null,
                statistics ? or(statisticsBudgetSplit, Defaults.STATISTICS_BUDGET_SPLIT) : null,
                r == Representation.PRIVATE_ALTMIN ? representationEpsilon : null,
                r == Representation.PRIVATE_ALTMIN ? or(representationDelta, Defaults.REPRESENTATION_DELTA) : null,
                r == Representation.PRIVATE_ALTMIN ? or(representationEpochs, Defaults.REPRESENTATION_EPOCHS) : null,
                sgd ? or(accountant, Defaults.ACCOUNTANT) : null);
        return new ExperimentSpec(algorithm, epsilons, delta,
                statistics ? or(calibration, Defaults.TRANSFER_CALIBRATION) : null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                or(repeats, Defaults.TRANSFER_REPEATS), null, settings, null);
    }

    /** The held-out users, or null: personalizationSamples defaults to [samplesPerUser]. */
    private Metalearning metalearning(LowRankRegressionTask task) {
        return heldOutUsers == null ? null
                : new Metalearning(heldOutUsers, or(personalizationSamples, List.of(task.samplesPerUser())));
    }

    /** The representation given, or null. */
    Representation representation() {
        return representation;
    }

    /** The covariance shift candidates given, or null. */
    List<Double> covarianceShifts() {
        return covarianceShifts;
    }

    /** Whether the experiment asks for the Gaussian covariance release (MP-MTL). */
    boolean gaussianCovariance() {
        return covarianceNoise == CovarianceNoise.GAUSSIAN;
    }

    private boolean uses(String field) {
        return algorithm != null && USED_BY.get(field).contains(algorithm);
    }

    private boolean reads(String field) {
        return uses(field) && !handledByCaller.contains(field);
    }

    private static Set<Algorithm> where(Predicate<Algorithm> test) {
        return Arrays.stream(Algorithm.values())
                .filter(test)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Algorithm.class)));
    }

    /**
     * δ of {@code fields}: required and in (0, 1) for the zCDP algorithms; optional and in [0, 1) when
     * {@code pure} (MP-MTL's pure-ε releases, where 0 means basic composition). Shared with audits.
     */
    static Double readDelta(FieldReader fields, boolean pure) {
        if (!pure) {
            return fields.number("delta", REQUIRED, Bounds.strictlyBetween(0, 1)).orElse(null);
        }
        Double read = fields.number("delta", OPTIONAL, Bounds.between(0, 1)).orElse(null);
        if (read != null && read == 1) {
            fields.error("delta", "must be < 1, got 1");
            return null;
        }
        return read;
    }

    private BudgetAllocation readAllocation() {
        return fields.string("allocation", OPTIONAL).flatMap(text -> {
            var parsed = BudgetAllocation.parse(text);
            if (parsed.isEmpty()) {
                fields.error("allocation", "unknown allocation " + FieldReader.quote(text) + " (expected one of: "
                        + BudgetAllocation.choices() + ")");
            }
            return parsed;
        }).orElse(null);
    }

    @SafeVarargs
    private static Set<Algorithm> union(Set<Algorithm>... sets) {
        Set<Algorithm> all = EnumSet.noneOf(Algorithm.class);
        for (Set<Algorithm> set : sets) {
            all.addAll(set);
        }
        return all;
    }

    private Integer readRounds(Participation effective) {
        if (fields.has("rounds") && effective == Participation.EPOCHS) {
            fields.error("rounds", "not used with participation epochs (only with disjoint-batches)");
            return null;
        }
        return fields.integer("rounds", OPTIONAL, Bounds.atLeast(1)).orElse(null);
    }

    private List<Integer> readEpochs(Participation effective) {
        if (fields.has("epochs") && effective == Participation.DISJOINT_BATCHES) {
            fields.error("epochs", "not used with participation disjoint-batches; use rounds");
            return null;
        }
        if (algorithm == Algorithm.NON_PRIVATE_ALTMIN) {
            if (fields.isList("epochs")) {
                fields.error("epochs", "must be a single integer for non-private-altmin (the epoch cap), got a list");
                return null;
            }
            return fields.integer("epochs", OPTIONAL, Bounds.atLeast(1)).map(List::of).orElse(null);
        }
        return fields.integers("epochs", OPTIONAL, Bounds.atLeast(1)).orElse(null);
    }

    private FeatureCovariance readFeatureCovariance(UStep effectiveStep) {
        if (fields.has("featureCovariance") && effectiveStep != UStep.KRONECKER) {
            fields.error("featureCovariance", "only used with uStep kronecker (the full U-step releases A itself)");
            return null;
        }
        return choice("featureCovariance", FeatureCovariance.values(), FeatureCovariance::id);
    }

    /** Whether {@code field} may be read; records an error when it is given although {@code applies} is false. */
    private boolean onlyWith(String field, boolean applies, String condition) {
        if (fields.has(field) && !applies) {
            fields.error(field, "only used with " + condition);
            return false;
        }
        return applies;
    }

    private <E> E choice(String field, E[] options, Function<E, String> id) {
        return fields.choice(field, OPTIONAL, List.of(options), id).orElse(null);
    }

    private Double positive(String field) {
        return uses(field) ? fields.number(field, OPTIONAL, Bounds.scale()).orElse(null) : null;
    }

    private static <T> T or(T given, T fallback) {
        return Objects.requireNonNullElse(given, fallback);
    }
}
