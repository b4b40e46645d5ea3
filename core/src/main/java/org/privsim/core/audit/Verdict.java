package org.privsim.core.audit;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * What an audit concludes about a claimed ε, given its empirical lower bound and what its sample
 * could possibly certify.
 *
 * <p>Guarantee: {@link #VIOLATED} is only returned when the lower bound, which holds at the audit's
 * confidence, exceeds the claim; the other two never assert a violation. The ids serialize as such.
 */
public enum Verdict {
    /**
     * No violation found, and the audit could have found one: a perfect test on the same number of
     * trials would have certified an ε above the claim.
     */
    CONSISTENT("consistent"),
    /** The empirical lower bound on ε exceeds the claimed ε: the claim is refuted at the confidence. */
    VIOLATED("violated"),
    /**
     * No violation found, but even a perfect test on this many trials could not certify an ε above the
     * claim: the audit had no power against it.
     */
    INCONCLUSIVE("inconclusive");

    private final String id;

    Verdict(String id) {
        this.id = id;
    }

    /** The report name, e.g. {@code violated}. */
    @JsonValue
    public String id() {
        return id;
    }

    /** Looks a verdict up by its report name. */
    public static Optional<Verdict> byId(String id) {
        return Arrays.stream(values()).filter(v -> v.id.equals(id)).findFirst();
    }

    /** All report names, comma-separated, for error messages. */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(Verdict::id).toList());
    }
}
