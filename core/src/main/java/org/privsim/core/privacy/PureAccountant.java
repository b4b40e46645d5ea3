package org.privsim.core.privacy;

import java.util.ArrayList;
import java.util.List;

/**
 * The pure-ε accountant ({@code pure} in {@link Accountants}): pure ε_t-DP releases (ℓ2-Laplace,
 * Wishart) composed by the composition bound {@link CompositionBound#of}(ε_1, …, ε_T; δ) in event
 * order (δ in [0, 1); δ = 0 is basic composition).
 *
 * <p>Guarantee: the ε is the bound a pure-ε {@link Ledger} charges for the same releases;
 * calibration inverts it to adjacent doubles ({@link NoiseSearch#ADJACENT_DOUBLES}).
 */
final class PureAccountant implements PrivacyAccountant {
    /** The one instance. */
    static final PureAccountant INSTANCE = new PureAccountant();

    private PureAccountant() {}

    @Override
    public String id() {
        return "pure";
    }

    @Override
    public Release.Currency currency() {
        return Release.Currency.PURE_EPSILON;
    }

    @Override
    public boolean accounts(DpEvent event) {
        return event instanceof DpEvent.SelfComposed c ? accounts(c.event()) : event instanceof DpEvent.PureEpsilon;
    }

    @Override
    public double epsilon(DpEvent event, double delta) {
        List<Double> epsilons = new ArrayList<>();
        collect(require(event), epsilons);
        return CompositionBound.of(epsilons.stream().mapToDouble(Double::doubleValue).toArray(), delta);
    }

    @Override
    public NoiseSearch search() {
        return NoiseSearch.ADJACENT_DOUBLES;
    }

    /** Appends the ε of every release of the event, in order. */
    private static void collect(DpEvent event, List<Double> epsilons) {
        if (event instanceof DpEvent.SelfComposed c) {
            for (int i = 0; i < c.count(); i++) {
                collect(c.event(), epsilons);
            }
            return;
        }
        epsilons.add(((DpEvent.PureEpsilon) event).epsilon());
    }
}
