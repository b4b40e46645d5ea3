package org.privsim.core.sim;

/**
 * The Gaussian noise a private run used, release by release kind, with the L2 sensitivities
 * they are calibrated to (σ = S/√(2ρ) for each release's share ρ of the budget). Fields of
 * releases the run does not make are null (no A with the Kronecker U-step, no S unless
 * {@code featureCovariance: private}, no initialisation for single-model-dp).
 *
 * @param sensitivityInit    L2 sensitivity of the initialisation matrix
 * @param sigmaInit          noise std of the initialisation matrix
 * @param rhoInit            ρ charged per user for the initialisation
 * @param sensitivityA       L2 sensitivity of A
 * @param sigmaA             noise std of A
 * @param rhoA               ρ charged per user for each release of A
 * @param sensitivityB       L2 sensitivity of b
 * @param sigmaB             noise std of b
 * @param rhoB               ρ charged per user for each release of b
 * @param sensitivityFeature L2 sensitivity of the feature second moment S (released once, at init)
 * @param sigmaFeature       noise std of S
 * @param rhoFeature         ρ charged per user for S
 */
public record NoiseParameters(
        Double sensitivityInit, Double sigmaInit, Double rhoInit,
        Double sensitivityA, Double sigmaA, Double rhoA,
        double sensitivityB, double sigmaB, double rhoB,
        Double sensitivityFeature, Double sigmaFeature, Double rhoFeature) {}
