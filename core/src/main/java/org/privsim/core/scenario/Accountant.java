package org.privsim.core.scenario;

/**
 * Which accountant a sampled mechanism (DP-SGD's Poisson-subsampled Gaussian) is calibrated,
 * charged and reported by. Guarantee: ids are stable scenario and report vocabulary; both
 * accountants' ε are upper bounds on the mechanism's exact ε.
 */
public enum Accountant {
    /**
     * Rényi DP of the sampled Gaussian at the default orders, converted by the tight conversion
     * (Canonne, Kamath &amp; Steinke 2020): {@code org.privsim.core.privacy.SampledGaussianRdp}.
     */
    RDP("rdp"),
    /**
     * The privacy loss distribution, pessimistically discretized and composed by FFT
     * ({@code org.privsim.core.privacy.PldAccountant}): 8–70 % below the RDP ε, so a smaller σ meets
     * the same target.
     */
    PLD("pld");

    private final String id;

    Accountant(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
