package org.privsim.core.mechanism;

/**
 * A fault deliberately injected into a mechanism to test an audit's power. The broken mechanism
 * keeps claiming (and charging its ledger for) the original (ε, δ); only what it releases changes.
 *
 * <p>Guarantee: {@link #NONE} leaves every mechanism exactly as specified (bit-identical output).
 *
 * @param noiseMultiplier   every noise standard deviation is multiplied by this (1 = correct)
 * @param skipClipping      contributions are not clipped to the bounds the sensitivity assumes
 * @param ignoreComposition each release is calibrated as if it alone spent the whole budget,
 *                          instead of its share of the composition
 */
public record Injection(double noiseMultiplier, boolean skipClipping, boolean ignoreComposition) {

    /** No fault: the mechanism as specified. */
    public static final Injection NONE = new Injection(1, false, false);

    public Injection {
        if (!(noiseMultiplier > 0) || Double.isInfinite(noiseMultiplier)) {
            throw new IllegalArgumentException("noiseMultiplier must be positive and finite, got " + noiseMultiplier);
        }
    }

    /** Whether this is {@link #NONE}. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isNone() {
        return equals(NONE);
    }
}
