package org.privsim.core.scenario;

/**
 * How priv-altmin's curator turns the round's statistics into the next billboard U.
 *
 * <p>Guarantee: {@code full} is Jain et al.'s Alg. 2 exactly (A and b released every round);
 * {@code kronecker} releases only b each round and solves with A ≈ K ⊗ S (README, "Beyond the
 * paper").
 */
public enum UStep {
    /** Release A = Σ_j (v_j v_jᵀ) ⊗ G_j and b; solve u = A⁻¹b (Alg. 2). */
    FULL("full"),
    /** Release b only; U = orth(S⁻¹ Z) with Z the d×k reshape of b and S the feature second moment. */
    KRONECKER("kronecker");

    private final String id;

    UStep(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
