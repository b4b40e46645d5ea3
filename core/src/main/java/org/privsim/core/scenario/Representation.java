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
    TRUE("true"),
    /**
     * x ↦ Ûᵀx with Û the column space Priv-AltMin (Jain et al.) releases from the public tasks taken
     * as private users — task j holds its n₁/t rows — at the experiment's representationEpsilon:
     * private metalearning (Aliakbarpour et al. §3) feeding a new private task. One row per n₁.
     */
    PRIVATE_ALTMIN("private-altmin");

    private final String id;

    Representation(String id) {
        this.id = id;
    }

    /** Whether the subspace is estimated from the public tasks' first n₁ rows (one row per n₁). */
    public boolean fromPublicRows() {
        return this == PUBLIC || this == PRIVATE_ALTMIN;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
