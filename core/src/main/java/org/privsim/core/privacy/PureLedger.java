package org.privsim.core.privacy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * The per-user ledger of pure ε-DP releases (Wishart, ℓ2-Laplace), composed with the
 * Kairouz–Oh–Viswanath bound {@link CompositionBound#of} at a fixed δ (Liang et al. eq. 6).
 *
 * <p>Guarantees: no user's composition bound ever exceeds budget · (1 + {@value Ledger#RELATIVE_SLACK});
 * a charge is all-or-nothing (checked for every listed user first, otherwise
 * {@link BudgetExceededException} and the ledger unchanged); a user's ε sequence is the ε of the
 * releases that used its data, in release order. Not thread-safe.
 */
public final class PureLedger {

    /**
     * One recorded release.
     *
     * @param round            round the release belongs to
     * @param mechanism        what was released
     * @param epsilon          pure ε charged to each participant
     * @param participantCount how many users' data it used
     */
    public record Release(int round, String mechanism, double epsilon, int participantCount) {}

    private record Entry(Release release, BitSet participants) {
        boolean includes(int user) {
            return participants == null || participants.get(user);
        }
    }

    private final int users;
    private final double budget;
    private final double delta;
    private final List<Entry> entries = new ArrayList<>();

    /**
     * An empty ledger.
     *
     * @param users         number of users, ids 0..users−1; positive
     * @param budgetEpsilon per-user ε budget; positive and finite
     * @param delta         δ ∈ [0, 1) of the composition bound
     */
    public PureLedger(int users, double budgetEpsilon, double delta) {
        if (users < 1) {
            throw new IllegalArgumentException("users must be positive, got " + users);
        }
        Args.positive("budgetEpsilon", budgetEpsilon);
        if (!(delta >= 0 && delta < 1)) {
            throw new IllegalArgumentException("δ must be in [0, 1), got " + delta);
        }
        this.users = users;
        this.budget = budgetEpsilon;
        this.delta = delta;
    }

    /**
     * Charges {@code epsilon} to every participant ({@code null}: all users), or throws without
     * changing anything when some participant's composition bound would exceed the budget.
     */
    public void charge(int round, String mechanism, double epsilon, int[] participants) {
        Objects.requireNonNull(mechanism, "mechanism");
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("ε must be ≥ 0 and finite, got " + epsilon);
        }
        BitSet set = null;
        if (participants != null) {
            set = new BitSet(users);
            for (int u : participants) {
                if (u < 0 || u >= users) {
                    throw new IllegalArgumentException("user " + u + " outside 0.." + (users - 1));
                }
                set.set(u);
            }
        }
        Entry entry = new Entry(new Release(round, mechanism, epsilon, set == null ? users : set.cardinality()), set);
        // Without any subset release every user has the same sequence, so user 0 speaks for all.
        int step = set == null && !needsEachUser() ? users : 1;
        for (int u = set == null ? 0 : set.nextSetBit(0); u >= 0 && u < users;
                u = set == null ? u + step : set.nextSetBit(u + 1)) {
            double would = CompositionBound.of(sequence(u, entry), delta);
            if (would > budget * (1 + Ledger.RELATIVE_SLACK)) {
                throw new BudgetExceededException(mechanism + "@" + round, u, would, budget,
                        "ε spend (composition bound)");
            }
        }
        entries.add(entry);
    }

    /** Whether users may differ in their sequences (some release used a subset). */
    private boolean needsEachUser() {
        return entries.stream().anyMatch(e -> e.participants() != null);
    }

    /** The largest composition bound over users (0 when nothing was charged). */
    public double maxSpent() {
        return max(u -> CompositionBound.of(sequence(u, null), delta));
    }

    /** The largest Σ ε_t over users (basic composition). */
    public double maxBasicSpent() {
        return max(u -> CompositionBound.basic(sequence(u, null)));
    }

    /** The largest Σ ε_t²/2 over users: the zCDP view (pure ε-DP is ε²/2-zCDP, Bun–Steinke 2016). */
    public double maxZcdpRho() {
        return max(u -> {
            double rho = 0;
            for (double e : sequence(u, null)) {
                rho += e * e / 2;
            }
            return rho;
        });
    }

    /** Every release in charge order. */
    public List<Release> releases() {
        return entries.stream().map(Entry::release).toList();
    }

    private double max(java.util.function.IntToDoubleFunction perUser) {
        double best = 0;
        int count = needsEachUser() ? users : 1;
        for (int u = 0; u < count; u++) {
            best = Math.max(best, perUser.applyAsDouble(u));
        }
        return best;
    }

    /** User u's ε sequence in release order, followed by {@code extra}'s ε when given. */
    private double[] sequence(int user, Entry extra) {
        List<Double> eps = new ArrayList<>();
        for (Entry e : entries) {
            if (e.includes(user)) {
                eps.add(e.release().epsilon());
            }
        }
        if (extra != null) {
            eps.add(extra.release().epsilon());
        }
        double[] out = new double[eps.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = eps.get(i);
        }
        return out;
    }
}
