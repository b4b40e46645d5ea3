package org.privsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
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
    static final Set<Algorithm> ALGORITHMS = ScenarioFields.ratings();

    private final FieldReader fields;
    /** The values below by field name, for the algorithm's resolver. */
    private final GivenFields values = new GivenFields();
    private final Algorithm algorithm;
    private final Integer maxRatingsPerUser;
    /** The fields the caller (an audit) reads itself. */
    private final Set<String> handledByCaller;

    /** Reads and checks {@code fields}. */
    RatingsExperimentReader(FieldReader fields) {
        this(fields, List.of(), Set.of());
    }

    /**
     * Reads {@code fields} as the run settings of an audit on a ratings task: the caller's
     * {@code callerFields} are known too, and of the experiment's fields those in
     * {@code handledByCaller} are left to the caller.
     */
    RatingsExperimentReader(FieldReader fields, List<String> callerFields, Set<String> handledByCaller) {
        this.fields = fields;
        this.handledByCaller = handledByCaller;
        List<String> known = new ArrayList<>(ScenarioFields.RATINGS_EXPERIMENT_NAMES);
        callerFields.stream().filter(f -> !known.contains(f)).forEach(known::add);
        boolean given = fields.has(ScenarioFields.ALGORITHM.name());
        Algorithm read = given ? ExperimentReader.readAlgorithm(fields) : null;
        if (read != null && !ALGORITHMS.contains(read)) {
            fields.error("algorithm", read.id() + " needs a task of type " + read.taskTypes()
                    + ", but task is of type " + RatingsTask.TYPE + " (on it run: "
                    + String.join(", ", ALGORITHMS.stream().map(Algorithm::id).toList()) + ")");
            read = null;
        }
        algorithm = read;
        if (algorithm == null) {
            fields.rejectUnknown(known);
        } else {
            fields.rejectUnknown(known, known.stream().filter(f -> uses(f) || callerFields.contains(f)).toList(),
                    algorithm.id() + " reads");
        }
        if (!given) {
            ExperimentReader.readAlgorithm(fields);
        }
        if (algorithm != null) {
            ScenarioFields.RATINGS_EXPERIMENT_NAMES.stream()
                    .filter(f -> fields.has(f) && !uses(f) && !handledByCaller.contains(f)).forEach(f ->
                    fields.error(f, "not used by " + algorithm.id() + " on a " + RatingsTask.TYPE + " task"));
        }
        values.keep("epsilon", reads("epsilon") ? fields.numbers(spec("epsilon")).orElse(null) : null);
        values.keep("delta", reads("delta") ? fields.number(spec("delta")).orElse(null) : null);
        values.keep("calibration", reads("calibration") ? fields.choice(spec("calibration"), List.of(Calibration.values()),
                Calibration::id).orElse(null) : null);
        values.keep("rank", reads("rank") ? fields.integer(spec("rank")).orElse(null) : null);
        values.keep("rounds", reads("rounds") ? fields.integer(spec("rounds")).orElse(null) : null);
        maxRatingsPerUser = values.keep("maxRatingsPerUser", reads("maxRatingsPerUser") ? fields.integer(spec("maxRatingsPerUser")).orElse(null) : null);
        values.keep("clipFactor", reads("clipFactor") ? fields.number(spec("clipFactor")).orElse(null) : null);
        values.keep("clipRating", reads("clipRating") ? fields.number(spec("clipRating")).orElse(null) : null);
        values.keep("ridge", reads("ridge") ? fields.number(spec("ridge")).orElse(null) : null);
        values.keep("roundBudgetSplit", reads("roundBudgetSplit") ? fields.number(spec("roundBudgetSplit")).orElse(null) : null);
        values.keep("repeats", reads("repeats") ? fields.integer(spec("repeats")).orElse(null)
                : null);
    }

    /** The resolved number of ratings a user contributes (null when the algorithm has none). */
    Integer maxRatingsPerUser() {
        return uses("maxRatingsPerUser") ? or(maxRatingsPerUser, RatingsSettings.MAX_RATINGS_PER_USER) : null;
    }

    @Override
    public void checkAgainst(Task task, String taskField) {
        // Every range is the task's own: nothing here depends on the ratings' shape.
    }

    /** The experiment resolved by its algorithm's ratings form; only valid when no problem was recorded. */
    @Override
    public ExperimentSpec resolve(Task task) {
        ExperimentForm form = Catalog.form(algorithm, true);
        return form.resolver().resolve(form, values, task);
    }

    /** Whether this reader reads {@code field}: the algorithm uses it and the caller leaves it here. */
    private boolean reads(String field) {
        return uses(field) && !handledByCaller.contains(field);
    }

    private boolean uses(String field) {
        return algorithm != null && ScenarioFields.uses(ScenarioFields.ratingsExperiment(), field, algorithm);
    }

    /** The declaration of {@code field} for this experiment's algorithm (which uses it). */
    private FieldSpec spec(String field) {
        return ScenarioFields.spec(ScenarioFields.ratingsExperiment(), field, algorithm).orElseThrow();
    }

    private static <T> T or(T given, T fallback) {
        return Objects.requireNonNullElse(given, fallback);
    }
}
