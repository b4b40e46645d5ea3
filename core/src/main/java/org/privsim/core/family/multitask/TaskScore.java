package org.privsim.core.family.multitask;

/**
 * One task's evaluation: mean squared errors of its final model and the variances of the targets
 * (population variance, mean of (y − ȳ)²), so nMSE_i = mse / variance. The model itself comes
 * along for the leakage export.
 *
 * @param validationMse      MSE on the validation rows
 * @param validationVariance variance of the validation targets
 * @param testMse            MSE on the test rows
 * @param testVariance       variance of the test targets
 * @param model              the scored model (d values)
 */
public record TaskScore(double validationMse, double validationVariance, double testMse, double testVariance,
        double[] model) {

    /** Test nMSE of this task. */
    public double testNmse() {
        return testMse / testVariance;
    }

    /** Validation nMSE of this task. */
    public double validationNmse() {
        return validationMse / validationVariance;
    }
}
