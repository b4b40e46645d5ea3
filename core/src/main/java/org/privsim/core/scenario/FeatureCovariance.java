package org.privsim.core.scenario;

/**
 * Where the Kronecker U-step's feature second moment S comes from.
 *
 * <p>Guarantee: {@code identity} releases nothing about the features (it assumes them isotropic,
 * Jain et al. Assumption 4.1); {@code private} releases S once at the initialisation with Gaussian
 * noise, charged to every user's ledger.
 */
public enum FeatureCovariance {
    /** S ∝ I: features known to be isotropic / standardized; nothing released. */
    IDENTITY("identity"),
    /** S = Σ clip(x; τ) clip(x; τ)ᵀ over the U-step samples, released once with Gaussian noise and repaired. */
    PRIVATE("private");

    private final String id;

    FeatureCovariance(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
