package org.privsim.core.scenario;


import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
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

    private static final List<String> FIELDS = ScenarioFields.EXPERIMENT_NAMES;
    /** Largest number of doubles the held-out users' rows may hold (800 MB). */
    private static final long MAX_HELD_OUT_VALUES = 100_000_000L;

    private final FieldReader fields;
    /** The values below by field name, for the algorithm's resolver. */
    private final GivenFields values = new GivenFields();
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
    /** Whether an audit reads these fields (then the fields of {@link ScenarioFields#REQUIRED_IN_AUDITS} are required). */
    private final boolean audit;
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
        this.audit = !callerFields.isEmpty();
        List<String> known = new ArrayList<>(FIELDS);
        callerFields.stream().filter(f -> !known.contains(f)).forEach(known::add);
        // The algorithm first, to list its fields for an unknown one; when absent, after them (a near
        // miss such as `algoritm:` then stands for it instead of a "required field missing").
        boolean given = fields.has(ScenarioFields.ALGORITHM.name());
        algorithm = given ? readAlgorithm(fields) : null;
        if (algorithm == null) {
            fields.rejectUnknown(known);
        } else {
            List<String> own = known.stream().filter(f -> uses(f) || callerFields.contains(f)).toList();
            fields.rejectUnknown(known, own, algorithm.id() + " reads");
        }
        if (!given) {
            readAlgorithm(fields);
        }
        if (algorithm != null) {
            FIELDS.stream()
                    .filter(field -> fields.has(field) && !uses(field) && !handledByCaller.contains(field))
                    .forEach(field -> fields.error(field, "not used by " + algorithm.id()));
        }
        epsilons = values.keep("epsilon", reads("epsilon") ? fields.numbers(spec("epsilon")).orElse(null) : null);
        covarianceNoise = values.keep("covarianceNoise", uses("covarianceNoise")
                ? choice("covarianceNoise", CovarianceNoise.values(), CovarianceNoise::id) : null);
        boolean gaussianCovariance = covarianceNoise == CovarianceNoise.GAUSSIAN;
        covarianceShifts = values.keep("covarianceShift", uses("covarianceShift")
                && onlyWith("covarianceShift", gaussianCovariance, "covarianceNoise gaussian")
                ? fields.numbers(spec("covarianceShift")).orElse(null) : null);
        delta = values.keep("delta", reads("delta") ? fields.number(spec("delta")).orElse(null) : null);
        if (gaussianCovariance && delta != null && delta == 0) {
            fields.error("delta", "must be > 0 with covarianceNoise gaussian (a Gaussian release is not pure ε-DP)");
        }
        calibration = values.keep("calibration", reads("calibration") && (!uses("covarianceNoise") || onlyWith("calibration",
                gaussianCovariance, "covarianceNoise gaussian (the Wishart releases claim pure ε_t)"))
                ? choice("calibration", Calibration.values(), Calibration::id) : null);
        participation = values.keep("participation", uses("participation")
                ? choice("participation", Participation.values(), Participation::id) : null);
        Participation effective = fields.has("participation") ? participation : Defaults.PARTICIPATION;
        // With participation, rounds are its disjoint batches; otherwise (federated) the rounds of noisy releases.
        rounds = values.keep("rounds", !uses("rounds") ? null : uses("participation") ? readRounds(effective)
                : fields.integer(spec("rounds")).orElse(null));
        epochs = values.keep("epochs", uses("epochs") ? readEpochs(effective) : null);
        split = values.keep("split", uses("split") ? choice("split", SampleSplit.values(), SampleSplit::id) : null);
        clipModel = values.keep("clipModel", positive("clipModel"));
        clipLabel = values.keep("clipLabel", positive("clipLabel"));
        initBudgetFraction = values.keep("initBudgetFraction", uses("initBudgetFraction")
                ? fields.number(spec("initBudgetFraction")).orElse(null) : null);
        uStep = values.keep("uStep", uses("uStep") ? choice("uStep", UStep.values(), UStep::id) : null);
        UStep effectiveStep = fields.has("uStep") ? uStep : Defaults.U_STEP;
        featureCovariance = values.keep("featureCovariance", uses("featureCovariance") ? readFeatureCovariance(effectiveStep) : null);
        FeatureCovariance effectiveCovariance = fields.has("featureCovariance")
                ? featureCovariance : Defaults.FEATURE_COVARIANCE;
        boolean privateS = effectiveStep == UStep.KRONECKER && effectiveCovariance == FeatureCovariance.PRIVATE;
        // τ clips the private S of the Kronecker U-step where there is one; otherwise (sufficient-statistics) every row.
        clipFeature = values.keep("clipFeature", uses("clipFeature") && (!uses("featureCovariance")
                || onlyWith("clipFeature", privateS, "featureCovariance private"))
                ? fields.number(spec("clipFeature")).orElse(null) : null);
        featureBudgetFraction = values.keep("featureBudgetFraction", uses("featureBudgetFraction")
                && onlyWith("featureBudgetFraction", privateS, "featureCovariance private")
                ? fields.number(spec("featureBudgetFraction")).orElse(null) : null);
        roundBudgetSplit = values.keep("roundBudgetSplit", uses("roundBudgetSplit")
                && onlyWith("roundBudgetSplit", effectiveStep == UStep.FULL, "uStep full (kronecker releases only b)")
                ? fields.number(spec("roundBudgetSplit")).orElse(null) : null);
        clipMoment = values.keep("clipMoment", uses("clipMoment")
                && onlyWith("clipMoment", effectiveStep == UStep.KRONECKER, "uStep kronecker")
                ? fields.number(spec("clipMoment")).orElse(null) : null);
        if (featureBudgetFraction != null) {
            double init = initBudgetFraction != null ? initBudgetFraction : Defaults.INIT_BUDGET_FRACTION;
            if (init + featureBudgetFraction >= 1) {
                fields.error("featureBudgetFraction", "initBudgetFraction + featureBudgetFraction must be < 1 (the"
                        + " rounds need a share), got " + init + " + " + featureBudgetFraction);
            }
        }
        ridge = values.keep("ridge", uses("ridge") ? fields.number(spec("ridge")).orElse(null) : null);
        modelNormBound = values.keep("modelNormBound", positive("modelNormBound"));
        tolerance = values.keep("tolerance", positive("tolerance"));
        persons = values.keep("persons", uses("persons")
                ? fields.integers(spec("persons")).orElse(null) : null);
        heldOutUsers = values.keep("heldOutUsers", uses("heldOutUsers")
                ? fields.integer(spec("heldOutUsers")).orElse(null) : null);
        personalizationSamples = values.keep("personalizationSamples", uses("personalizationSamples")
                && onlyWith("personalizationSamples", fields.has("heldOutUsers"), "heldOutUsers")
                ? fields.integers(spec("personalizationSamples")).orElse(null) : null);
        repeats = values.keep("repeats", uses("repeats")
                ? fields.integer(spec("repeats")).orElse(null) : null);
        rank = values.keep("rank", uses("rank") ? fields.integer(spec("rank")).orElse(null) : null);
        iterations = values.keep("iterations", uses("iterations")
                ? fields.integer(spec("iterations")).orElse(null) : null);
        stepSize = values.keep("stepSize", positive("stepSize"));
        lambdas = values.keep("lambda", uses("lambda") ? fields.numbers(spec("lambda")).orElse(null) : null);
        acceleration = values.keep("acceleration", uses("acceleration") ? fields.bool(spec("acceleration")).orElse(null) : null);
        allocation = values.keep("allocation", uses("allocation") ? readAllocation() : null);
        initialModels = values.keep("initialModels", uses("initialModels") ? choice("initialModels", InitialModels.values(), InitialModels::id) : null);
        outlierTask = values.keep("outlierTask", uses("outlierTask")
                ? fields.integer(spec("outlierTask")).orElse(null) : null);
        outlierScale = values.keep("outlierScale", uses("outlierScale") && onlyWith("outlierScale", fields.has("outlierTask"), "outlierTask")
                ? fields.number(spec("outlierScale")).orElse(null) : null);
        exportModels = values.keep("exportModels", uses("exportModels") ? fields.bool(spec("exportModels")).orElse(null) : null);
        // YAML reads an unquoted `representation: true` as a boolean; it can only mean the true subspace.
        representation = values.keep("representation", !uses("representation") ? null : fields.isTrue("representation") ? Representation.TRUE
                : choice("representation", Representation.values(), Representation::id));
        Representation effectiveRepresentation = fields.has("representation") ? representation
                : Defaults.REPRESENTATION;
        subspaceEstimator = values.keep("subspaceEstimator", uses("subspaceEstimator") && onlyWith("subspaceEstimator",
                effectiveRepresentation == Representation.PUBLIC, "representation public")
                ? choice("subspaceEstimator", SubspaceEstimator.values(), SubspaceEstimator::id) : null);
        boolean altMinRepresentation = effectiveRepresentation == Representation.PRIVATE_ALTMIN;
        String altMinCondition = "representation private-altmin";
        representationEpsilon = values.keep("representationEpsilon", uses("representationEpsilon")
                && onlyWith("representationEpsilon", altMinRepresentation, altMinCondition)
                ? fields.number(spec("representationEpsilon").required()).orElse(null) : null);
        representationDelta = values.keep("representationDelta", uses("representationDelta")
                && onlyWith("representationDelta", altMinRepresentation, altMinCondition)
                ? fields.number(spec("representationDelta")).orElse(null) : null);
        representationEpochs = values.keep("representationEpochs", uses("representationEpochs")
                && onlyWith("representationEpochs", altMinRepresentation, altMinCondition)
                ? fields.integer(spec("representationEpochs"))
                        .orElse(null) : null);
        samplingRate = values.keep("samplingRate", uses("samplingRate")
                ? fields.number(spec("samplingRate")).orElse(null) : null);
        steps = values.keep("steps", uses("steps") ? fields.integer(spec("steps")).orElse(null) : null);
        noiseMultiplier = values.keep("noiseMultiplier", positive("noiseMultiplier"));
        clipGradient = values.keep("clipGradient", positive("clipGradient"));
        learningRate = values.keep("learningRate", positive("learningRate"));
        averageIterates = values.keep("averageIterates", uses("averageIterates") ? fields.bool(spec("averageIterates")).orElse(null) : null);
        clipUpdate = values.keep("clipUpdate", positive("clipUpdate"));
        localEpochs = values.keep("localEpochs", uses("localEpochs") ? fields.integer(spec("localEpochs")).orElse(null) : null);
        accountant = values.keep("accountant", uses("accountant") ? choice("accountant", Accountant.values(), Accountant::id) : null);
        statisticsBudgetSplit = values.keep("statisticsBudgetSplit", uses("statisticsBudgetSplit")
                ? fields.number(spec("statisticsBudgetSplit")).orElse(null) : null);
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
        if (!uses("allocation") || epsilons == null
                || (reads("delta") && fields.has("delta") && delta == null)) {
            return;
        }
        BudgetAllocation resolved = or(allocation, Defaults.allocation(or(acceleration, Defaults.ACCELERATION)));
        int t = or(iterations, Catalog.form(algorithm, false).defaultInteger("iterations"));
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
        if (uses("clipUpdate")) { // federated: Poisson-sampled users over rounds
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
        if (uses("steps") && steps == null && !fields.has("steps")) { // dp-sgd
            double q = or(samplingRate, Defaults.SAMPLING_RATE);
            double derived = Math.ceil(Defaults.DP_SGD_EPOCHS / q);
            if (derived > ScenarioFields.MAX_STEPS) {
                fields.error(fields.has("samplingRate") ? "samplingRate" : "steps", "at sampling rate " + q
                        + " the default steps (" + Defaults.DP_SGD_EPOCHS + " epochs / samplingRate = "
                        + String.format("%.3g", derived) + ") exceed the cap of " + ScenarioFields.MAX_STEPS
                        + " that steps obeys; raise samplingRate or give steps");
                return;
            }
        }
        if (uses("steps")) {
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

    /**
     * The experiment with every default resolved by its algorithm's {@link ExperimentForm.Resolver}
     * (a dataset task's as its low-rank shape, with the experiment's rank); only valid when no problem
     * was recorded.
     */
    @Override
    public ExperimentSpec resolve(Task task) {
        ExperimentForm form = Catalog.form(algorithm, false);
        if (!(task instanceof DatasetTask dataset)) {
            return form.resolver().resolve(form, values, task);
        }
        int k = rank == null ? Math.min(Defaults.DATASET_RANK, dataset.dimension()) : rank;
        ExperimentSpec spec = form.resolver().resolve(form, values, dataset.shape(uses("rank") ? k : 1));
        return new ExperimentSpec(spec.algorithm(), spec.epsilons(), spec.delta(), spec.calibration(),
                spec.epochs(), spec.participation(), spec.rounds(), spec.split(), spec.clipModel(),
                spec.clipLabel(), spec.initBudgetFraction(), spec.uStep(), spec.featureCovariance(),
                spec.clipFeature(), spec.featureBudgetFraction(), spec.roundBudgetSplit(), spec.clipMoment(),
                spec.ridge(), spec.modelNormBound(), spec.tolerance(), spec.persons(), spec.repeats(),
                spec.multitask(), spec.transfer(), spec.metalearning(), uses("rank") ? k : null, spec.settings());
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
        return algorithm != null && ScenarioFields.uses(ScenarioFields.experiment(), field, algorithm);
    }

    /** The declaration of {@code field} for this experiment's algorithm (which uses it). */
    private FieldSpec spec(String field) {
        FieldSpec declared = ScenarioFields.spec(ScenarioFields.experiment(), field, algorithm).orElseThrow();
        return audit && AuditFields.REQUIRED_IN_AUDITS.contains(field) ? declared.required() : declared;
    }

    /** The {@code algorithm} field (required). */
    static Algorithm readAlgorithm(FieldReader fields) {
        return fields.choice(ScenarioFields.ALGORITHM, List.of(Algorithm.values()), Algorithm::id).orElse(null);
    }

    private boolean reads(String field) {
        return uses(field) && !handledByCaller.contains(field);
    }

    /**
     * δ of {@code fields}: required and in (0, 1) for the zCDP algorithms; optional and in [0, 1) when
     * {@code pure} (MP-MTL's pure-ε releases, where 0 means basic composition). Shared with audits.
     */
    static Double readDelta(FieldReader fields, boolean pure) {
        return fields.number(pure ? AuditFields.AUDIT_PURE_DELTA : AuditFields.AUDIT_DELTA).orElse(null);
    }

    private BudgetAllocation readAllocation() {
        return fields.string(spec("allocation")).flatMap(text -> {
            var parsed = BudgetAllocation.parse(text);
            if (parsed.isEmpty()) {
                fields.error("allocation", "unknown allocation " + FieldReader.quote(text) + " (expected one of: "
                        + BudgetAllocation.choices() + ")");
            }
            return parsed;
        }).orElse(null);
    }

    private Integer readRounds(Participation effective) {
        if (fields.has("rounds") && effective == Participation.EPOCHS) {
            fields.error("rounds", "not used with participation epochs (only with disjoint-batches)");
            return null;
        }
        return fields.integer(spec("rounds")).orElse(null);
    }

    private List<Integer> readEpochs(Participation effective) {
        if (fields.has("epochs") && effective == Participation.DISJOINT_BATCHES) {
            fields.error("epochs", "not used with participation disjoint-batches; use rounds");
            return null;
        }
        if (spec("epochs").type() == FieldSpec.Type.INTEGER) { // non-private-altmin's cap
            if (fields.isList("epochs")) {
                fields.error("epochs", "must be a single integer for non-private-altmin (the epoch cap), got a list");
                return null;
            }
            return fields.integer(spec("epochs")).map(List::of).orElse(null);
        }
        return fields.integers(spec("epochs")).orElse(null);
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
        return fields.choice(spec(field), List.of(options), id).orElse(null);
    }

    private Double positive(String field) {
        return uses(field) ? fields.number(spec(field)).orElse(null) : null;
    }

    private static <T> T or(T given, T fallback) {
        return Objects.requireNonNullElse(given, fallback);
    }
}
