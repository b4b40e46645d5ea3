package org.privsim.core.scenario;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A scenario could not be loaded.
 *
 * <p>Guarantees: {@link #errors()} is non-empty and lists every problem found, in the order found;
 * {@link #getMessage()} is exactly those problems formatted by {@link FieldError#format()} and
 * joined by {@code '\n'}, so it can be shown to a user as is, without a stack trace.
 */
public final class ScenarioException extends RuntimeException {

    private final List<FieldError> errors;

    /** An exception reporting {@code errors}, which must not be empty. */
    public ScenarioException(List<FieldError> errors) {
        super(format(errors));
        this.errors = List.copyOf(errors);
    }

    /** An exception reporting one problem. */
    public ScenarioException(String path, String reason) {
        this(List.of(new FieldError(path, reason)));
    }

    /** Every problem found, in the order found. */
    public List<FieldError> errors() {
        return errors;
    }

    private static String format(List<FieldError> errors) {
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a ScenarioException needs at least one error");
        }
        return errors.stream().map(FieldError::format).collect(Collectors.joining("\n"));
    }
}
