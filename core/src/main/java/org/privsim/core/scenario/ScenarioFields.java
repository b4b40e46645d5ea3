package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldSpec.bool;
import static org.privsim.core.scenario.FieldSpec.choice;
import static org.privsim.core.scenario.FieldSpec.integer;
import static org.privsim.core.scenario.FieldSpec.integers;
import static org.privsim.core.scenario.FieldSpec.number;
import static org.privsim.core.scenario.FieldSpec.numbers;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.privsim.core.privacy.BudgetAllocation;
import org.privsim.core.privacy.Calibration;

/**
 * The scenario's fields, each declared once as a {@link FieldSpec}: the top level and the experiment
 * fields, which the family modules' {@link ExperimentForm}s pick from (the tasks' are in
 * {@link TaskFields}, the audits' in {@link AuditFields}). The readers read through these specs and
 * {@link ScenarioSchema} and {@link ScenarioReference} write them, so the validation and the published
 * schema and reference come from one declaration.
 *
 * <p>Guarantee: every field a reader accepts is listed here, in the order of its "expected one of"
 * message; a field name with two variants has them for disjoint sets of algorithms.
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
                    + " (1 with participation disjoint-batches, where it may not be given); see selection.");
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
    public static final FieldSpec SELECTION = choice("selection", Selection::id, Selection.values())
            .byDefault(Defaults.SELECTION.id())
            .doc("How one of several candidates (priv-altmin: epochs; mp-mtl-*: lambda × covarianceShift) is reported:"
                    + " oracle (lowest population MSE or validation nMSE, outside the accounting) or private"
                    + " (Papernot–Steinke random repetition scored by a noisy validation loss; the whole selection"
                    + " meets ε; mp-mtl-*: only with covarianceNoise gaussian).");
    public static final FieldSpec SELECTION_MEAN = number("selectionMean", Bounds.between(1, 1000))
            .byDefault(Defaults.SELECTION_MEAN)
            .doc("Mean number of candidates trained by a private selection (only with selection private).");
    public static final FieldSpec SELECTION_SHAPE = number("selectionShape", Bounds.between(0, 100))
            .byDefault(Defaults.SELECTION_SHAPE)
            .doc("Shape η of the truncated negative binomial number of candidates: 0 logarithmic, 1 geometric"
                    + " (only with selection private).");
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
    public static final FieldSpec NOISE = choice("noise", Noise::id, Noise.values()).byDefault(Noise.INDEPENDENT.id())
            .doc("independent (each round's own Gaussian), tree (DP-FTRL: no sampling, ⌈1/q⌉ rounds per epoch, rounds a"
                    + " multiple of it) or banded (banded matrix factorization, cyclic Poisson participation); tree and"
                    + " banded are accounted by rdp only.");
    public static final FieldSpec BANDS = integer("bands", Bounds.between(1, FedAvgSettings.MAX_ROUNDS))
            .defaultWords("required with noise banded")
            .doc("b, the bands of the factorization and the user partitions (only with noise banded; b ≤ rounds,"
                    + " q·b ≤ 1; 1 is independent noise).");
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
            "epochs", "selection", "selectionMean", "selectionShape", "participation", "rounds", "split", "clipModel",
            "clipLabel", "initBudgetFraction", "uStep",
            "featureCovariance", "clipFeature", "featureBudgetFraction", "roundBudgetSplit", "clipMoment", "ridge",
            "modelNormBound", "tolerance", "persons", "heldOutUsers", "personalizationSamples", "iterations",
            "stepSize", "lambda", "acceleration", "allocation", "covarianceNoise", "covarianceShift", "initialModels",
            "outlierTask", "outlierScale", "exportModels", "representation", "subspaceEstimator",
            "representationEpsilon", "representationDelta", "representationEpochs", "samplingRate", "steps",
            "noiseMultiplier", "clipGradient", "learningRate", "clipUpdate", "localEpochs", "averageIterates",
            "accountant",
            "cohort", "clipping", "targetQuantile", "countNoise", "clipLearningRate", "noise", "bands",
            "statisticsBudgetSplit", "rank", "repeats");

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

    static ObjectNode ref(String definition) {
        return NODES.objectNode().put("$ref", "#/$defs/" + definition);
    }

    static ObjectNode list(ObjectNode items) {
        ObjectNode list = NODES.objectNode().put("type", "array").put("minItems", 1);
        list.set("items", items);
        return list;
    }


    private static ObjectNode representation() {
        ObjectNode named = NODES.objectNode().put("type", "string");
        Arrays.stream(Representation.values()).map(Representation::id).forEach(named.putArray("enum")::add);
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(named).add(NODES.objectNode().put("const", true));
        return either;
    }


    /** Every field name of {@code specs} (for messages), in order. */
    static List<String> known(List<FieldSpec> specs) {
        return new ArrayList<>(namesOf(specs));
    }
}
