package org.privsim.core.privacy;

/**
 * The PLD accountant ({@code pld} in {@link Accountants}): Gaussian and Poisson-subsampled Gaussian
 * events as privacy loss distributions ({@link PldAccountant#gaussian},
 * {@link PldAccountant#poissonSampledGaussian}) at {@link PrivacyLossDistribution#DEFAULT_INTERVAL},
 * composed by FFT ({@link PldAccountant#selfCompose}) and read at δ ({@link PldAccountant#epsilon}).
 *
 * <p>Guarantee: ε is {@link PldAccountant#dpSgdEpsilon}'s for a run of sampled Gaussian steps, bit
 * for bit, and an upper bound on the exact ε; calibration inverts it to relative 1e-6
 * ({@link NoiseSearch#REGULA_FALSI}: each evaluation is a composition).
 */
final class PldEventAccountant implements PrivacyAccountant {
    /** The one instance. */
    static final PldEventAccountant INSTANCE = new PldEventAccountant();

    private PldEventAccountant() {}

    @Override
    public String id() {
        return "pld";
    }

    @Override
    public Release.Currency currency() {
        return Release.Currency.PLD_EPSILON;
    }

    @Override
    public boolean accounts(DpEvent event) {
        return event.isGaussianOrSampledGaussian();
    }

    @Override
    public double epsilon(DpEvent event, double delta) {
        return pld(require(event)).epsilon(delta);
    }

    @Override
    public NoiseSearch search() {
        return NoiseSearch.REGULA_FALSI;
    }

    /**
     * The account of {@code count} steps of a sampled Gaussian: one step's PLD, composed once for
     * the run's ε; its ledgers accept counts up to {@code count} at once while that ε is within
     * budget ({@link Ledger#pld}).
     */
    @Override
    public RunAccount run(DpEvent step, int count, double delta) {
        PldAccountant one = pld(require(step));
        double epsilon = one.selfCompose(count).epsilon(delta);
        return new RunAccount() {
            @Override
            public double epsilon() {
                return epsilon;
            }

            @Override
            public Ledger ledger(int users, double budgetEpsilon) {
                return Ledger.pld(users, one, budgetEpsilon, delta, count, epsilon);
            }
        };
    }

    /** The PLD of an event this accountant accounts. */
    private static PldAccountant pld(DpEvent event) {
        double interval = PrivacyLossDistribution.DEFAULT_INTERVAL;
        if (event instanceof DpEvent.SelfComposed c) {
            return pld(c.event()).selfCompose(c.count());
        }
        if (event instanceof DpEvent.Gaussian g) {
            return PldAccountant.gaussian(g.sigma(), g.sensitivity(), interval);
        }
        DpEvent.PoissonSampledGaussian s = (DpEvent.PoissonSampledGaussian) event;
        return PldAccountant.poissonSampledGaussian(s.samplingRate(), s.noiseMultiplier(), interval);
    }
}
