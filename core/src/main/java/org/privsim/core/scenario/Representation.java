package org.privsim.core.scenario;

/**
 * Where the private task's features live (Thaker et al. Alg. 1 step 2): in all d dimensions, or
 * projected to k dimensions by a subspace estimated from the public tasks or by the true one.
 * Guarantee: ids are stable scenario and report vocabulary.
 */
public enum Representation {
    /** No projection: learn w ∈ R^d from scratch. */
    NONE("none"),
    /** x ↦ B̂ᵀx with B̂ the method-of-moments estimate from n₁ public rows (one row per n₁). */
    PUBLIC("public"),
    /** x ↦ Bᵀx with the true public subspace B (the oracle of Thm 5.4 with γ = its shift). */
    TRUE("true");

    private final String id;

    Representation(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
