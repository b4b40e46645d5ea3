package org.privsim.core.audit;

/**
 * What an audited mechanism claims, as its family states it ({@code FamilyModule#claim}): the
 * population its target and collusion set live in, the ε its own accountant states at the audit's δ
 * (the {@code accountedEpsilon} of the experiment rows; null for a mechanism that is not private), and
 * for a Poisson-subsampled Gaussian mechanism audited by the {@code sampled-gaussian-auc} method, which
 * reads it, its sampling rate and steps (null otherwise).
 *
 * @param population         persons, users, tasks or private samples
 * @param accountedEpsilon   the ε the correct mechanism spends at its δ, or null
 * @param sampledComposition the Poisson-subsampled Gaussian composition the method reads, or null
 */
public record AuditClaim(int population, Double accountedEpsilon, SampledGaussianAuc sampledComposition) {

    /**
     * The claim of a zCDP-calibrated Gaussian mechanism (indexed mean, priv-altmin, single-model-dp,
     * mp-mtl-* with Gaussian noise, the ratings algorithms): the tight Canonne–Kamath–Steinke
     * conversion of the calibration's total ρ, null when the audited algorithm is not private. Even a
     * perfect audit of a μ-GDP mechanism with μ = √(2ρ) stays below it, since it holds for every
     * ρ-zCDP mechanism: at δ = 1e-5 the exact ε of √(2ρ)-GDP is about 0.91 of it.
     */
    public static AuditClaim zcdp(AuditSpec spec, int population) {
        if (!spec.algorithm().isPrivate()) {
            return new AuditClaim(population, null, null);
        }
        return new AuditClaim(population,
                spec.calibration().epsilon(spec.calibration().totalRho(spec.epsilon(), spec.delta()), spec.delta()), null);
    }
}
