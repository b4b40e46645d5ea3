package org.privsim.core.scenario;

import java.util.List;

/**
 * The experiment fields one algorithm reads, as its family module declares them: on every task but
 * {@code ratings}, or ({@code onRatings}) on a ratings task. The readers ({@link ExperimentReader},
 * {@link RatingsExperimentReader}) read an experiment through its algorithm's form, and
 * {@link ScenarioSchema} publishes the same forms, so a family's fields live with the family.
 *
 * <p>Guarantee: {@code fields} holds at most one variant of each field name, never {@code algorithm}
 * (every form reads it), and only specs of {@link ScenarioFields}' experiment vocabulary (its
 * {@code EXPERIMENT_NAMES}, or {@code RATINGS_EXPERIMENT_NAMES} when {@code onRatings}).
 *
 * @param algorithm the algorithm
 * @param onRatings whether this is its form on a ratings task
 * @param fields    the fields it reads besides {@code algorithm}, each with its bounds and default
 */
public record ExperimentForm(Algorithm algorithm, boolean onRatings, List<FieldSpec> fields) {

    public ExperimentForm {
        fields = List.copyOf(fields);
        if (fields.stream().map(FieldSpec::name).distinct().count() != fields.size()) {
            throw new IllegalArgumentException(algorithm.id() + " declares a field twice: " + fields);
        }
        List<String> vocabulary = onRatings ? ScenarioFields.RATINGS_EXPERIMENT_NAMES : ScenarioFields.EXPERIMENT_NAMES;
        fields.stream().filter(f -> f.name().equals(ScenarioFields.ALGORITHM.name()) || !vocabulary.contains(f.name()))
                .findFirst().ifPresent(f -> {
                    throw new IllegalArgumentException(algorithm.id() + " declares " + f.name()
                            + ", which is not a field of its experiments");
                });
    }

    /** The form of {@code algorithm} on every task but ratings. */
    public static ExperimentForm of(Algorithm algorithm, FieldSpec... fields) {
        return new ExperimentForm(algorithm, false, List.of(fields));
    }

    /** The form of {@code algorithm} on a ratings task. */
    public static ExperimentForm onRatings(Algorithm algorithm, FieldSpec... fields) {
        return new ExperimentForm(algorithm, true, List.of(fields));
    }
}
