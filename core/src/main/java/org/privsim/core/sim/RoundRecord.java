package org.privsim.core.sim;

/**
 * What happened in one release round, for the report.
 *
 * @param round              round number (0 = initialisation)
 * @param asked              users asked to contribute
 * @param contributors       users whose data entered the release (and were charged)
 * @param flooredEigenvalues eigenvalues of the noisy A raised to the floor before solving (at init: of the
 *                           noisy S of the Kronecker U-step, when S is released)
 * @param projectorChange    ‖UUᵀ − U'U'ᵀ‖_F between the previous and the new billboard (null for init)
 * @param featureShrinkage   at init, the shrinkage intensity α the repair of a private S chose (see
 *                           {@link org.privsim.core.linalg.FeatureCovarianceRepair}); null otherwise
 */
public record RoundRecord(int round, int asked, int contributors, int flooredEigenvalues, Double projectorChange,
                          Double featureShrinkage) {}
