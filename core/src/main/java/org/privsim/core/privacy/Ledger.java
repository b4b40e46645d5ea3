package org.privsim.core.privacy;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * The per-user privacy ledger: which releases used whose data, and each user's zCDP spend.
 *
 * <p>Guarantees:
 * <ul>
 *   <li>No user's spend ever exceeds budget · (1 + {@value #RELATIVE_SLACK}); the slack only absorbs
 *       floating-point error when a budget is split into parts that are summed back.
 *   <li>A charge is all-or-nothing: it is checked against every listed user first, and if any
 *       would exceed, {@link BudgetExceededException} is thrown and the ledger is unchanged.
 *   <li>Each user's spend is the sum of the ρ of the releases that used its data, added in
 *       release order, so spends are bit-for-bit deterministic for the same sequence of charges.
 * </ul>
 *
 * <p>Participants are stored compactly: nothing for a release over all users (the common case),
 * otherwise a {@link BitSet}.
 *
 * <p>Not thread-safe: callers (e.g. the curator actor) must confine a ledger to one thread or
 * synchronise externally.
 */
public final class Ledger {
    /** Relative tolerance on the budget check. */
    public static final double RELATIVE_SLACK = 1e-9;

    /**
     * One recorded release.
     *
     * @param round            round the release belongs to (caller-defined; e.g. 0 for initialisation)
     * @param mechanism        what was released, e.g. {@code "A"} or {@code "init"}
     * @param rho              zCDP cost charged to each participant
     * @param participantCount how many users' data it used
     */
    public record Release(int round, String mechanism, double rho, int participantCount) {}

    /** A release and its participants; {@code participants == null} means all users. */
    private record Entry(Release release, BitSet participants) {
        boolean includes(int user) {
            return participants == null || participants.get(user);
        }
    }

    private final int users;
    private final double budget;
    private final double[] spent;
    private final List<Entry> entries = new ArrayList<>();

    /**
     * An empty ledger.
     *
     * @param users     number of users, ids 0..users−1; positive
     * @param budgetRho per-user zCDP budget ρ; positive and finite
     */
    public Ledger(int users, double budgetRho) {
        if (users <= 0) {
            throw new IllegalArgumentException("users must be positive, got " + users);
        }
        this.users = users;
        this.budget = Args.positive("budgetRho", budgetRho);
        this.spent = new double[users];
    }

    /**
     * Records a release that used the data of exactly the listed users and charges each of them ρ.
     *
     * @param users distinct user ids in [0, users()); may be empty (a release that used nobody's data)
     * @throws BudgetExceededException if some listed user would exceed the budget (nobody is charged)
     * @throws IllegalArgumentException for ρ not positive and finite, a blank mechanism, or an id
     *                                  out of range or listed twice
     */
    public void charge(int round, String mechanism, double rho, int[] users) {
        Objects.requireNonNull(users, "users");
        checkRelease(mechanism, rho);
        BitSet participants = new BitSet(this.users);
        for (int user : users) {
            if (user < 0 || user >= this.users) {
                throw new IllegalArgumentException("user " + user + " is not in [0, " + this.users + ")");
            }
            if (participants.get(user)) {
                throw new IllegalArgumentException("user " + user + " is listed twice");
            }
            participants.set(user);
        }
        for (int user : users) {
            checkBudget(round, mechanism, rho, user);
        }
        for (int user : users) {
            spent[user] += rho;
        }
        boolean everyone = users.length == this.users;
        entries.add(new Entry(new Release(round, mechanism, rho, users.length), everyone ? null : participants));
    }

    /** {@link #charge} with every user as a participant. */
    public void chargeAll(int round, String mechanism, double rho) {
        checkRelease(mechanism, rho);
        for (int user = 0; user < users; user++) {
            checkBudget(round, mechanism, rho, user);
        }
        for (int user = 0; user < users; user++) {
            spent[user] += rho;
        }
        entries.add(new Entry(new Release(round, mechanism, rho, users), null));
    }

    /** The zCDP ρ spent so far on the given user. */
    public double spent(int user) {
        Objects.checkIndex(user, users);
        return spent[user];
    }

    /** The largest per-user spend (0 before any release). */
    public double maxSpent() {
        double max = 0;
        for (double s : spent) {
            max = Math.max(max, s);
        }
        return max;
    }

    /** The per-user zCDP budget ρ. */
    public double budget() {
        return budget;
    }

    /** The number of users. */
    public int users() {
        return users;
    }

    /** Every release, in the order recorded (unmodifiable snapshot). */
    public List<Release> releases() {
        return entries.stream().map(Entry::release).toList();
    }

    /** Every release that used the given user's data, in the order recorded (unmodifiable snapshot). */
    public List<Release> releasesOf(int user) {
        Objects.checkIndex(user, users);
        return entries.stream().filter(e -> e.includes(user)).map(Entry::release).toList();
    }

    private static void checkRelease(String mechanism, double rho) {
        if (mechanism == null || mechanism.isBlank()) {
            throw new IllegalArgumentException("mechanism must be a non-blank name, got '" + mechanism + "'");
        }
        Args.positive("rho", rho);
    }

    private void checkBudget(int round, String mechanism, double rho, int user) {
        double wouldSpend = spent[user] + rho;
        if (wouldSpend > budget * (1 + RELATIVE_SLACK)) {
            throw new BudgetExceededException("round " + round + " / " + mechanism, user, wouldSpend, budget);
        }
    }

    /** A ρ for messages: 6 significant digits, no trailing zeros. */
    static String format(double rho) {
        return new BigDecimal(rho).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
