package org.privsim.core.mechanism;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.DpEvent;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.NoiseCalibration;
import org.privsim.core.privacy.PrivacyAccountant;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.RunAccount;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.privacy.SampledWithoutReplacementRdp;
import org.privsim.core.privacy.TreeAggregationRdp;

/**
 * The privacy constants of a Poisson-subsampled Gaussian mechanism released {@code steps} times —
 * DP-SGD's steps, or the rounds of DP-FedAvg and DP-FedRep — computed once per (experiment, ε) and
 * shared by its runs (and an audit's trials): σ, and the accountant's account of the run
 * ({@link PrivacyAccountant#run}: its ε at δ and the ledgers that charge its steps). With a
 * {@link FixedCohort} the steps sample exactly m of n without replacement instead, accounted by RDP
 * at dp_accounting's orders as the Gaussian of multiplier σ/2 sampled without replacement
 * ({@link FixedCohort#event}); built by {@link #tree}, the account is of the epochs of a tree
 * aggregation run ({@link PrivacyAccountant#treeRun}).
 *
 * @param samplingRate    q, each record's (user's) chance of joining a release
 * @param steps           how many releases the run makes
 * @param delta           δ of the accounting
 * @param noiseMultiplier σ
 * @param accountant      the accountant the run is calibrated, charged and reported by
 * @param account         the accountant's account of the run's steps
 * @param cohort          the fixed-size cohort the steps draw, or null for Poisson sampling at q
 * @param stepsPerEpoch   0 for sampled Gaussian steps; s for tree aggregation restarted every s steps (then
 *                        {@code samplingRate} is 1/s, each record's share of an epoch's steps, and the steps
 *                        are steps/s whole epochs of {@link DpEvent.TreeAggregation})
 */
