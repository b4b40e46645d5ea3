package org.privsim.core.sim;

/**
 * What happened in one release round, for the report.
 *
 * @param round              round number (0 = initialisation)
 * @param asked              users asked to contribute
 * @param contributors       users whose data entered the release (and were charged)
 * @param flooredEigenvalues eigenvalues of the noisy A raised to the floor before solving
 * @param projectorChange    ‖UUᵀ − U'U'ᵀ‖_F between the previous and the new billboard (null for init)
 */
public record RoundRecord(int round, int asked, int contributors, int flooredEigenvalues, Double projectorChange) {}
