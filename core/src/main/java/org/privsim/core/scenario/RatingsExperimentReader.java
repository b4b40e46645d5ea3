package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldReader.Presence.OPTIONAL;
import static org.privsim.core.scenario.FieldReader.Presence.REQUIRED;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.privsim.core.privacy.Calibration;

/**
 * Reads one entry of the {@code experiments} of a scenario whose task is {@code ratings}: the
 * algorithm (one of {@link #ALGORITHMS}), the fields it uses ({@code not used by <algorithm> on a
 * ratings task} for the others), every value's type and range, and the resolved
 * {@link RatingsSettings}. Every problem is recorded in the shared {@link Problems}.
 *
 * <p>Guarantee: {@link #resolve} returns an experiment whose every field the algorithm uses is set
 * (given or default) and whose others are null; it may only be called when no problem was recorded.
 * Ranges: ε in [1e-6, 1e12], δ in (0, 1), 1 ≤ rank ≤ {@value RatingsSettings#MAX_RANK}, 1 ≤ rounds ≤
 * {@value RatingsSettings#MAX_ROUNDS}, 1 ≤ maxRatingsPerUser ≤ {@value RatingsSettings#MAX_MAX_RATINGS_PER_USER},
 * clipFactor and clipRating positive, ridge ≥ 0, roundBudgetSplit in (0, 1), 1 ≤ repeats ≤ 1000.
 */
final class RatingsExperimentReader implements ExperimentFields {

    /** The algorithms that run on a ratings task. */
    static final Set<Algorithm> ALGORITHMS = EnumSet.of(Algorithm.PRIV_ALTMIN, Algorithm.NON_PRIVATE_ALTMIN,
            Algorithm.OWN_DATA, Algorithm.GLOBAL_MEAN, Algorithm.ITEM_MEAN, Algorithm.ITEM_MEAN_DP);
    private static final Set<Algorithm> PRIVATE = EnumSet.of(Algorithm.PRIV_ALTMIN, Algorithm.ITEM_MEAN_DP);
    private static final Set<Algorithm> ALTMIN = EnumSet.of(Algorithm.PRIV_ALTMIN, Algorithm.NON_PRIVATE_ALTMIN);
    private static final Map<String, Set<Algorithm>> USED_BY = new LinkedHashMap<>();
    private static final int MAX_REPEATS = 1_000;

