package org.privsim.core.scenario;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The experiment fields a reader accepted, by name, as a family module's {@link ExperimentForm.Resolver}
 * reads them to resolve its algorithm's settings: each value is the one given (already checked for type,
 * range and the rules between fields), or absent.
 *
 * <p>Guarantee: a value is present only when the scenario gave the field and the algorithm reads it;
 * {@link #or} returns the fallback otherwise.
 */
public final class GivenFields {
    private final Map<String, Object> values = new HashMap<>();

    GivenFields() {}

    /** Keeps {@code value} (null when absent or invalid) as the given value of {@code field}; returns it. */
    <T> T keep(String field, T value) {
        if (value != null) {
            values.put(field, value);
        }
        return value;
    }

    /** The value given for {@code field}, or null. */
    public <T> T get(String field, Class<T> type) {
        return type.cast(values.get(field));
    }

    /** The list given for {@code field} (a number or integer list), or null. */
    @SuppressWarnings("unchecked")
    public <T> List<T> list(String field) {
        return (List<T>) values.get(field);
    }

    /** The value given for {@code field}, or {@code fallback}. */
    public <T> T or(String field, Class<T> type, T fallback) {
        return Objects.requireNonNullElse(get(field, type), fallback);
    }

    /** The list given for {@code field}, or {@code fallback}. */
    public <T> List<T> orList(String field, List<T> fallback) {
        List<T> given = list(field);
        return given != null ? given : fallback;
    }
}
