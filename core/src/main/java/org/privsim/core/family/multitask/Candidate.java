package org.privsim.core.family.multitask;

/**
 * One tuning candidate of a multi-task cell, chosen on the validation rows (outside the privacy
 * budget, as the paper tunes by cross-validation): the shrinkage λ and, for the Gaussian covariance
 * release, the diagonal shift factor.
 *
 * @param lambda          λ (0, unused, for the algorithms without λ)
 * @param covarianceShift the factor of {@link MultitaskCurator#gaussianShift} added to the
 *                        released Σ's diagonal (Gaussian release), else null
 */
public record Candidate(double lambda, Double covarianceShift) {}