    static {
        USED_BY.put("algorithm", ALGORITHMS);
        USED_BY.put("epsilon", PRIVATE);
        USED_BY.put("delta", PRIVATE);
        USED_BY.put("calibration", PRIVATE);
        USED_BY.put("rank", ALTMIN);
        USED_BY.put("rounds", ALTMIN);
        USED_BY.put("maxRatingsPerUser", PRIVATE);
        USED_BY.put("clipFactor", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("clipRating", PRIVATE);
        USED_BY.put("ridge", EnumSet.of(Algorithm.PRIV_ALTMIN, Algorithm.NON_PRIVATE_ALTMIN, Algorithm.ITEM_MEAN,
                Algorithm.ITEM_MEAN_DP));
        USED_BY.put("roundBudgetSplit", EnumSet.of(Algorithm.PRIV_ALTMIN));
        USED_BY.put("repeats", ALGORITHMS);
    }

    private final FieldReader fields;
    private final Algorithm algorithm;
    private final List<Double> epsilons;
    private final Double delta;
    private final Calibration calibration;
    private final Integer rank;
    private final Integer rounds;
    private final Integer maxRatingsPerUser;
    private final Double clipFactor;
    private final Double clipRating;
    private final Double ridge;
    private final Double roundBudgetSplit;
    private final Integer repeats;

    /** Reads and checks {@code fields}. */
    RatingsExperimentReader(FieldReader fields) {
        this.fields = fields;
        fields.rejectUnknown(List.copyOf(USED_BY.keySet()));
        Algorithm read = fields.choice("algorithm", REQUIRED, List.of(Algorithm.values()), Algorithm::id).orElse(null);
        if (read != null && !ALGORITHMS.contains(read)) {
            fields.error("algorithm", read.id() + " needs a task of type " + read.taskTypes()
                    + ", but task is of type " + RatingsTask.TYPE + " (on it run: "
                    + String.join(", ", ALGORITHMS.stream().map(Algorithm::id).toList()) + ")");
            read = null;
        }
        algorithm = read;
        if (algorithm != null) {
            USED_BY.keySet().stream().filter(f -> fields.has(f) && !uses(f)).forEach(f ->
                    fields.error(f, "not used by " + algorithm.id() + " on a " + RatingsTask.TYPE + " task"));
        }
        epsilons = uses("epsilon") ? fields.numbers("epsilon", REQUIRED,
                Bounds.between(Bounds.MIN_EPSILON, Bounds.MAX_EPSILON)).orElse(null) : null;
        delta = uses("delta") ? fields.number("delta", REQUIRED, Bounds.strictlyBetween(0, 1)).orElse(null) : null;
        calibration = uses("calibration") ? fields.choice("calibration", OPTIONAL, List.of(Calibration.values()),
                Calibration::id).orElse(null) : null;
        rank = uses("rank") ? fields.integer("rank", OPTIONAL, Bounds.between(1, RatingsSettings.MAX_RANK))
                .orElse(null) : null;
        rounds = uses("rounds") ? fields.integer("rounds", OPTIONAL, Bounds.between(1, RatingsSettings.MAX_ROUNDS))
                .orElse(null) : null;
        maxRatingsPerUser = uses("maxRatingsPerUser") ? fields.integer("maxRatingsPerUser", OPTIONAL,
                Bounds.between(1, RatingsSettings.MAX_MAX_RATINGS_PER_USER)).orElse(null) : null;
        clipFactor = uses("clipFactor") ? fields.number("clipFactor", OPTIONAL, Bounds.scale()).orElse(null) : null;
        clipRating = uses("clipRating") ? fields.number("clipRating", OPTIONAL, Bounds.scale()).orElse(null) : null;
        ridge = uses("ridge") ? fields.number("ridge", OPTIONAL, Bounds.scaleOrZero()).orElse(null) : null;
        roundBudgetSplit = uses("roundBudgetSplit") ? fields.number("roundBudgetSplit", OPTIONAL,
                Bounds.strictlyBetween(0, 1)).orElse(null) : null;
        repeats = uses("repeats") ? fields.integer("repeats", OPTIONAL, Bounds.between(1, MAX_REPEATS)).orElse(null)
                : null;
    }

    @Override
    public void checkAgainst(Task task, String taskField) {
        // Every range is the task's own: nothing here depends on the ratings' shape.
    }

    @Override
    public ExperimentSpec resolve(Task task) {
        RatingsTask ratings = (RatingsTask) task;
        boolean altmin = ALTMIN.contains(algorithm);
        boolean priv = PRIVATE.contains(algorithm);
        boolean itemMean = algorithm == Algorithm.ITEM_MEAN || algorithm == Algorithm.ITEM_MEAN_DP;
        RatingsSettings settings = new RatingsSettings(
                altmin ? or(rank, ratings.synthetic() ? ratings.rank() : RatingsSettings.RANK) : null,
                altmin ? or(rounds, priv ? RatingsSettings.PRIVATE_ROUNDS : RatingsSettings.ROUNDS) : null,
                priv ? or(maxRatingsPerUser, RatingsSettings.MAX_RATINGS_PER_USER) : null,
                algorithm == Algorithm.PRIV_ALTMIN ? or(clipFactor, RatingsSettings.CLIP_FACTOR) : null,
                priv ? or(clipRating, Math.min(RatingsSettings.CLIP_RATING, ratings.halfRange())) : null,
                altmin ? or(ridge, RatingsSettings.RIDGE) : itemMean ? or(ridge, RatingsSettings.ITEM_PRIOR) : null,
                algorithm == Algorithm.PRIV_ALTMIN ? or(roundBudgetSplit, RatingsSettings.ROUND_BUDGET_SPLIT) : null);
        return new ExperimentSpec(algorithm, epsilons, delta, priv ? or(calibration, Calibration.TIGHT) : null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                or(repeats, Defaults.LOW_RANK_REPEATS), null, null, null, null, settings);
    }

    private boolean uses(String field) {
        return algorithm != null && USED_BY.get(field).contains(algorithm);
    }

    private static <T> T or(T given, T fallback) {
        return Objects.requireNonNullElse(given, fallback);
    }
}
