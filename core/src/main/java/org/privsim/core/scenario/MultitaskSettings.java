package org.privsim.core.scenario;

import java.util.List;
import org.privsim.core.privacy.BudgetAllocation;

/**
 * The settings of a multi-task experiment (Liang et al. Alg. 2/3 and their baselines) beyond the
 * common ε, δ, clipModel K, ridge μ and repeats of {@link ExperimentSpec}.
 *
 * <p>Guarantee: resolved by the parser; fields an algorithm does not use are null (the iterative
 * fields for {@code stl-ridge} and {@code dp-aggr}, {@code allocation} for the non-private ones).
 *
 * @param iterations    T ≥ 1 (iterative algorithms)
 * @param stepSize      η &gt; 0 of the gradient step and of the shrinkage ηλ
 * @param lambdas       λ &gt; 0 candidates; the one with the lowest validation nMSE is reported
 * @param acceleration  β_t = (t − 1)/(t + 2) when true, else 0
 * @param allocation    how ε (or, for Gaussian noise, ρ) is split over the T releases (private
 *                      iterative algorithms)
 * @param initialModels where W⁽⁰⁾ comes from
 * @param outlierTask   1-based task whose initial model is multiplied by {@code outlierScale}, or null
 * @param outlierScale  that factor (1 when there is no outlier task)
 * @param exportModels  whether the report carries W⁽⁰⁾ and the output Ŵ⁽ᵀ⁾ (first repeat, reported λ)
 * @param covarianceNoise how the released covariance is perturbed (MP-MTL only, else null)
 * @param covarianceShifts candidates for the Gaussian release's diagonal shift factor (chosen with λ
 *                      on the validation rows), else null
 */
public record MultitaskSettings(Integer iterations, Double stepSize, List<Double> lambdas, Boolean acceleration,
        BudgetAllocation allocation, InitialModels initialModels, Integer outlierTask, Double outlierScale,
        Boolean exportModels, CovarianceNoise covarianceNoise, List<Double> covarianceShifts)
        implements AlgorithmSettings {

    public MultitaskSettings {
        lambdas = lambdas == null ? null : List.copyOf(lambdas);
        covarianceShifts = covarianceShifts == null ? null : List.copyOf(covarianceShifts);
    }

    /** Whether the releases are Gaussian (zCDP-accounted) rather than Wishart. */
    public boolean gaussianNoise() {
        return covarianceNoise == CovarianceNoise.GAUSSIAN;
    }

    /** The settings of an algorithm without iterations ({@code stl-ridge}, {@code dp-aggr}). */
    public static MultitaskSettings oneShot() {
        return new MultitaskSettings(null, null, null, null, null, null, null, null, null, null, null);
    }
}
