package org.privsim.core.scenario;

/**
 * The settings of a transfer experiment ({@code dp-sgd}, {@code sufficient-statistics},
 * {@code nonprivate-regression}, {@code zero-shot}); fields an algorithm does not use are null.
 *
 * <p>Guarantee: resolved by the parser with every default filled in: 0 &lt; samplingRate ≤ 1,
 * steps ≥ 1, noiseMultiplier &gt; 0 when given (null: solved from (ε, δ) by the experiment's
 * accountant), accountant set for dp-sgd (default pld), clips and learning rate &gt; 0, 0 &lt; statisticsBudgetSplit &lt; 1.
 *
 * @param representation        where the features live ({@code zero-shot}: null)
 * @param subspaceEstimator     how B̂ is estimated (representation public), else null
 * @param samplingRate          q, Poisson sampling rate of users per step (dp-sgd)
 * @param steps                 S, DP-SGD steps (dp-sgd)
 * @param noiseMultiplier       σ/C of the summed clipped gradients, or null to calibrate to ε (dp-sgd)
 * @param clipGradient          C, per-example gradient clip (dp-sgd)
 * @param learningRate          step size of DP-SGD on the averaged noisy gradient (dp-sgd)
 * @param averageIterates       output the mean of the iterates after step ⌊S/2⌋ instead of the last (dp-sgd)
 * @param clipFeature           τ, clip on the projected ‖x‖ (sufficient-statistics)
 * @param clipLabel             ζ, clip on |y| (sufficient-statistics)
 * @param statisticsBudgetSplit share of ρ spent on XᵀX, the rest on Xᵀy (sufficient-statistics)
 * @param representationEpsilon ε of the Priv-AltMin run on the public tasks (representation private-altmin)
 * @param representationDelta   its δ (representation private-altmin)
 * @param representationEpochs  its epochs (representation private-altmin)
 * @param accountant            the accountant σ is calibrated, the ledger charged and ε reported by (dp-sgd)
 */
public record TransferSettings(Representation representation, SubspaceEstimator subspaceEstimator,
        Double samplingRate, Integer steps, Double noiseMultiplier, Double clipGradient, Double learningRate,
        Boolean averageIterates, Double clipFeature, Double clipLabel, Double statisticsBudgetSplit,
        Double representationEpsilon, Double representationDelta, Integer representationEpochs,
        Accountant accountant) implements AlgorithmSettings {
}
