package org.privsim.core.scenario;

import java.util.List;

/**
 * The experiment fields one algorithm reads, and how its settings are resolved from them, as its family
 * module declares them: on every task but {@code ratings}, or ({@code onRatings}) on a ratings task. The readers ({@link ExperimentReader},
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
 * @param resolver  how an experiment of it on a valid task gets every default
 */
public record ExperimentForm(Algorithm algorithm, boolean onRatings, List<FieldSpec> fields, Resolver resolver) {

    /**
     * How a family resolves one experiment of its algorithm: the given fields with every default
     * filled, into the spec its runs read.
     */
    @FunctionalInterface
    public interface Resolver {
        /**
         * The experiment of {@code form}'s algorithm on {@code task} (one of the algorithm's task types; a
         * dataset task arrives as its low-rank shape) with every default resolved; fields the algorithm does
         * not read are null.
         */
        ExperimentSpec resolve(ExperimentForm form, GivenFields given, Task task);
    }

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
    public static ExperimentForm of(Algorithm algorithm, Resolver resolver, FieldSpec... fields) {
        return new ExperimentForm(algorithm, false, List.of(fields), resolver);
    }

    /** The form of {@code algorithm} on a ratings task. */
    public static ExperimentForm onRatings(Algorithm algorithm, Resolver resolver, FieldSpec... fields) {
        return new ExperimentForm(algorithm, true, List.of(fields), resolver);
    }

    /** Whether the algorithm reads {@code field}. */
    public boolean reads(String field) {
        return fields.stream().anyMatch(f -> f.name().equals(field));
    }

    /**
     * The integer default of {@code field}, which the algorithm reads with a constant default.
     *
     * @throws IllegalArgumentException when it does not read the field or its default is not a constant integer
     */
    public int defaultInteger(String field) {
        FieldSpec spec = fields.stream().filter(f -> f.name().equals(field)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(algorithm.id() + " does not read " + field));
        if (spec.defaultJson() == null || !spec.defaultJson().canConvertToInt()) {
            throw new IllegalArgumentException(field + " of " + algorithm.id() + " has no constant integer default");
        }
        return spec.defaultJson().intValue();
    }
}
