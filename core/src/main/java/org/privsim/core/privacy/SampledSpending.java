package org.privsim.core.privacy;

import java.util.Objects;

/**
 * The sampled-Gaussian currencies of a {@link Ledger}: identical Poisson-subsampled Gaussian releases
 * composed into one account for everybody (exact when every participant could take part in every
 * release) — RDP: one release's curve at fixed orders added per charge and converted with
 * {@link Conversions#tightEpsilonFromRdp}; PLD: the release's PLD composed ({@link PldAccountant}),
 * a count of releases accepted without a new composition when it is at most a count already shown
 * to be within budget (ε of c compositions is at most ε of more). Each recorded release states the
 * cost of one release alone under the accountant.
 */
final class SampledSpending extends Spending {
    /** RDP: the orders, the composed curve and one release's curve; null under PLD. */
    private final double[] orders;
    private final double[] curve;
    private final double[] stepCurve;
    /** PLD: one release's PLD and the largest count shown to be within budget, with its ε. */
    private final PldAccountant step;
    private int verifiedCount;
    private double verifiedEpsilon;
    /** The first release charged (all must be the same) and the ε of one. */
    private Release first;
    private double firstCost;

    private SampledSpending(Release.Currency currency, double budget, double delta, double[] orders,
                            double[] stepCurve, PldAccountant step) {
        super(currency, budget, delta);
        this.orders = orders;
        this.curve = orders == null ? null : new double[orders.length];
        this.stepCurve = stepCurve;
        this.step = step;
    }

    /** RDP spending of one release's curve {@code stepCurve} at {@code orders} (both checked by the caller). */
    static SampledSpending rdp(double[] orders, double[] stepCurve, double budget, double delta) {
        return new SampledSpending(Release.Currency.RDP_EPSILON, budget, delta, orders, stepCurve, null);
    }

    /** PLD spending of one release's PLD, with a count whose ε is known (0: none). */
    static SampledSpending pld(PldAccountant step, double budget, double delta, int knownCount, double knownEpsilon) {
        SampledSpending spending = new SampledSpending(Release.Currency.PLD_EPSILON, budget, delta, null, null,
                Objects.requireNonNull(step, "release"));
        if (knownCount < 0) {
            throw new IllegalArgumentException("knownCount must be non-negative, got " + knownCount);
        }
        if (knownCount > 0 && spending.withinBudget(knownEpsilon)) {
            spending.verifiedCount = knownCount;
            spending.verifiedEpsilon = knownEpsilon;
        }
        return spending;
    }

    @Override
    boolean shared() {
        return true;
    }

    @Override
    Release check(Release release, int[] participants, ChargeHistories histories, int charged) {
        requireIdentical(release);
        if (orders != null) {
            double[] next = new double[orders.length];
            for (int i = 0; i < orders.length; i++) {
                next[i] = curve[i] + stepCurve[i];
            }
            double epsilon = Conversions.tightEpsilonFromRdp(orders, next, delta);
            if (!withinBudget(epsilon)) {
                throw new BudgetExceededException(release.name() + " " + release.round(), 0,
                        "ε spend (RDP, tight conversion at δ = " + delta + ")", epsilon, budget);
            }
            System.arraycopy(next, 0, curve, 0, next.length);
            if (first == null) {
                firstCost = Conversions.tightEpsilonFromRdp(orders, stepCurve, delta);
                first = release;
            }
            return release.withCost(currency, firstCost);
        }
        int next = charged + 1;
        if (next > verifiedCount) {
            double epsilon = step.selfCompose(next).epsilon(delta);
            if (!withinBudget(epsilon)) {
                throw new BudgetExceededException(release.name() + " " + release.round(), 0,
                        "ε spend (PLD at δ = " + delta + ")", epsilon, budget);
            }
            verifiedCount = next;
            verifiedEpsilon = epsilon;
        }
        if (first == null) {
            firstCost = step.epsilon(delta);
            first = release;
        }
        return release.withCost(currency, firstCost);
    }

    @Override
    double spent(int node, ChargeHistories histories, int charged) {
        if (charged == 0) {
            return 0;
        }
        if (orders != null) {
            return Conversions.tightEpsilonFromRdp(orders, curve, delta);
        }
        return charged == verifiedCount ? verifiedEpsilon : step.selfCompose(charged).epsilon(delta);
    }

    /** The composed RDP curve (RDP only). */
    double[] curve() {
        if (curve == null) {
            throw new IllegalStateException("a " + currency.id() + " ledger has no RDP curve");
        }
        return curve.clone();
    }

    /** RDP and PLD ledgers compose one sampled Gaussian release with itself. */
    private void requireIdentical(Release release) {
        if (!release.mechanism().sampled()) {
            throw new IllegalArgumentException("release '" + release.name() + "' is " + release.mechanism().id()
                    + "; RDP and PLD ledgers account sampled Gaussian releases");
        }
        if (first != null && first.mechanism() != release.mechanism()) {
            throw new IllegalArgumentException("an " + currency.id() + " ledger composes identical releases only: '"
                    + release.name() + "' is " + release.mechanism().id() + ", '" + first.name() + "' "
                    + first.mechanism().id());
        }
        if (first != null && !(first.samplingRate().equals(release.samplingRate())
                && first.noiseMultiplier().equals(release.noiseMultiplier()))) {
            throw new IllegalArgumentException("an " + currency.id() + " ledger composes identical releases only: '"
                    + release.name() + "' differs from '" + first.name() + "'");
        }
    }
}
