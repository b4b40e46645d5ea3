package org.privsim.core.transfer;

import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.PrivacyLossDistribution;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.scenario.Accountant;

/**
 * The privacy constants of a DP-SGD cell, computed once per (experiment, ε) and shared by its runs
 * (and an audit's trials): σ, the RDP curve one step costs at the RDP accountant's default orders,
 * and, under the PLD accountant, one step's privacy loss distribution and the PLD ε of the whole run.
 *
 * <p>Guarantee: {@code stepRdp[i]} is {@link SampledGaussianRdp#rdp}(q, σ, 1, orders)[i]; under
 * {@link Accountant#PLD}, {@code stepPld} is {@link PldAccountant#poissonSampledGaussian}(q, σ,
 * {@link PrivacyLossDistribution#DEFAULT_INTERVAL}) and {@code pldEpsilon} its {@code steps}-fold
 * composition's ε at δ; both null under {@link Accountant#RDP}. The arrays are never modified after
 * construction (accessors return copies).
 *
 * @param noiseMultiplier σ
 * @param orders          the RDP orders
 * @param stepRdp         one step's RDP at each order
 * @param accountant      the accountant the run is charged by
 * @param stepPld         one step's PLD (PLD accountant), else null
 * @param pldEpsilon      the PLD ε at δ of the run's steps (PLD accountant), else null
 */
public record SgdCalibration(double noiseMultiplier, double[] orders, double[] stepRdp, Accountant accountant,
        PldAccountant stepPld, Double pldEpsilon) {

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
            return new SgdCalibration(noiseMultiplier, orders, rdp, accountant, null, null);
        }
        PldAccountant step = PldAccountant.poissonSampledGaussian(samplingRate, noiseMultiplier,
                PrivacyLossDistribution.DEFAULT_INTERVAL);
        return new SgdCalibration(noiseMultiplier, orders, rdp, accountant, step,
                step.selfCompose(steps).epsilon(delta));
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
