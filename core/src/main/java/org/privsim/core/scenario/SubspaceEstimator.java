package org.privsim.core.scenario;

/**
 * How the public representation B̂ is estimated from the public tasks' rows (both: top-k
 * eigenvectors of a d×d moment matrix whose expectation has column space span(B)). Guarantee: ids
 * are stable scenario and report vocabulary.
 */
public enum SubspaceEstimator {
    /**
     * Tripuraneni et al. 2021 Alg. 1, as Thaker et al. use it: (1/n₁) Σ_i y_i² x_i x_iᵀ, whose mean
     * is (1 + mean ‖w_j‖²) I + (2/t) Σ_j w_j w_jᵀ — the identity part carries no signal but all of the
     * fourth-moment noise.
     */
    MOMENTS("moments"),
    /**
     * Beyond the paper: pairs of distinct rows of the same task, Σ_j Σ_{i ≠ i'} y_i y_i' x_i x_i'ᵀ /
     * Σ_j n_j(n_j − 1), whose mean is Σ_j n_j(n_j − 1) w_j w_jᵀ / Σ_j n_j(n_j − 1) — no identity part,
     * so no noise floor from it (the cross-sample estimator of Kong et al. 2020). Needs the task of
     * each public row, which model (2) provides.
     */
    PAIRS("pairs");

    private final String id;

    SubspaceEstimator(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