public record SgdCalibration(double samplingRate, int steps, double delta, double noiseMultiplier,
        PrivacyAccountant accountant, RunAccount account, FixedCohort cohort, int stepsPerEpoch) {

    /** Calibrations already computed in this JVM, by their inputs (pure functions of them). */
    private static final Map<Key, SgdCalibration> CALIBRATIONS = new ConcurrentHashMap<>();

    /** The inputs that decide a calibration. */
    private record Key(double samplingRate, int steps, double delta, double epsilon, Double noiseMultiplier,
            PrivacyAccountant accountant, FixedCohort cohort, int stepsPerEpoch) {}

    /** The calibration of σ at sampling rate q for {@code steps} steps at δ under {@code accountant}. */
    public static SgdCalibration of(double samplingRate, double noiseMultiplier, int steps, double delta,
            PrivacyAccountant accountant) {
        return new SgdCalibration(samplingRate, steps, delta, noiseMultiplier, accountant,
                accountant.run(new DpEvent.PoissonSampledGaussian(samplingRate, noiseMultiplier), steps, delta), null, 0);
    }

    /**
     * The calibration of σ (noise std σ·C on a sum of contributions clipped to C) for {@code steps}
     * steps of fixed cohort {@code cohort} at δ, accounted by RDP.
     */
    public static SgdCalibration of(FixedCohort cohort, double noiseMultiplier, int steps, double delta) {
        return new SgdCalibration(cohort.samplingRate(), steps, delta, noiseMultiplier, Accountants.RDP,
                Accountants.RDP.run(cohort.event(noiseMultiplier), steps, delta), cohort, 0);
    }

    /**
     * The calibration of tree aggregation over {@code steps} steps restarted every {@code stepsPerEpoch}
     * (a divisor of {@code steps}) meant to spend ε at δ: σ is {@code noiseMultiplier} when given, else
     * the smallest σ whose {@code SelfComposed(TreeAggregation(σ, s), steps/s)} meets ε under
     * {@code accountant} ({@link NoiseCalibration}); memoized like {@link #calibrate}.
     */
    public static SgdCalibration tree(int stepsPerEpoch, int steps, double delta, double epsilon,
            Double noiseMultiplier, PrivacyAccountant accountant) {
        if (stepsPerEpoch < 1 || steps % stepsPerEpoch != 0) {
            throw new IllegalArgumentException("steps (" + steps + ") must be whole epochs of " + stepsPerEpoch);
        }
        int epochs = steps / stepsPerEpoch;
        return CALIBRATIONS.computeIfAbsent(new Key(1.0 / stepsPerEpoch, steps, delta, epsilon, noiseMultiplier,
                accountant, null, stepsPerEpoch), k -> {
                    double sigma = k.noiseMultiplier() != null ? k.noiseMultiplier()
                            : NoiseCalibration.smallestNoise(k.accountant(),
                                    z -> new DpEvent.TreeAggregation(z, stepsPerEpoch).times(epochs), epsilon, delta);
                    return new SgdCalibration(k.samplingRate(), steps, delta, sigma, accountant,
                            accountant.treeRun(new DpEvent.TreeAggregation(sigma, stepsPerEpoch), epochs, delta),
                            null, stepsPerEpoch);
                });
    }

    /**
     * The calibration of a run of {@code steps} releases at rate q meant to spend ε at δ: σ is
     * {@code noiseMultiplier} when given, else the smallest σ whose ε under {@code accountant} meets
     * ε ({@link NoiseCalibration}: RDP to adjacent doubles, PLD to relative 1e-6). Memoized in this
     * JVM: a pure function of its arguments, so every cell (and runner) with the same inputs shares
     * one instance.
     */
    public static SgdCalibration calibrate(double samplingRate, int steps, double delta, double epsilon,
            Double noiseMultiplier, PrivacyAccountant accountant) {
        return CALIBRATIONS.computeIfAbsent(new Key(samplingRate, steps, delta, epsilon, noiseMultiplier, accountant,
                null, 0), k -> of(k.samplingRate(), k.noiseMultiplier() != null ? k.noiseMultiplier()
                        : NoiseCalibration.smallestNoise(k.accountant(),
                                sigma -> new DpEvent.PoissonSampledGaussian(k.samplingRate(), sigma).times(k.steps()),
                                k.epsilon(), k.delta()),
                        k.steps(), k.delta(), k.accountant()));
    }

    /**
     * The calibration of {@code steps} steps of fixed cohort {@code cohort} meant to spend ε at δ: σ is
     * {@code noiseMultiplier} when given, else the smallest σ whose RDP ε of
     * {@link FixedCohort#event}(σ) composed {@code steps} times meets ε (to adjacent doubles).
     * Memoized as {@link #calibrate(double, int, double, double, Double, PrivacyAccountant)}.
     */
    public static SgdCalibration calibrate(FixedCohort cohort, int steps, double delta, double epsilon,
            Double noiseMultiplier) {
        return CALIBRATIONS.computeIfAbsent(new Key(cohort.samplingRate(), steps, delta, epsilon, noiseMultiplier,
                Accountants.RDP, cohort, 0), k -> of(cohort, k.noiseMultiplier() != null ? k.noiseMultiplier()
                        : NoiseCalibration.smallestNoise(Accountants.RDP, sigma -> cohort.event(sigma).times(steps),
                                epsilon, delta), steps, delta));
    }

    /**
     * The calibration of ONE release at this rate (or cohort), δ and accountant meant to spend the
     * whole ε alone: its σ₁ is what an audit's {@code ignoreComposition} fault adds at every step.
     */
    public SgdCalibration alone(double epsilon) {
        return cohort != null ? calibrate(cohort, 1, delta, epsilon, null)
                : stepsPerEpoch > 0 ? tree(1, 1, delta, epsilon, null, accountant)
                : calibrate(samplingRate, 1, delta, epsilon, null, accountant);
    }

    /**
     * The RDP account of all {@code steps} releases at δ (tight and classic conversions): the
     * sampled Gaussian's at the default orders, or a fixed cohort's or the tree aggregation epochs' at
     * dp_accounting's.
     */
    public SampledGaussianRdp.Epsilon rdpAccount() {
        if (stepsPerEpoch > 0) {
            return TreeAggregationRdp.conversions(noiseMultiplier, stepsPerEpoch, steps / stepsPerEpoch, delta);
        }
        if (cohort != null) {
            return SampledWithoutReplacementRdp.account(cohort.samplingRate(), cohort.event(noiseMultiplier)
                    .noiseMultiplier(), steps, delta);
        }
        return SampledGaussianRdp.epsilon(samplingRate, noiseMultiplier, steps, delta,
                SampledGaussianRdp.defaultOrders());
    }

    /** ε of all {@code steps} releases at δ by the accountant. */
    public double accountedEpsilon() {
        return account.epsilon();
    }

    /**
     * One release of this calibration: the Poisson-subsampled Gaussian of sensitivity {@code clip}
     * whose noise has standard deviation σ·clip·{@code injected} ({@code injected} is 1 unless an
     * audit injects a fault), over {@code participants} users; with a fixed cohort the Gaussian
     * sampled without replacement of replace-one sensitivity 2·clip, the same noise, multiplier σ/2.
     */
    public Release release(String name, double clip, double injected, int participants) {
        if (cohort != null) {
            return Release.sampledWithoutReplacement(0, name, 2 * clip, noiseMultiplier * clip * injected,
                    cohort.event(noiseMultiplier).noiseMultiplier(), cohort.samplingRate(), participants);
        }
        return Release.sampledGaussian(0, name, clip, noiseMultiplier * clip * injected, noiseMultiplier,
                samplingRate, participants);
    }

    /**
     * An empty ledger for one run of these releases over {@code users} users, with budget ε at this
     * calibration's δ, charging by the accountant; it refuses the release after which ε at δ would
     * exceed the budget.
     */
    public Ledger ledger(int users, double budgetEpsilon) {
        return account.ledger(users, budgetEpsilon);
    }
}
