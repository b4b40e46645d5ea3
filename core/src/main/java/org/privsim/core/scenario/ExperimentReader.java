package org.privsim.core.scenario;


import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.privsim.core.privacy.BudgetAllocation;
import org.privsim.core.privacy.Calibration;

/**
 * Reads one entry of a scenario's {@code experiments} list, in three steps.
 *
 * <ol>
 *   <li>Construction checks what needs no task: the algorithm, unknown fields, fields the algorithm
 *       does not use ({@code not used by <algorithm>}), every value's type and range, duplicates,
 *       and the participation rules ({@code rounds} only with {@code disjoint-batches}, which in
 *       turn forbids {@code epochs}).
 *   <li>{@link #checkAgainst} checks what needs the task ({@link ExperimentChecks}): that it is the
 *       algorithm's task type, {@code rounds ≤ task.users}, that the {@code paper} split divides
 *       samplesPerUser into quarters, and that swept persons fit distinct indices.
 *   <li>{@link #resolve} hands the values given ({@link GivenFields}) to the algorithm's
 *       {@link ExperimentForm.Resolver}, which fills every default; fields the algorithm does not use
 *       stay null.
 * </ol>
 *
 * Every problem is recorded in the shared {@link Problems}; {@link #resolve} may only be called
 * when none was recorded anywhere in the scenario.
 */
final class ExperimentReader implements ExperimentFields {

    private static final List<String> FIELDS = ScenarioFields.EXPERIMENT_NAMES;

