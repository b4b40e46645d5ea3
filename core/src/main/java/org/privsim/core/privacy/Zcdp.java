package org.privsim.core.privacy;

/**
 * Zero-concentrated DP (Bun &amp; Steinke 2016) of the Gaussian mechanism.
 *
 * <p>Guarantee: a release of a statistic with L2 sensitivity S plus independent N(0, σ²) noise
 * per coordinate is ρ-zCDP with ρ = S²/(2σ²), i.e. (α, αρ)-RDP for every order α &gt; 1; zCDP
 * composes by adding ρ. Every method rejects NaN and out-of-range arguments with an
 * {@link IllegalArgumentException} naming the argument.
 */
public final class Zcdp {
    private Zcdp() {}

    /** ρ = S²/(2σ²) of the Gaussian mechanism; S and σ positive and finite. */
    public static double gaussianRho(double sensitivity, double sigma) {
        Args.positive("sensitivity", sensitivity);
        Args.positive("sigma", sigma);
        double ratio = sensitivity / sigma;
        return ratio * ratio / 2;
    }

    /** The σ = S/√(2ρ) at which the Gaussian mechanism is exactly ρ-zCDP; S and ρ positive. */
    public static double sigmaForRho(double sensitivity, double rho) {
        Args.positive("sensitivity", sensitivity);
        Args.positive("rho", rho);
        return sensitivity / Math.sqrt(2 * rho);
    }

    /** The Rényi DP αρ of order α &gt; 1 implied by ρ-zCDP (ρ ≥ 0). */
    public static double rdp(double rho, double alpha) {
        Args.nonNegative("rho", rho);
        return Args.renyiOrder("alpha", alpha) * rho;
    }
}
