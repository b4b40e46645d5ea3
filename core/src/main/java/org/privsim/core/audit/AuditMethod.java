package org.privsim.core.audit;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/**
 * How an audit turns a distinguishing test's error rates into an empirical lower bound on ε.
 *
 * <p>Guarantee: each method gives a bound that holds, at the audit's confidence, for every mechanism
 * satisfying the claim it tests (see {@link AuditStatistics}); the ids are stable names for scenario
 * files and reports, and serialize as such.
 */
public enum AuditMethod {
    /**
     * Clopper–Pearson upper bounds on both error rates plugged into the (ε, δ)-DP hypothesis-testing
     * inequalities FPR + e^ε·FNR ≥ 1 − δ and FNR + e^ε·FPR ≥ 1 − δ. Assumes only (ε, δ)-DP.
     */
    CLOPPER_PEARSON("clopper-pearson"),
    /**
     * The same rate bounds read against the μ-GDP trade-off curve FNR ≥ Φ(Φ⁻¹(1−FPR) − μ), giving
     * a lower bound on μ and then the exact ε of μ-GDP at δ. Tighter when the mechanism is Gaussian,
     * but it tests the stronger claim that the mechanism is μ-GDP.
     */
    GAUSSIAN_DP("gaussian-dp"),
    /**
     * The whole score distribution read against the μ-GDP claim: a finite-sample lower bound on the
     * area under the ROC curve (Mann–Whitney over all pairs of all trials, no threshold and no
     * split) gives μ ≥ √2·Φ⁻¹(A_lower), then the exact ε of μ-GDP at δ. Valid for every μ-GDP
     * mechanism whatever the shape of its scores; the most powerful method for small μ, where single
     * thresholds waste most of the evidence.
     */
    GAUSSIAN_DP_AUC("gaussian-dp-auc"),
    /**
     * The ROC area of all trials, bounded below as for gaussian-dp-auc, read against the claim that
     * the mechanism is (dominated by) the composition of Poisson-subsampled Gaussian releases at its
     * sampling rate and number of steps ({@link SampledGaussianAuc}): the largest noise multiplier
     * whose optimal area reaches the bound, then that composition's PLD ε at δ. For DP-SGD,
     * DP-FedAvg and DP-FedRep, which are not μ-GDP for the μ of their ε.
     */
    SAMPLED_GAUSSIAN_AUC("sampled-gaussian-auc"),
    /**
     * One run with m canaries, each included independently with probability ½ (Steinke, Nasr,
     * Jagielski 2023): the adversary guesses the inclusion of the highest- and lowest-scoring canaries
     * and {@link OneRunBound} turns its right guesses into an ε lower bound. Assumes only (ε, δ)-DP.
     */
    ONE_RUN("one-run");

    private final String id;

    AuditMethod(String id) {
        this.id = id;
    }

    /** The scenario/report name, e.g. {@code clopper-pearson}. */
    @JsonValue
    public String id() {
        return id;
    }

    /** Looks a method up by its scenario name. */
    public static Optional<AuditMethod> byId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }

    /** All scenario names, comma-separated, for error messages. */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(AuditMethod::id).toList());
    }
}
