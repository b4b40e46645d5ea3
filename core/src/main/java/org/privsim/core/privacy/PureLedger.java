package org.privsim.core.privacy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The per-user privacy ledger for pure ε-DP releases, composed with the
 * {@link CompositionBound composition bound} CB({ε_t}, δ) at a fixed δ.
 *
 * <p>Guarantees:
 * <ul>
 *   <li>A user's list is the ε of the releases that used its data, in release order, and its spend
 *       is {@link CompositionBound#of CompositionBound.of}(list, δ): the sequence of releases is
 *       (spend, δ)-DP in that user's data. Spends are therefore bit-for-bit deterministic for the
 *       same sequence of charges.
 *   <li>No user's spend ever exceeds budget · (1 + {@value Ledger#RELATIVE_SLACK}); the slack only
 *       absorbs floating-point error.
 *   <li>A charge is all-or-nothing: it is checked against every participant first, and if any
 *       would exceed, {@link BudgetExceededException} is thrown and the ledger is unchanged.
 *   <li>{@link #maxZcdpRho} is the zCDP view: a pure ε-DP release is ε²/2-zCDP (Bun &amp; Steinke
 *       2016, Prop. 1.4) and zCDP composes by adding ρ.
 * </ul>
 *
 * <p>Storage is compact: the list of releases, each with its participants (nothing for a release
 * over all users, otherwise a {@link BitSet}); a user's list is read off it when needed, so a charge
 * costs O(participants × releases) and each max over users O(users × releases).
 *
 * <p>Not thread-safe: confine a ledger to one thread or synchronise externally.
 */
public final class PureLedger {
    /**
     * One recorded release.
     *
     * @param round            round the release belongs to (caller-defined)
     * @param mechanism        what was released, e.g. {@code "wishart"}
     * @param epsilon          the pure ε-DP cost to each participant
     * @param participantCount how many users' data it used
     */
    public record Release(int round, String mechanism, double epsilon, int participantCount) {}

    /** A release and its participants; {@code participants == null} means all users. */
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
     * @param budgetEpsilon per-user budget on the composition bound; positive and finite
     * @param delta         the δ of the composition bound, in [0, 1) (0: basic composition)
     */
    public PureLedger(int users, double budgetEpsilon, double delta) {
        if (users <= 0) {
            throw new IllegalArgumentException("users must be positive, got " + users);
        }
        this.users = users;
        this.budget = Args.positive("budgetEpsilon", budgetEpsilon);
        this.delta = Args.zeroToOpenUnit("delta", delta);
    }

    /**
     * Records an ε-DP release that used the data of exactly the given users, appending ε to each
     * one's list. Participants are checked in the order given (user ids in order when null).
     *
     * @param epsilon      positive and finite
     * @param participants distinct user ids in [0, users), possibly empty; {@code null} means all users
     * @throws BudgetExceededException  if some participant's composition bound would exceed the
     *                                  budget (nobody is charged, nothing is recorded)
     * @throws IllegalArgumentException for ε not positive and finite, a blank mechanism, or an id out
     *                                  of range or listed twice
     */
    public void charge(int round, String mechanism, double epsilon, int[] participants) {
        if (mechanism == null || mechanism.isBlank()) {
            throw new IllegalArgumentException("mechanism must be a non-blank name, got '" + mechanism + "'");
        }
        Args.positive("epsilon", epsilon);
        BitSet set = participants == null ? null : participantSet(participants);
        int count = participants == null ? users : participants.length;
        for (int k = 0; k < count; k++) {
            int user = participants == null ? k : participants[k];
            double[] list = listOf(user);
            double[] extended = Arrays.copyOf(list, list.length + 1);
            extended[list.length] = epsilon;
            double wouldSpend = CompositionBound.of(extended, delta);
            if (wouldSpend > budget * (1 + Ledger.RELATIVE_SLACK)) {
                throw new BudgetExceededException("round " + round + " / " + mechanism, user,
                        "ε spend (composition bound)", wouldSpend, budget);
            }
        }
        entries.add(new Entry(new Release(round, mechanism, epsilon, count), count == users ? null : set));
    }

    /** The largest composition bound CB(list, δ) over users (0 before any release). */
    public double maxSpent() {
        double max = 0;
        for (int user = 0; user < users; user++) {
            max = Math.max(max, CompositionBound.of(listOf(user), delta));
        }
        return max;
    }

    /** The largest Σ ε over users' lists, i.e. basic composition (0 before any release). */
    public double maxBasicSpent() {
        double max = 0;
        for (int user = 0; user < users; user++) {
            max = Math.max(max, CompositionBound.basic(listOf(user)));
        }
        return max;
    }

    /**
     * The largest zCDP ρ over users: (Σ ε_t²)/2 over the user's list, squares added in release
     * order (0 before any release).
     */
    public double maxZcdpRho() {
        double max = 0;
        for (int user = 0; user < users; user++) {
            double squares = 0;
            for (double epsilon : listOf(user)) {
                squares += epsilon * epsilon;
            }
            max = Math.max(max, squares / 2);
        }
        return max;
    }

    /** Every release, in the order recorded (unmodifiable snapshot). */
    public List<Release> releases() {
        return entries.stream().map(Entry::release).toList();
    }

    /** The ε of the releases that used the user's data, in release order. */
    private double[] listOf(int user) {
        return entries.stream().filter(e -> e.includes(user)).mapToDouble(e -> e.release().epsilon()).toArray();
    }

    private BitSet participantSet(int[] participants) {
        BitSet set = new BitSet(users);
        for (int user : participants) {
            if (user < 0 || user >= users) {
                throw new IllegalArgumentException("user " + user + " is not in [0, " + users + ")");
            }
            if (set.get(user)) {
                throw new IllegalArgumentException("user " + user + " is listed twice");
            }
            set.set(user);
        }
        return set;
    }
}
