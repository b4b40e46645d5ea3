package org.privsim.core.audit;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Which adversary scores an indexed-mean audit's trials.
 *
 * <p>Guarantee: the ids are stable names for scenario files and reports, and serialize as such.
 */
public enum AuditAdversary {
    /**
     * The canary game's exact log-likelihood ratio ({@code family/indexedmean/IndexedMeanAdversary}): knows every
     * non-target person's data and the canary pair; the optimal test of the two worlds.
     */
    LLR("llr"),
    /**
     * The tracing (fingerprinting) attack of the paper's lower bounds ({@code family/indexedmean/TracingGame}): a
     * membership test that knows the population mean p and a candidate's data, scores
     * Σ_j (x_j − p_j)(p̂_j − p_j) over the whole billboard, and tells members from fresh draws.
     */
    TRACING("tracing");

    private final String id;

    AuditAdversary(String id) {
        this.id = id;
    }

    /** The scenario/report name. */
    @JsonValue
    public String id() {
        return id;
    }
}
