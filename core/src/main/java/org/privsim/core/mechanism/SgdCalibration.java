package org.privsim.core.mechanism;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.PrivacyLossDistribution;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.scenario.Accountant;

/**
 * The privacy constants of a Poisson-subsampled Gaussian mechanism released {@code steps} times —
 * DP-SGD's steps, or the rounds of DP-FedAvg and DP-FedRep — computed once per (experiment, ε) and
 * shared by its runs (and an audit's trials): σ, the RDP curve one release costs at the RDP
 * accountant's default orders, and, under the PLD accountant, one release's privacy loss
 * distribution and the PLD ε of all of them.
 *
 * <p>Guarantee: {@code stepRdp[i]} is {@link SampledGaussianRdp#rdp}(q, σ, 1, orders)[i]; under
 * {@link Accountant#PLD}, {@code stepPld} is {@link PldAccountant#poissonSampledGaussian}(q, σ,
 * {@link PrivacyLossDistribution#DEFAULT_INTERVAL}) and {@code pldEpsilon} its {@code steps}-fold
 * composition's ε at δ; both null under {@link Accountant#RDP}. The arrays are never modified after
 * construction (accessors return copies).
 *
 * @param samplingRate    q, each record's (user's) chance of joining a release
 * @param steps           how many releases the run makes
 * @param delta           δ of the accounting
 * @param noiseMultiplier σ
 * @param orders          the RDP orders
 * @param stepRdp         one step's RDP at each order
 * @param accountant      the accountant the run is charged by
 * @param stepPld         one step's PLD (PLD accountant), else null
 * @param pldEpsilon      the PLD ε at δ of the run's steps (PLD accountant), else null
 */
public record SgdCalibration(double samplingRate, int steps, double delta, double noiseMultiplier, double[] orders,
        double[] stepRdp, Accountant accountant, PldAccountant stepPld, Double pldEpsilon) {

    /** Calibrations already computed in this JVM, by their inputs (pure functions of them). */
    private static final Map<Key, SgdCalibration> CALIBRATIONS = new ConcurrentHashMap<>();

    /** The inputs that decide a calibration. */
    private record Key(double samplingRate, int steps, double delta, double epsilon, Double noiseMultiplier,
            Accountant accountant) {}

    public SgdCalibration {
        orders = orders.clone();
        stepRdp = stepRdp.clone();
    }

    /** The calibration of σ at sampling rate q for {@code steps} steps at δ under {@code accountant}. */
    public static SgdCalibration of(double samplingRate, double noiseMultiplier, int steps, double delta,
            Accountant accountant) {
        double[] orders = SampledGaussianRdp.defaultOrders();
        double[] rdp = SampledGaussianRdp.rdp(samplingRate, noiseMultiplier, 1, orders);
        if (accountant == Accountant.RDP) {
            return new SgdCalibration(samplingRate, steps, delta, noiseMultiplier, orders, rdp, accountant, null,
                    null);
        }
        PldAccountant step = PldAccountant.poissonSampledGaussian(samplingRate, noiseMultiplier,
                PrivacyLossDistribution.DEFAULT_INTERVAL);
        return new SgdCalibration(samplingRate, steps, delta, noiseMultiplier, orders, rdp, accountant, step,
                step.selfCompose(steps).epsilon(delta));
    }

    /**
     * The calibration of a run of {@code steps} releases at rate q meant to spend ε at δ: σ is
     * {@code noiseMultiplier} when given, else the smallest σ whose ε under {@code accountant} meets
     * ε (RDP: {@link SampledGaussianRdp#sigmaFor} with the tight conversion, to adjacent doubles; PLD:
     * {@link PldAccountant#sigmaFor}, to relative 1e-6). Memoized in this JVM: a pure function of its
     * arguments, so every cell (and runner) with the same inputs shares one instance.
     */
    public static SgdCalibration calibrate(double samplingRate, int steps, double delta, double epsilon,
            Double noiseMultiplier, Accountant accountant) {
        return CALIBRATIONS.computeIfAbsent(new Key(samplingRate, steps, delta, epsilon, noiseMultiplier, accountant),
                k -> {
                    double sigma = k.noiseMultiplier() != null ? k.noiseMultiplier()
                            : k.accountant() == Accountant.PLD
                            ? PldAccountant.sigmaFor(k.samplingRate(), k.steps(), k.delta(), k.epsilon())
                            : SampledGaussianRdp.sigmaFor(k.samplingRate(), k.steps(), k.delta(), k.epsilon(),
                                    SampledGaussianRdp.Conversion.TIGHT);
                    return of(k.samplingRate(), sigma, k.steps(), k.delta(), k.accountant());
                });
    }

    /** The sampled-Gaussian RDP account of all {@code steps} releases at δ (tight and classic conversions). */
    public SampledGaussianRdp.Epsilon rdpAccount() {
        return SampledGaussianRdp.epsilon(samplingRate, noiseMultiplier, steps, delta, orders);
    }

    /** ε of all {@code steps} releases at δ by the accountant: the PLD ε under pld, the tight RDP conversion under rdp. */
    public double accountedEpsilon() {
        return accountant == Accountant.PLD ? pldEpsilon : rdpAccount().tightEpsilon();
    }

    /**
     * One release of this calibration: the Poisson-subsampled Gaussian of sensitivity {@code clip}
     * whose noise has standard deviation σ·clip·{@code injected} ({@code injected} is 1 unless an
     * audit injects a fault), over {@code participants} users.
     */
    public Release release(String name, double clip, double injected, int participants) {
        return Release.sampledGaussian(0, name, clip, noiseMultiplier * clip * injected, noiseMultiplier,
                samplingRate, participants);
    }

    /**
     * An empty ledger for one run of these releases over {@code users} users, with budget ε at this
     * calibration's δ, charging by the accountant: one more Poisson-subsampled Gaussian PLD per
     * release under pld, one more RDP curve under rdp; it refuses the release after which ε at δ
     * would exceed the budget.
     */
    public Ledger ledger(int users, double budgetEpsilon) {
        return accountant == Accountant.PLD ? Ledger.pld(users, stepPld, budgetEpsilon, delta, steps, pldEpsilon)
                : Ledger.rdp(users, orders, stepRdp, budgetEpsilon, delta);
    }

    @Override
    public double[] orders() {
        return orders.clone();
    }

    @Override
    public double[] stepRdp() {
        return stepRdp.clone();
    }
}
