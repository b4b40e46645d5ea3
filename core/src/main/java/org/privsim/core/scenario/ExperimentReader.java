package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldReader.Presence.OPTIONAL;
import static org.privsim.core.scenario.FieldReader.Presence.REQUIRED;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.privsim.core.privacy.Calibration;

/**
 * Reads one entry of a scenario's {@code experiments} list, in three steps.
 *
 * <ol>
 *   <li>Construction checks what needs no task: the algorithm, unknown fields, fields the algorithm
 *       does not use ({@code not used by <algorithm>}), every value's type and range, duplicates,
 *       and the participation rules ({@code rounds} only with {@code disjoint-batches}, which in
 *       turn forbids {@code epochs}).
 *   <li>{@link #checkAgainst} checks what needs the task: {@code rounds ≤ task.users} and that the
 *       {@code paper} split divides samplesPerUser into quarters.
 *   <li>{@link #resolve} fills every default from {@link Defaults}; fields the algorithm does not
 *       use stay null.
 * </ol>
 *
 * Every problem is recorded in the shared {@link Problems}; {@link #resolve} may only be called
 * when none was recorded anywhere in the scenario.
 */
final class ExperimentReader {

    private static final Set<Algorithm> ALL = EnumSet.allOf(Algorithm.class);
    private static final Set<Algorithm> ALTMIN = EnumSet.of(Algorithm.PRIV_ALTMIN, Algorithm.NON_PRIVATE_ALTMIN);
    private static final Set<Algorithm> PRIVATE = Arrays.stream(Algorithm.values())
            .filter(Algorithm::isPrivate)
            .collect(Collectors.toCollection(() -> EnumSet.noneOf(Algorithm.class)));

    /** Every experiment field, in documentation order, with the algorithms that use it. */
    private static final Map<String, Set<Algorithm>> USED_BY = new LinkedHashMap<>();

    static {
        USED_BY.put("algorithm", ALL);
        USED_BY.put("epsilon", PRIVATE);
        USED_BY.put("delta", PRIVATE);
        USED_BY.put("calibration", PRIVATE);
        USED_BY.put("epochs", ALTMIN);
        USED_BY.put("participation", ALTMIN);
        USED_BY.put("rounds", ALTMIN);
        USED_BY.put("split", ALTMIN);
        USED_BY.put("clipModel", PRIVATE);
        USED_BY.put("clipLabel", PRIVATE);
        USED_BY.put("initBudgetFraction", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("ridge", ALL);
        USED_BY.put("modelNormBound", ALTMIN);
        USED_BY.put("tolerance", EnumSet.of(Algorithm.NON_PRIVATE_ALTMIN));
    }

    private static final List<String> FIELDS = List.copyOf(USED_BY.keySet());

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
    private final Double ridge;
    private final Double modelNormBound;
    private final Double tolerance;

    /** Reads and checks {@code fields}, recording every problem that needs no task to find. */
    ExperimentReader(FieldReader fields) {
        this.fields = fields;
        fields.rejectUnknown(FIELDS);
        algorithm = fields.choice("algorithm", REQUIRED, List.of(Algorithm.values()), Algorithm::id).orElse(null);
        if (algorithm != null) {
            FIELDS.stream()
                    .filter(field -> fields.has(field) && !uses(field))
                    .forEach(field -> fields.error(field, "not used by " + algorithm.id()));
        }
        epsilons = uses("epsilon") ? fields.numbers("epsilon", REQUIRED, Bounds.above(0)).orElse(null) : null;
        delta = uses("delta") ? fields.number("delta", REQUIRED, Bounds.strictlyBetween(0, 1)).orElse(null) : null;
        calibration = uses("calibration") ? choice("calibration", Calibration.values(), Calibration::id) : null;
        participation = uses("participation")
                ? choice("participation", Participation.values(), Participation::id) : null;
        Participation effective = fields.has("participation") ? participation : Defaults.PARTICIPATION;
        rounds = uses("rounds") ? readRounds(effective) : null;
        epochs = uses("epochs") ? readEpochs(effective) : null;
        split = uses("split") ? choice("split", SampleSplit.values(), SampleSplit::id) : null;
        clipModel = positive("clipModel");
        clipLabel = positive("clipLabel");
        initBudgetFraction = uses("initBudgetFraction")
                ? fields.number("initBudgetFraction", OPTIONAL, Bounds.strictlyBetween(0, 1)).orElse(null) : null;
        ridge = uses("ridge") ? fields.number("ridge", OPTIONAL, Bounds.atLeast(0)).orElse(null) : null;
        modelNormBound = positive("modelNormBound");
        tolerance = positive("tolerance");
    }

    /** Records the problems that depend on the (valid) task. */
    void checkAgainst(LowRankRegressionTask task) {
        if (split == SampleSplit.PAPER && task.samplesPerUser() % 4 != 0) {
            fields.error("split", "paper split needs samplesPerUser divisible by 4 (got " + task.samplesPerUser() + ")");
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

    /** The experiment with every default resolved; only valid when no problem was recorded. */
    ExperimentSpec resolve(LowRankRegressionTask task) {
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
                or(ridge, Defaults.ridge(algorithm, task)),
                uses("modelNormBound") ? or(modelNormBound, Defaults.modelNormBound(task)) : null,
                uses("tolerance") ? or(tolerance, Defaults.TOLERANCE) : null);
    }

    private boolean uses(String field) {
        return algorithm != null && USED_BY.get(field).contains(algorithm);
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

    private <E> E choice(String field, E[] options, Function<E, String> id) {
        return fields.choice(field, OPTIONAL, List.of(options), id).orElse(null);
    }

    private Double positive(String field) {
        return uses(field) ? fields.number(field, OPTIONAL, Bounds.above(0)).orElse(null) : null;
    }

    private static <T> T or(T given, T fallback) {
        return Objects.requireNonNullElse(given, fallback);
    }
}
