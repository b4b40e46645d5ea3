package org.privsim.core.privacy;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a target (ε, δ) is turned into the total zCDP budget ρ charged to every user.
 *
 * <p>Guarantee: {@link #totalRho} is a pure function of (ε, δ); for {@link #TIGHT} the returned ρ
 * satisfies {@link Conversions#tightEpsilon}(ρ, δ) ≤ ε (equal to ε up to rounding), so spending
 * it on any composition of zCDP releases is (ε, δ)-DP.
 */
public enum Calibration {
    /**
     * Jain et al.'s Δ = √(8 ln(1/δ))/ε, i.e. total ρ = 1/Δ² = ε²/(8 ln(1/δ)) (the ρ the paper
     * reports: 0.009, 0.04, 0.23, 0.90 zCDP for ε = 1, 2, 5, 10 at δ = 1e-6).
     */
    PAPER("paper"),
    /** The largest ρ whose tight (Canonne–Kamath–Steinke) conversion still meets (ε, δ). */
    TIGHT("tight");

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
        };
    }

    /** Looks a calibration up by its scenario name ({@code paper} or {@code tight}). */
    public static Optional<Calibration> byId(String id) {
        return Arrays.stream(values()).filter(c -> c.id.equals(id)).findFirst();
    }
}
