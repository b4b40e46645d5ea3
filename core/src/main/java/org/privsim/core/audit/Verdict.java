package org.privsim.core.audit;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/** PLACEHOLDER until the audit-statistics branch lands. */
public enum Verdict {
    CONSISTENT("consistent"), VIOLATED("violated"), INCONCLUSIVE("inconclusive");

    private final String id;

    Verdict(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    @JsonValue
    public String id() {
        return id;
    }

    /** Looks a value up by its scenario name. */
    public static Optional<Verdict> byId(String id) {
        return Arrays.stream(values()).filter(v -> v.id.equals(id)).findFirst();
    }

    /** All scenario names, comma-separated, for error messages. */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(Verdict::id).toList());
    }
}
