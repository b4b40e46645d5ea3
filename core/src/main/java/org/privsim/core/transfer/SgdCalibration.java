package org.privsim.core.transfer;

import org.privsim.core.privacy.SampledGaussianRdp;

/**
 * The privacy constants of a DP-SGD cell, computed once per (experiment, ε) and shared by its runs
 * (and an audit's trials): σ and the RDP curve one step costs at the accountant's default orders.
 *
 * <p>Guarantee: {@code stepRdp[i]} is {@link SampledGaussianRdp#rdp}(q, σ, 1, orders)[i]; the arrays
 * are never modified after construction (accessors return copies).
 *
 * @param noiseMultiplier σ
 * @param orders          the RDP orders
 * @param stepRdp         one step's RDP at each order
 */
public record SgdCalibration(double noiseMultiplier, double[] orders, double[] stepRdp) {

    public SgdCalibration {
        orders = orders.clone();
        stepRdp = stepRdp.clone();
    }

    /** The calibration of σ at sampling rate q, at the default orders. */
    public static SgdCalibration of(double samplingRate, double noiseMultiplier) {
        double[] orders = SampledGaussianRdp.defaultOrders();
        return new SgdCalibration(noiseMultiplier, orders,
                SampledGaussianRdp.rdp(samplingRate, noiseMultiplier, 1, orders));
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
