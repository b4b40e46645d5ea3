package org.privsim.core.privacy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The accountants by name (Opacus' {@code registry.py}): {@code zcdp} (zCDP ρ, tight conversion),
 * {@code pure} (composition bound), {@code rdp} (sampled-Gaussian RDP, tight conversion) and
 * {@code pld} (privacy loss distribution). A scenario's {@code accountant} names one of them.
 *
 * <p>Guarantee: one instance per name, so accountants compare by identity; {@link #all} lists each
 * once, in the order above, each under its {@link PrivacyAccountant#id}.
 */
public final class Accountants {
    /** zCDP with the tight conversion. */
    public static final PrivacyAccountant ZCDP = new ZcdpAccountant(Calibration.TIGHT);
    /** Pure ε by the composition bound. */
    public static final PrivacyAccountant PURE = PureAccountant.INSTANCE;
    /** RDP of the sampled Gaussian with the tight conversion. */
    public static final PrivacyAccountant RDP = RdpAccountant.TIGHT;
    /** The privacy loss distribution. */
    public static final PrivacyAccountant PLD = PldEventAccountant.INSTANCE;

    private static final Map<String, PrivacyAccountant> BY_ID = new LinkedHashMap<>();

    static {
        for (PrivacyAccountant a : List.of(ZCDP, PURE, RDP, PLD)) {
            BY_ID.put(a.id(), a);
        }
    }

    private Accountants() {}

    /** Every registered accountant. */
    public static List<PrivacyAccountant> all() {
        return List.copyOf(BY_ID.values());
    }

    /** The accountant of that name, if registered. */
    public static Optional<PrivacyAccountant> byId(String id) {
        return Optional.ofNullable(BY_ID.get(id));
    }

    /**
     * The accountant of that name.
     *
     * @throws IllegalArgumentException for a name no accountant has
     */
    public static PrivacyAccountant named(String id) {
        return byId(id).orElseThrow(() -> new IllegalArgumentException("no accountant is named '" + id
                + "'; known: " + BY_ID.keySet()));
    }
}
