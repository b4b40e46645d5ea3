package org.privsim.core.privacy;

/**
 * An accountant for one currency (zCDP, pure ε, RDP, PLD): it composes the events it accounts and
 * reads their ε at δ, and it states how precisely its ε is inverted when a noise is calibrated to a
 * target ({@link NoiseCalibration}). Accountants are found by name in {@link Accountants}.
 *
 * <p>Guarantee: {@link #epsilon} is an upper bound on the exact ε at δ of the event (pure, RDP and
 * zCDP by their conversions, PLD by its pessimistic discretization), is non-increasing in the noise
 * of the event's Gaussian parts, and is a pure function of its arguments. An event the accountant
 * does not account ({@link #accounts} false) is refused with an {@link IllegalArgumentException}.
 */
public interface PrivacyAccountant {

    /** The registry name ({@code zcdp}, {@code pure}, {@code rdp}, {@code pld}). */
    String id();

    /** The currency its ledgers charge in. */
    Release.Currency currency();

    /** Whether it accounts {@code event}. */
    boolean accounts(DpEvent event);

    /** ε at δ of {@code event}; δ in (0, 1) (pure: [0, 1)). */
    double epsilon(DpEvent event, double delta);

    /**
     * The ε at δ this accountant reports however large the noise: no noise meets a target at or
     * below it (0 unless the conversion has a floor).
     */
    default double epsilonFloor(double delta) {
        return 0;
    }

    /** How {@link NoiseCalibration} inverts this accountant's ε. */
    NoiseSearch search();

    /**
     * The account of {@code count} identical steps of a sampled Gaussian at δ, shared by the run's
     * repeats (RDP and PLD accountants; the others refuse, and each refuses a step it does not account).
     */
    default RunAccount run(DpEvent step, int count, double delta) {
        throw new IllegalArgumentException("the " + id() + " accountant keeps no account of sampled Gaussian runs");
    }

    /**
     * The account of {@code epochs} epochs of tree aggregation at δ, charged step by step (the RDP
     * accountant; the others refuse).
     */
    default RunAccount treeRun(DpEvent.TreeAggregation epoch, int epochs, double delta) {
        throw new IllegalArgumentException("the " + id() + " accountant keeps no account of tree aggregation");
    }

    /** {@code event}, refused unless this accountant accounts it. */
    default DpEvent require(DpEvent event) {
        if (!accounts(event)) {
            throw new IllegalArgumentException("the " + id() + " accountant does not account " + event);
        }
        return event;
    }
}
