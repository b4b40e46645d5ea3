package org.privsim.core.privacy;

/**
 * Rényi DP of the tree aggregation protocol with Gaussian noise, restarted every epoch, where no
 * record occurs twice within an epoch (Kairouz, McMahan, Song, Thakkar, Thakurta, Xu, ICML 2021,
 * "Practical and Private (Deep) Learning without Sampling or Shuffling", App. D): a record touches
 * at most one node per level of its epoch's tree, so an epoch of s steps is the Gaussian mechanism
 * of noise multiplier z composed over the tree's depth ⌈log₂(s + 1)⌉ — ε(α) = α·depth/(2z²), the
 * analysis dp_accounting's RDP accountant applies to a {@code SingleEpochTreeAggregationDpEvent}
 * (its neighbour relation: replace-special, a record swapped for a zero contribution).
 *
 * <p>Guarantees: exact closed form; epochs compose additively; ε at δ by the tight conversion at
 * dp_accounting's default orders ({@link SampledWithoutReplacementRdp#dpAccountingOrders}). Arguments
 * are validated (z &gt; 0 finite, steps ≥ 1, epochs ≥ 1, α &gt; 1, δ in (0, 1)) with
 * {@link IllegalArgumentException} naming the parameter.
 */
public final class TreeAggregationRdp {

    private TreeAggregationRdp() {}

    /** The depth of an epoch's tree: ⌈log₂(steps + 1)⌉, the nodes one record's contribution reaches. */
    public static int depth(int steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("steps per epoch must be at least 1, got " + steps);
        }
        return 32 - Integer.numberOfLeadingZeros(steps); // ⌈log₂(s + 1)⌉ = the bit length of s
    }

    /** The RDP at order {@code alpha} of {@code epochs} epochs of {@code steps} steps each. */
    public static double rdp(double z, int steps, int epochs, double alpha) {
        if (!(z > 0) || Double.isInfinite(z)) {
            throw new IllegalArgumentException("noise multiplier must be positive and finite, got " + z);
        }
        if (epochs < 1) {
            throw new IllegalArgumentException("epochs must be at least 1, got " + epochs);
        }
        if (!(alpha > 1)) {
            throw new IllegalArgumentException("alpha must exceed 1, got " + alpha);
        }
        return ofNodes(z, (long) epochs * depth(steps), alpha);
    }

    /**
     * The RDP at order {@code alpha} of a record's {@code nodes} Gaussian node releases of noise
     * multiplier z: nodes·α/(2z²) — a run's spend after a whole number of epochs and a partial one
     * (r steps of an epoch reach {@link #depth}(r) nodes).
     */
    public static double ofNodes(double z, long nodes, double alpha) {
        return nodes * alpha / (2 * z * z);
    }

    /**
     * The classic and tight conversions at δ of {@code epochs} epochs of {@code steps} steps, at
     * dp_accounting's orders (the tight one is {@link #epsilon}'s).
     */
    public static SampledGaussianRdp.Epsilon conversions(double z, int steps, int epochs, double delta) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = rdp(z, steps, epochs, orders[i]);
        }
        return SampledGaussianRdp.convert(orders, curve, delta);
    }

    /** The ε at δ of {@code epochs} epochs of {@code steps} steps, as dp_accounting's RDP accountant reports. */
    public static double epsilon(double z, int steps, int epochs, double delta) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = rdp(z, steps, epochs, orders[i]);
        }
        return Conversions.tightEpsilonFromRdp(orders, curve, delta);
    }
}
