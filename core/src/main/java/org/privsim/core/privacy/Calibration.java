package org.privsim.core.privacy;

/** How a target (ε, δ) is turned into the total zCDP budget ρ charged to every user. */
public enum Calibration {
    /** Jain et al.'s Δ = √(8 ln(1/δ))/ε, i.e. total ρ = ε²/(8 ln(1/δ)). */
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
}
