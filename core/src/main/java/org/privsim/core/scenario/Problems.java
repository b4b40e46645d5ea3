package org.privsim.core.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the {@link FieldError}s of one document while it is validated, so that every problem is
 * reported at once rather than only the first.
 */
final class Problems {

    private final List<FieldError> errors = new ArrayList<>();

    /** Records a problem at {@code path}. */
    void add(String path, String reason) {
        errors.add(new FieldError(path, reason));
    }

    /** How many problems have been recorded so far. */
    int count() {
        return errors.size();
    }

    /** Throws a {@link ScenarioException} holding every recorded problem, if there is any. */
    void throwIfAny() {
        if (!errors.isEmpty()) {
            throw new ScenarioException(errors);
        }
    }
}
