package org.privsim.core.scenario;

import java.util.List;
import java.util.Objects;
import org.privsim.core.mechanism.FixedCohort;
import org.privsim.core.mechanism.SgdCalibration;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.SampledWithoutReplacementRdp;

/**
 * The checks of a dp-fedavg or dp-fedrep experiment's cohort and clipping (read by
 * {@link ExperimentReader}) against its low-rank shape: fixed cohorts are accounted by rdp only, hold
 * at least one user, meet every ε with a given noiseMultiplier and are not combined with adaptive
 * clipping; adaptive clipping leaves the update sum room for noise (z &lt; 2σ_b, for the given or the
 * calibrated z of every ε); correlated noise ({@link #correlatedNoise}) is accounted by rdp and fits its
 * rounds.
 *
 * <p>Guarantee: every problem found is recorded at the field to blame; nothing else happens but the
 * (memoized) calibration of σ that adaptive clipping's check needs.
 */
final class FederatedChecks {
    private final FieldReader fields;
    private final GivenFields values;
    private final List<Double> epsilons;
    private final Double delta;

    FederatedChecks(FieldReader fields, GivenFields values) {
        this.fields = fields;
        this.values = values;
        this.epsilons = values.list("epsilon");
        this.delta = values.get("delta", Double.class);
    }

    /**
     * Records the problems on {@code task}; true when the cohort is fixed (the Poisson checks of σ
     * then do not apply: this checked it).
     */
    boolean check(LowRankRegressionTask task) {
        Cohort cohort = or(values.get("cohort", Cohort.class), Cohort.POISSON);
        boolean adaptive = values.get("clipping", UpdateClipping.class) == UpdateClipping.ADAPTIVE;
        double q = or(values.get("samplingRate", Double.class), FedAvgSettings.SAMPLING_RATE);
        int rounds = or(values.get("rounds", Integer.class), FedAvgSettings.ROUNDS);
        Double z = values.get("noiseMultiplier", Double.class);
        if (cohort == Cohort.FIXED) {
            checkFixed(task, q, rounds, z, adaptive);
            return true;
        }
        if (adaptive) {
            checkAdaptive(task, q, rounds, z);
        }
        return false;
    }

    private void checkFixed(LowRankRegressionTask task, double q, int rounds, Double z, boolean adaptive) {
        if (values.get("accountant", Accountant.class) == Accountant.PLD) {
            fields.error("accountant", "pld cannot account fixed cohorts (cohort fixed): a cohort drawn without"
                    + " replacement is accounted by rdp (the bound of Wang, Balle & Kasiviswanathan 2019); omit"
                    + " accountant or set rdp");
        }
        if (adaptive) {
            fields.error("clipping", "adaptive is accounted with Poisson cohorts only (cohort poisson); cohort fixed"
                    + " needs clipping fixed");
        }
        long m = Math.round(q * task.users());
        if (m < 1) {
            fields.error(fields.has("samplingRate") ? "samplingRate" : "cohort", "cohort fixed draws round(q·n) = "
                    + m + " users at samplingRate " + q + " of task.users " + task.users() + "; raise samplingRate");
            return;
        }
        if (epsilons == null || delta == null || delta <= 0) {
            return;
        }
        FixedCohort fixed = new FixedCohort(task.users(), (int) m);
        if (z == null) {
            double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
            double floor = Conversions.tightEpsilonFromRdp(orders, new double[orders.length], delta);
            epsilons.stream().filter(e -> !(e > floor)).findFirst().ifPresent(e -> fields.error("epsilon",
                    "fixed cohorts cannot reach ε = " + e + " at δ = " + delta + ": even zero Rényi divergence"
                            + " converts to ε = " + String.format("%.4g", floor) + "; use a larger epsilon"));
            return;
        }
        double spent = SgdCalibration.of(fixed, z, rounds, delta).accountedEpsilon();
        epsilons.stream().filter(e -> spent > e).findFirst().ifPresent(e -> fields.error("noiseMultiplier",
                z + " over " + rounds + " rounds of fixed cohorts of " + m + " of " + task.users() + " users spends ε = "
                        + String.format("%.4g", spent) + " at δ = " + delta + " (accountant rdp), more than epsilon "
                        + e + " (omit noiseMultiplier to calibrate it to each epsilon)"));
    }

    /** z &lt; 2σ_b for the given z, or for the z calibrated to every ε (when the Poisson checks pass). */
    private void checkAdaptive(LowRankRegressionTask task, double q, int rounds, Double z) {
        double countNoise = or(values.get("countNoise", Double.class), q * task.users()
                / AdaptiveClip.COUNT_NOISE_DIVISOR);
        String blame = fields.has("countNoise") ? "countNoise" : "clipping";
        if (z != null) {
            if (!(z < 2 * countNoise)) {
                fields.error(fields.has("countNoise") ? "countNoise" : "noiseMultiplier", "adaptive clipping needs"
                        + " noiseMultiplier < 2·countNoise (the update sum's noise multiplier is"
                        + " (z⁻² − (2σ_b)⁻²)^(−1/2)); noiseMultiplier " + z + ", countNoise " + countNoise);
            }
            return;
        }
        if (epsilons == null || delta == null || delta <= 0) {
            return;
        }
        Accountant by = or(values.get("accountant", Accountant.class), Defaults.ACCOUNTANT);
        for (double epsilon : epsilons) {
            double calibrated;
            try {
                calibrated = SgdCalibration.calibrate(q, rounds, delta, epsilon, null, Accountants.named(by.id()))
                        .noiseMultiplier();
            } catch (IllegalArgumentException e) {
                return; // the Poisson checks report an unreachable ε
            }
            if (!(calibrated < 2 * countNoise)) {
                fields.error(blame, "adaptive clipping needs noiseMultiplier < 2·countNoise (the update sum's noise"
                        + " multiplier is (z⁻² − (2σ_b)⁻²)^(−1/2)), but ε = " + epsilon + " calibrates noiseMultiplier "
                        + String.format("%.4g", calibrated) + " against countNoise " + String.format("%.4g", countNoise)
                        + "; raise countNoise or epsilon");
                return;
            }
        }
    }

    private static <T> T or(T given, T fallback) {
        return Objects.requireNonNullElse(given, fallback);
    }

    /**
     * Records the problems of correlated noise {@code noise} (tree or banded) at {@code fields}: accountant
     * pld, a tree's rounds that are not whole epochs of ⌈1/q⌉, bands past the rounds or with q·b over 1.
     */
    static void correlatedNoise(FieldReader fields, Noise noise, Integer bands, Double givenRate, Integer givenRounds,
                                Accountant accountant) {
        if (accountant == Accountant.PLD) {
            fields.error("accountant", "pld is not available with noise " + noise.id() + " (dp_accounting's PLD has no"
                    + " event for it); use rdp, the default with correlated noise");
        }
        double q = givenRate != null ? givenRate : FedAvgSettings.SAMPLING_RATE;
        int rounds = givenRounds != null ? givenRounds : FedAvgSettings.ROUNDS;
        if (noise == Noise.TREE && rounds % (int) Math.ceil(1 / q) != 0) {
            fields.error("rounds", "with noise tree must be whole epochs of ⌈1/samplingRate⌉ = "
                    + (int) Math.ceil(1 / q) + " rounds, got " + rounds);
        }
        if (bands != null && bands > rounds) {
            fields.error("bands", "must be at most rounds (" + rounds + "), got " + bands);
        }
        if (bands != null && q * bands > 1) {
            fields.error("bands", "samplingRate × bands must be at most 1 (each partition is sampled at that rate), got "
                    + q + " × " + bands);
        }
    }
}
