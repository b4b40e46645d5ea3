package org.privsim.core.privacy;

/**
 * The zCDP accountant ({@code zcdp} in {@link Accountants}): a Gaussian release of sensitivity Δ
 * and noise σ is ρ = Δ²/(2σ²)-zCDP ({@link Zcdp#gaussianRho}; a sampled Gaussian step at q = 1 is
 * one of sensitivity 1), compositions add ρ, and ρ is read as ε at δ by a {@link Calibration}'s
 * conversion ({@link Calibration#epsilon}: the tight one for {@code paper} and {@code tight}, the
 * exact GDP one for {@code gdp}). The zCDP families draw their budget ρ from the same calibration
 * ({@link Calibration#totalRho}) and σ per release in closed form ({@link Zcdp#sigmaForRho}).
 *
 * <p>Guarantee: ε is an upper bound on the exact ε at δ of the Gaussian composition; calibration
 * inverts it to adjacent doubles ({@link NoiseSearch#ADJACENT_DOUBLES}).
 *
 * @param calibration how ρ and (ε, δ) are converted
 */
public record ZcdpAccountant(Calibration calibration) implements PrivacyAccountant {

    @Override
    public String id() {
        return "zcdp";
    }

    @Override
    public Release.Currency currency() {
        return Release.Currency.ZCDP_RHO;
    }

    @Override
    public boolean accounts(DpEvent event) {
        return event instanceof DpEvent.SelfComposed c ? accounts(c.event())
                : event instanceof DpEvent.Gaussian
                || event instanceof DpEvent.PoissonSampledGaussian s && s.samplingRate() == 1;
    }

    @Override
    public double epsilon(DpEvent event, double delta) {
        return calibration.epsilon(rho(require(event)), delta);
    }

    @Override
    public NoiseSearch search() {
        return NoiseSearch.ADJACENT_DOUBLES;
    }

    /** ρ of an event this accountant accounts. */
    private static double rho(DpEvent event) {
        if (event instanceof DpEvent.SelfComposed c) {
            return c.count() * rho(c.event());
        }
        if (event instanceof DpEvent.Gaussian g) {
            return Zcdp.gaussianRho(g.sensitivity(), g.sigma());
        }
        return Zcdp.gaussianRho(1, ((DpEvent.PoissonSampledGaussian) event).noiseMultiplier());
    }
}
