package org.privsim.core.privacy;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a target (ε, δ) is turned into the total zCDP budget ρ charged to every user, and how a
 * spent ρ is read back as ε ({@link #epsilon}).
 *
 * <p>Guarantee: {@link #totalRho} is a pure function of (ε, δ); for {@link #TIGHT} the returned ρ
 * satisfies {@link Conversions#tightEpsilon}(ρ, δ) ≤ ε (equal to ε up to rounding), so spending
 * it on any composition of zCDP releases is (ε, δ)-DP; for {@link #GDP}, {@link #epsilon}(ρ, δ) ≤ ε
 * likewise, valid for compositions of Gaussian mechanisms.
 */
public enum Calibration {
    /**
     * Jain et al.'s Δ = √(8 ln(1/δ))/ε, i.e. total ρ = 1/Δ² = ε²/(8 ln(1/δ)) (the ρ the paper
     * reports: 0.009, 0.04, 0.23, 0.90 zCDP for ε = 1, 2, 5, 10 at δ = 1e-6).
     */
    PAPER("paper"),
    /** The largest ρ whose tight (Canonne–Kamath–Steinke) conversion still meets (ε, δ). */
    TIGHT("tight"),
    /**
     * Beyond the papers: the largest ρ whose Gaussian composition meets (ε, δ) exactly — ρ = μ²/2
     * with μ the largest μ-GDP whose exact ε at δ is ε ({@link Conversions#muForGaussianEpsilon},
     * Balle &amp; Wang). Valid because every release privsim calibrates in ρ adds Gaussian noise:
     * release t with L2 sensitivity Δ_t and std σ_t is μ_t = Δ_t/σ_t-GDP with ρ_t = μ_t²/2, and
     * adaptive composition of μ_t-GDP mechanisms is exactly √(Σμ_t²) = √(2ρ)-GDP (Dong, Roth &amp;
     * Su 2022). The tight zCDP conversion holds for every ρ-zCDP mechanism and is therefore looser:
     * at ε = 1, δ = 1e-5 this ρ is larger than {@link #TIGHT}'s, so the same (ε, δ) buys less noise.
     */
    GDP("gdp");

    private final String id;

    Calibration(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }

    /**
     * The total zCDP budget ρ for target (ε, δ), ε &gt; 0 finite, δ in (0, 1).
     *
     * @throws IllegalArgumentException for arguments outside those ranges (including NaN)
     */
    public double totalRho(double epsilon, double delta) {
        Args.positive("epsilon", epsilon);
        Args.openUnit("delta", delta);
        return switch (this) {
            case PAPER -> epsilon * epsilon / (8 * -Math.log(delta));
            case TIGHT -> Conversions.rhoForTightEpsilon(epsilon, delta);
            case GDP -> {
                double mu = Conversions.muForGaussianEpsilon(epsilon, delta);
                yield mu * mu / 2;
            }
        };
    }

    /**
     * The ε at δ that a spent total ρ accounts for under this calibration: the exact ε of
     * √(2ρ)-GDP for {@link #GDP}, the tight (CKS 2020) conversion otherwise; 0 for ρ = 0.
     */
    public double epsilon(double rho, double delta) {
        if (rho == 0) {
            return 0;
        }
        return this == GDP ? Conversions.analyticGaussianEpsilon(Math.sqrt(2 * rho), delta)
                : Conversions.tightEpsilon(rho, delta);
    }

    /** Looks a calibration up by its scenario name ({@code paper} or {@code tight}). */
    public static Optional<Calibration> byId(String id) {
        return Arrays.stream(values()).filter(c -> c.id.equals(id)).findFirst();
    }
}
