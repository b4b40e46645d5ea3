package org.privsim.core.scenario;

import org.privsim.core.privacy.Calibration;

/**
 * How MP-MTL's curator perturbs the task-model covariance Σ̃ = Σ_i w̃_i w̃_iᵀ before building M.
 * Guarantee: ids are stable scenario and report vocabulary.
 */
public enum CovarianceNoise {
    /**
     * Liang et al.'s release Σ̃ + W_d(d + 1, K²/(2ε_t)·I), claimed (ε_t, 0)-DP and composed with the
     * KOV bound. Its support Σ̃ + (PSD cone) moves with the data, so it is not (ε, δ)-DP for
     * δ &lt; 1 − e^{−ε_t} (see {@code MpMtlCanaryGame}).
     */
    WISHART("wishart"),
    /**
     * The Gaussian ("Analyze Gauss", Dwork, Talwar, Thakurta &amp; Zhang 2014) release Σ̃ + E with
     * E symmetric, its upper triangle i.i.d. N(0, σ_t²): support all of the symmetric matrices
     * whatever the data, so it is an ordinary Gaussian mechanism — ρ_t-zCDP with σ_t = K²/√ρ_t,
     * ρ = Σ ρ_t from (ε, δ) by the experiment's {@link Calibration}.
     */
    GAUSSIAN("gaussian");

    private final String id;

    CovarianceNoise(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