    private final FieldReader fields;
    /** The values below by field name, for the algorithm's resolver. */
    private final GivenFields values = new GivenFields();
    /** Null when missing or invalid; then no other field is read. */
    private final Algorithm algorithm;
    // Each value below is the one given, or null when absent, invalid or not used by the algorithm.
    private final Double delta;
    private final Participation participation;
    private final Integer rounds;
    private final List<Integer> epochs;
    private final Double initBudgetFraction;
    private final UStep uStep;
    private final FeatureCovariance featureCovariance;
    private final Double featureBudgetFraction;
    private final Integer rank;
    private final List<Double> lambdas;
    private final BudgetAllocation allocation;
    private final CovarianceNoise covarianceNoise;
    private final List<Double> covarianceShifts;
    private final Representation representation;
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
        values.keep("epsilon", reads("epsilon") ? fields.numbers(spec("epsilon")).orElse(null) : null);
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
        values.keep("calibration", reads("calibration") && (!uses("covarianceNoise") || onlyWith("calibration",
                gaussianCovariance, "covarianceNoise gaussian (the Wishart releases claim pure ε_t)"))
                ? choice("calibration", Calibration.values(), Calibration::id) : null);
        participation = values.keep("participation", uses("participation")
                ? choice("participation", Participation.values(), Participation::id) : null);
        Participation effective = fields.has("participation") ? participation : Defaults.PARTICIPATION;
        // With participation, rounds are its disjoint batches; otherwise (federated) the rounds of noisy releases.
        rounds = values.keep("rounds", !uses("rounds") ? null : uses("participation") ? readRounds(effective)
                : fields.integer(spec("rounds")).orElse(null));
        epochs = values.keep("epochs", uses("epochs") ? readEpochs(effective) : null);
        Selection selection = values.keep("selection", uses("selection")
                ? choice("selection", Selection.values(), Selection::id) : null);
        boolean privateSelection = selection == Selection.PRIVATE;
        if (privateSelection && uses("covarianceNoise") && !gaussianCovariance) {
            fields.error("selection", "private only with covarianceNoise gaussian (the Wishart release is not"
                    + " differentially private)");
        }
        if (privateSelection && fields.has("calibration")) {
            fields.error("calibration", "not used with selection private (the selection is accounted in RDP and"
                    + " converted to (ε, δ) tightly)");
        }
        for (String field : List.of("selectionMean", "selectionShape")) {
            values.keep(field, uses(field) && onlyWith(field, privateSelection, "selection private")
                    ? fields.number(spec(field)).orElse(null) : null);
        }
        values.keep("split", uses("split") ? choice("split", SampleSplit.values(), SampleSplit::id) : null);
        values.keep("clipModel", positive("clipModel"));
        values.keep("clipLabel", positive("clipLabel"));
        initBudgetFraction = values.keep("initBudgetFraction", uses("initBudgetFraction")
                ? fields.number(spec("initBudgetFraction")).orElse(null) : null);
        uStep = values.keep("uStep", uses("uStep") ? choice("uStep", UStep.values(), UStep::id) : null);
        UStep effectiveStep = fields.has("uStep") ? uStep : Defaults.U_STEP;
        featureCovariance = values.keep("featureCovariance", uses("featureCovariance") ? readFeatureCovariance(effectiveStep) : null);
        FeatureCovariance effectiveCovariance = fields.has("featureCovariance")
                ? featureCovariance : Defaults.FEATURE_COVARIANCE;
        boolean privateS = effectiveStep == UStep.KRONECKER && effectiveCovariance == FeatureCovariance.PRIVATE;
        // τ clips the private S of the Kronecker U-step where there is one; otherwise (sufficient-statistics) every row.
        values.keep("clipFeature", uses("clipFeature") && (!uses("featureCovariance")
                || onlyWith("clipFeature", privateS, "featureCovariance private"))
                ? fields.number(spec("clipFeature")).orElse(null) : null);
        featureBudgetFraction = values.keep("featureBudgetFraction", uses("featureBudgetFraction")
                && onlyWith("featureBudgetFraction", privateS, "featureCovariance private")
                ? fields.number(spec("featureBudgetFraction")).orElse(null) : null);
        values.keep("roundBudgetSplit", uses("roundBudgetSplit")
                && onlyWith("roundBudgetSplit", effectiveStep == UStep.FULL, "uStep full (kronecker releases only b)")
                ? fields.number(spec("roundBudgetSplit")).orElse(null) : null);
        values.keep("clipMoment", uses("clipMoment")
                && onlyWith("clipMoment", effectiveStep == UStep.KRONECKER, "uStep kronecker")
                ? fields.number(spec("clipMoment")).orElse(null) : null);
        if (featureBudgetFraction != null) {
            double init = initBudgetFraction != null ? initBudgetFraction : Defaults.INIT_BUDGET_FRACTION;
            if (init + featureBudgetFraction >= 1) {
                fields.error("featureBudgetFraction", "initBudgetFraction + featureBudgetFraction must be < 1 (the"
                        + " rounds need a share), got " + init + " + " + featureBudgetFraction);
            }
        }
        values.keep("ridge", uses("ridge") ? fields.number(spec("ridge")).orElse(null) : null);
        values.keep("modelNormBound", positive("modelNormBound"));
        values.keep("tolerance", positive("tolerance"));
        values.keep("persons", uses("persons")
                ? fields.integers(spec("persons")).orElse(null) : null);
        values.keep("heldOutUsers", uses("heldOutUsers")
                ? fields.integer(spec("heldOutUsers")).orElse(null) : null);
        values.keep("personalizationSamples", uses("personalizationSamples")
                && onlyWith("personalizationSamples", fields.has("heldOutUsers"), "heldOutUsers")
                ? fields.integers(spec("personalizationSamples")).orElse(null) : null);
        values.keep("repeats", uses("repeats")
                ? fields.integer(spec("repeats")).orElse(null) : null);
        rank = values.keep("rank", uses("rank") ? fields.integer(spec("rank")).orElse(null) : null);
        values.keep("iterations", uses("iterations")
                ? fields.integer(spec("iterations")).orElse(null) : null);
        values.keep("stepSize", positive("stepSize"));
        lambdas = values.keep("lambda", uses("lambda") ? fields.numbers(spec("lambda")).orElse(null) : null);
        values.keep("acceleration", uses("acceleration") ? fields.bool(spec("acceleration")).orElse(null) : null);
        allocation = values.keep("allocation", uses("allocation") ? readAllocation() : null);
        values.keep("initialModels", uses("initialModels") ? choice("initialModels", InitialModels.values(), InitialModels::id) : null);
        values.keep("outlierTask", uses("outlierTask")
                ? fields.integer(spec("outlierTask")).orElse(null) : null);
        values.keep("outlierScale", uses("outlierScale") && onlyWith("outlierScale", fields.has("outlierTask"), "outlierTask")
                ? fields.number(spec("outlierScale")).orElse(null) : null);
        values.keep("exportModels", uses("exportModels") ? fields.bool(spec("exportModels")).orElse(null) : null);
        // YAML reads an unquoted `representation: true` as a boolean; it can only mean the true subspace.
        representation = values.keep("representation", !uses("representation") ? null : fields.isTrue("representation") ? Representation.TRUE
                : choice("representation", Representation.values(), Representation::id));
        Representation effectiveRepresentation = fields.has("representation") ? representation
                : Defaults.REPRESENTATION;
        values.keep("subspaceEstimator", uses("subspaceEstimator") && onlyWith("subspaceEstimator",
                effectiveRepresentation == Representation.PUBLIC, "representation public")
                ? choice("subspaceEstimator", SubspaceEstimator.values(), SubspaceEstimator::id) : null);
        boolean altMinRepresentation = effectiveRepresentation == Representation.PRIVATE_ALTMIN;
        String altMinCondition = "representation private-altmin";
        values.keep("representationEpsilon", uses("representationEpsilon")
                && onlyWith("representationEpsilon", altMinRepresentation, altMinCondition)
                ? fields.number(spec("representationEpsilon").required()).orElse(null) : null);
        values.keep("representationDelta", uses("representationDelta")
                && onlyWith("representationDelta", altMinRepresentation, altMinCondition)
                ? fields.number(spec("representationDelta")).orElse(null) : null);
        values.keep("representationEpochs", uses("representationEpochs")
                && onlyWith("representationEpochs", altMinRepresentation, altMinCondition)
                ? fields.integer(spec("representationEpochs"))
                        .orElse(null) : null);
        values.keep("samplingRate", uses("samplingRate")
                ? fields.number(spec("samplingRate")).orElse(null) : null);
        values.keep("steps", uses("steps") ? fields.integer(spec("steps")).orElse(null) : null);
        values.keep("noiseMultiplier", positive("noiseMultiplier"));
        values.keep("clipGradient", positive("clipGradient"));
        values.keep("learningRate", positive("learningRate"));
        values.keep("averageIterates", uses("averageIterates") ? fields.bool(spec("averageIterates")).orElse(null) : null);
        values.keep("clipUpdate", positive("clipUpdate"));
        values.keep("localEpochs", uses("localEpochs") ? fields.integer(spec("localEpochs")).orElse(null) : null);
        values.keep("accountant", uses("accountant") ? choice("accountant", Accountant.values(), Accountant::id) : null);
        Cohort cohort = values.keep("cohort", uses("cohort") ? choice("cohort", Cohort.values(), Cohort::id) : null);
        boolean adaptive = values.keep("clipping", uses("clipping")
                ? choice("clipping", UpdateClipping.values(), UpdateClipping::id) : null) == UpdateClipping.ADAPTIVE;
        for (String field : List.of("targetQuantile", "countNoise", "clipLearningRate")) {
            values.keep(field, uses(field) && onlyWith(field, adaptive, "clipping adaptive")
                    ? fields.number(spec(field)).orElse(null) : null);
        }
        Noise noise = values.keep("noise", uses("noise") ? choice("noise", Noise.values(), Noise::id) : null);
        Integer bands = values.keep("bands", uses("bands") && onlyWith("bands", noise == Noise.BANDED, "noise banded")
                ? fields.integer(spec("bands").required()).orElse(null) : null);
        if (noise == Noise.TREE || noise == Noise.BANDED) {
            FederatedChecks.correlatedNoise(fields, noise, bands, values.get("samplingRate", Double.class), values.get("rounds", Integer.class),
                    values.get("accountant", Accountant.class));
            if (cohort == Cohort.FIXED || adaptive) {
                fields.error("noise", noise.id() + " draws its own cohorts with a fixed clip; it does not combine with "
                        + (cohort == Cohort.FIXED ? "cohort fixed" : "clipping adaptive"));
            }
        }
        values.keep("statisticsBudgetSplit", uses("statisticsBudgetSplit")
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
        if (algorithm != null) {
            new ExperimentChecks(fields, algorithm, values, this::uses, this::reads).check(task, taskField);
        }
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
                spec.metalearning(), uses("rank") ? k : null, spec.settings(), spec.selection());
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
