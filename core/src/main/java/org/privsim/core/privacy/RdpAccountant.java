package org.privsim.core.privacy;

/**
 * The RDP accountant: Gaussian and Poisson-subsampled Gaussian events as RDP curves at the
 * {@link SampledGaussianRdp#defaultOrders default orders} ({@link SampledGaussianRdp#rdp}; a Gaussian
 * of sensitivity Δ and noise σ is the sampled Gaussian at q = 1 with multiplier σ/Δ), and an event
 * holding a Gaussian sampled without replacement ({@link SampledWithoutReplacementRdp}) with all its
 * parts at dp_accounting's default orders ({@link SampledWithoutReplacementRdp#dpAccountingOrders}),
 * composed by adding curves and converted to ε at δ by its conversion ({@link #TIGHT}: Canonne, Kamath &amp;
 * Steinke 2020, registered as {@code rdp}; {@link #CLASSIC}: Mironov 2017).
 *
 * <p>Guarantee: the ε of {@code count} steps of a sampled Gaussian is
 * {@link SampledGaussianRdp#epsilon}'s, bit for bit; calibration inverts it to adjacent doubles
 * ({@link NoiseSearch#ADJACENT_DOUBLES}) above {@link SampledGaussianRdp#epsilonFloor}.
 *
 * @param conversion the (ε, δ) conversion of the composed curve
 */
record RdpAccountant(SampledGaussianRdp.Conversion conversion) implements PrivacyAccountant {
    /** The tight conversion ({@code rdp} in {@link Accountants}). */
    static final RdpAccountant TIGHT = new RdpAccountant(SampledGaussianRdp.Conversion.TIGHT);
    /** The classic conversion. */
    static final RdpAccountant CLASSIC = new RdpAccountant(SampledGaussianRdp.Conversion.CLASSIC);

    private static final double[] ORDERS = SampledGaussianRdp.defaultOrders();
    private static final double[] DP_ACCOUNTING_ORDERS = SampledWithoutReplacementRdp.dpAccountingOrders();

    /** The accountant of {@code conversion}. */
    static RdpAccountant of(SampledGaussianRdp.Conversion conversion) {
        return conversion == SampledGaussianRdp.Conversion.TIGHT ? TIGHT : CLASSIC;
    }

    @Override
    public String id() {
        return conversion == SampledGaussianRdp.Conversion.TIGHT ? "rdp" : "rdp-classic";
    }

    @Override
    public Release.Currency currency() {
        return Release.Currency.RDP_EPSILON;
    }

    @Override
    public boolean accounts(DpEvent event) {
        return event.isGaussianOrSampledGaussian() || withoutReplacement(event) || event.isTreeAggregation();
    }

    /** Tree aggregation epochs are read at dp_accounting's default orders, the rest at the default orders. */
    @Override
    public double epsilon(DpEvent event, double delta) {
        if (require(event).isTreeAggregation()) {
            double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
            return SampledGaussianRdp.convert(orders, treeCurve(event, orders), delta).of(conversion);
        }
        double[] orders = orders(event);
        return SampledGaussianRdp.convert(orders, curve(event, orders), delta).of(conversion);
    }

    @Override
    public double epsilonFloor(double delta) {
        return SampledGaussianRdp.epsilonFloor(delta, conversion);
    }

    @Override
    public NoiseSearch search() {
        return NoiseSearch.ADJACENT_DOUBLES;
    }

    /**
     * The account of {@code count} steps of a sampled Gaussian: its ledger adds one step's curve per
     * charge and converts with the tight conversion ({@link Ledger#rdp}).
     */
    @Override
    public RunAccount run(DpEvent step, int count, double delta) {
        double[] orders = orders(require(step));
        double[] stepCurve = curve(step, orders);
        double epsilon = epsilon(step.times(count), delta);
        return new RunAccount() {
            @Override
            public double epsilon() {
                return epsilon;
            }

            @Override
            public Ledger ledger(int users, double budgetEpsilon) {
                return Ledger.rdp(users, orders, stepCurve, budgetEpsilon, delta);
            }
        };
    }

    /**
     * The account of {@code epochs} epochs of tree aggregation: its ledger charges step by step
     * ({@link Ledger#tree}), at dp_accounting's orders with the tight conversion.
     */
    @Override
    public RunAccount treeRun(DpEvent.TreeAggregation epoch, int epochs, double delta) {
        double epsilon = epsilon(epoch.times(epochs), delta);
        return new RunAccount() {
            @Override
            public double epsilon() {
                return epsilon;
            }

            @Override
            public Ledger ledger(int users, double budgetEpsilon) {
                return Ledger.tree(users, epoch.noiseMultiplier(), epoch.stepsPerEpoch(), budgetEpsilon, delta);
            }
        };
    }

    /** The RDP curve at {@code orders} of tree aggregation epochs ({@link TreeAggregationRdp}). */
    private static double[] treeCurve(DpEvent event, double[] orders) {
        int epochs = event instanceof DpEvent.SelfComposed c ? c.count() : 1;
        DpEvent.TreeAggregation tree = (DpEvent.TreeAggregation) (event instanceof DpEvent.SelfComposed c
                ? c.event() : event);
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = TreeAggregationRdp.rdp(tree.noiseMultiplier(), tree.stepsPerEpoch(), epochs, orders[i]);
        }
        return curve;
    }

    /**
     * Whether {@code event} is Gaussian sampled without replacement, possibly composed, possibly with
     * Gaussian and Poisson-sampled Gaussian parts.
     */
    private static boolean withoutReplacement(DpEvent event) {
        return event instanceof DpEvent.SelfComposed c ? withoutReplacement(c.event())
                : event instanceof DpEvent.SampledWithoutReplacementGaussian;
    }

    /** The orders an accounted event is accounted at: dp_accounting's when it holds a sample without replacement. */
    private static double[] orders(DpEvent event) {
        return withoutReplacement(event) ? DP_ACCOUNTING_ORDERS : ORDERS;
    }

    /** The RDP curve at {@code orders} of an event this accountant accounts. */
    private static double[] curve(DpEvent event, double[] orders) {
        if (event instanceof DpEvent.SelfComposed c) {
            double[] curve = curve(c.event(), orders);
            for (int i = 0; i < curve.length; i++) {
                curve[i] = c.count() * curve[i];
            }
            return curve;
        }
        if (event instanceof DpEvent.Gaussian g) {
            return SampledGaussianRdp.rdp(1, g.sigma() / g.sensitivity(), 1, orders);
        }
        if (event instanceof DpEvent.SampledWithoutReplacementGaussian w) {
            return SampledWithoutReplacementRdp.rdp(w.samplingRate(), w.noiseMultiplier(), 1, orders);
        }
        DpEvent.PoissonSampledGaussian s = (DpEvent.PoissonSampledGaussian) event;
        return SampledGaussianRdp.rdp(s.samplingRate(), s.noiseMultiplier(), 1, orders);
    }
}
