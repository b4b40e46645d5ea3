package org.privsim.core.privacy;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The privacy ledger: it records every {@link Release} of a run with the participants whose data it
 * used and folds them into the accounting that applies — one ledger type for every currency:
 * <ul>
 *   <li>{@link #zcdp zCDP}: each participant's spend is the sum of the ρ of the releases that used its
 *       data, added in release order;
 *   <li>{@link #pure pure ε}: each participant's spend is the composition bound
 *       {@link CompositionBound#of CompositionBound.of}(its releases' ε in release order, δ);
 *   <li>{@link #rdp RDP}: identical sampled Gaussian releases' RDP curves (at fixed orders) are summed and
 *       converted with {@link Conversions#tightEpsilonFromRdp}; one account stands for everybody;
 *   <li>{@link #pld PLD}: identical sampled Gaussian releases are composed and read at δ by the privacy
 *       loss distribution ({@link PldAccountant}); one account stands for everybody.
 * </ul>
 * One account for everybody is exact when every participant could take part in every release
 * (Poisson sampling of the whole population at every step: each participant's privacy loss is the
 * subsampled mechanism's, whether or not it was drawn).
 *
 * <p>Guarantees:
 * <ul>
 *   <li>No spend ever exceeds budget · (1 + {@value #RELATIVE_SLACK}); the slack only absorbs
 *       floating-point error when a budget is split into parts that are summed back.
 *   <li>A charge is all-or-nothing: it is checked first (against every listed participant), and if
 *       any would exceed, {@link BudgetExceededException} is thrown and the ledger is unchanged.
 *   <li>Spends are bit-for-bit deterministic for the same sequence of charges.
 *   <li>{@link #log} is the run's releases as data: consecutive identical releases over the same
 *       participants are one record with a count ({@link Release#withCount}), and the composition of
 *       the releases it marks as accounted is the largest spend.
 * </ul>
 *
 * <p>Participants are stored by history ({@link ChargeHistories}): users charged by the same releases
 * in the same order share one record of them, so nothing is held per user while every release is
 * over everybody (the common case) and {@value ChargeHistories#BYTES_PER_USER} bytes a user once
 * charges differ ({@link #perUserBytes}); only the last release's participant set is kept besides, to
 * fold a repeat of it. A PLD ledger accepts a count c of releases without a new computation
 * when it is at most a count already shown to be within budget (ε of c compositions is at most ε of
 * more); otherwise the composition of c is accounted (one FFT).
 *
 * <p>Not thread-safe: callers (e.g. a run's curator) must confine a ledger to one thread.
 */
public final class Ledger {
    /** Relative tolerance on the budget check. */
    public static final double RELATIVE_SLACK = 1e-9;
    /** Bytes a ledger holds per participant once releases are over different participants ({@link #perUserBytes}). */
    public static final int HISTORY_BYTES_PER_USER = ChargeHistories.BYTES_PER_USER;

    private final Release.Currency currency;
    private final int users;
    private final double budget;
    private final double delta;
    /** The (folded) releases in the order recorded. */
    private final List<Release> entries = new ArrayList<>();
    /** The participants of the last record, null for everybody. */
    private BitSet lastParticipants;
    /** Each participant's history: its releases and (zCDP) its ρ. */
    private final ChargeHistories histories;
    /** RDP: the orders, the composed curve and one release's curve. */
    private final double[] orders;
    private final double[] curve;
    private double[] stepCurve;
    /** RDP, PLD: the first release charged (all must be the same) and the ε of one. */
    private Release lastSampled;
    private double lastCost;
    /** PLD: one release's PLD and the largest count shown to be within budget, with its ε. */
    private final PldAccountant step;
    private int verifiedCount;
    private double verifiedEpsilon;
    private int charged;

    private Ledger(Release.Currency currency, int users, double budget, double delta, double[] orders,
                   PldAccountant step) {
        if (users <= 0) {
            throw new IllegalArgumentException("users must be positive, got " + users);
        }
        this.currency = currency;
        this.users = users;
        this.budget = budget;
        this.delta = delta;
        this.histories = new ChargeHistories(users);
        this.orders = orders;
        this.curve = orders == null ? null : new double[orders.length];
        this.step = step;
    }

    /**
     * An empty zCDP ledger.
     *
     * @param users     number of participants, ids 0..users−1; positive
     * @param budgetRho per-participant zCDP budget ρ; positive and finite
     */
    public static Ledger zcdp(int users, double budgetRho) {
        return new Ledger(Release.Currency.ZCDP_RHO, users, Args.positive("budgetRho", budgetRho), 0, null, null);
    }

    /**
     * An empty pure-ε ledger composed with the composition bound at δ.
     *
     * @param users         number of participants, ids 0..users−1; positive
     * @param budgetEpsilon per-participant budget on the composition bound; positive and finite
     * @param delta         the δ of the composition bound, in [0, 1) (0: basic composition)
     */
    public static Ledger pure(int users, double budgetEpsilon, double delta) {
        return new Ledger(Release.Currency.PURE_EPSILON, users, Args.positive("budgetEpsilon", budgetEpsilon),
                Args.zeroToOpenUnit("delta", delta), null, null);
    }

    /**
     * An empty RDP ledger for a run of identical sampled Gaussian releases.
     *
     * @param users         number of participants; positive
     * @param orders        RDP orders, each in (1, ∞)
     * @param release       the RDP curve of one release at those orders, non-negative (every release charged
     *                      must be the one it describes: {@link SampledGaussianRdp#rdp}(q, σ, 1, orders))
     * @param budgetEpsilon ε budget; positive and finite
     * @param delta         δ of the conversion, in (0, 1)
     */
    public static Ledger rdp(int users, double[] orders, double[] release, double budgetEpsilon, double delta) {
        for (int i = 0; i < orders.length; i++) {
            Args.renyiOrder("orders[" + i + "]", orders[i]);
        }
        if (release.length != orders.length) {
            throw new IllegalArgumentException("the release's curve has " + release.length + " orders, the ledger "
                    + orders.length);
        }
        for (int i = 0; i < release.length; i++) {
            Args.nonNegative("release[" + i + "]", release[i]);
        }
        Ledger ledger = new Ledger(Release.Currency.RDP_EPSILON, users, Args.positive("budgetEpsilon", budgetEpsilon),
                Args.openUnit("delta", delta), orders.clone(), null);
        ledger.stepCurve = release.clone();
        return ledger;
    }

    /**
     * An empty PLD ledger for a run of identical sampled Gaussian releases.
     *
     * @param users         number of participants; positive
     * @param release       the PLD of one release (every release charged must be the one it describes)
     * @param budgetEpsilon ε budget; positive and finite
     * @param delta         δ in (0, 1)
     * @param knownCount    a count of releases whose ε is known (0 if none)
     * @param knownEpsilon  the PLD ε at δ of {@code knownCount} releases (ignored when the count is 0);
     *                      counts up to it are accepted at once if it is within budget
     */
    public static Ledger pld(int users, PldAccountant release, double budgetEpsilon, double delta, int knownCount,
                             double knownEpsilon) {
        Ledger ledger = new Ledger(Release.Currency.PLD_EPSILON, users,
                Args.positive("budgetEpsilon", budgetEpsilon), Args.openUnit("delta", delta), null,
                Objects.requireNonNull(release, "release"));
        if (knownCount < 0) {
            throw new IllegalArgumentException("knownCount must be non-negative, got " + knownCount);
        }
        if (knownCount > 0 && ledger.withinBudget(knownEpsilon)) {
            ledger.verifiedCount = knownCount;
            ledger.verifiedEpsilon = knownEpsilon;
        }
        return ledger;
    }

    /**
     * Records a release that used the data of exactly the listed participants and charges each of them.
     * zCDP and pure-ε ledgers charge the release's own cost (its currency must be theirs); RDP and PLD
     * ledgers account the sampled Gaussian release they were built for (the same sampling rate and noise
     * multiplier every time) and state its cost: the ε at δ of one such release under their accountant.
     *
     * @param release      the release; {@link Release#participants()} must be the number listed
     * @param participants distinct ids in [0, users()), possibly empty; {@code null} means everybody
     * @return the release as recorded (with its cost in this ledger's currency)
     * @throws BudgetExceededException  if some participant would exceed the budget (nobody is charged,
     *                                  nothing is recorded)
     * @throws IllegalArgumentException for a release this ledger cannot account, a participant count
     *                                  that does not match, or an id out of range or listed twice
     */
    public Release charge(Release release, int[] participants) {
        Objects.requireNonNull(release, "release");
        BitSet set = participants == null ? null : participantSet(participants);
        int count = participants == null ? users : participants.length;
        if (release.participants() != count) {
            throw new IllegalArgumentException("release '" + release.name() + "' states " + release.participants()
                    + " participants, " + count + " are charged");
        }
        Release recorded = switch (currency) {
            case ZCDP_RHO -> chargeZcdp(release, participants);
            case PURE_EPSILON -> chargePure(release, participants);
            case RDP_EPSILON -> chargeRdp(release);
            case PLD_EPSILON -> chargePld(release);
        };
        boolean everybody = count == users;
        histories.charge(everybody ? null : participants, record(recorded, everybody ? null : set), recorded.cost());
        charged++;
        return recorded;
    }

    /** {@link #charge} with everybody as a participant. */
    public Release chargeAll(Release release) {
        return charge(release, null);
    }

    private Release chargeZcdp(Release release, int[] participants) {
        requireCurrency(release, Release.Currency.ZCDP_RHO);
        double rho = release.cost();
        int count = participants == null && histories.uniform() ? Math.min(1, release.participants())
                : release.participants();
        for (int k = 0; k < count; k++) {
            int user = participants == null ? k : participants[k];
            double wouldSpend = histories.spent(histories.node(user)) + rho;
            if (wouldSpend > budget * (1 + RELATIVE_SLACK)) {
                throw new BudgetExceededException(describe(release), user, wouldSpend, budget);
            }
        }
        return release;
    }

    private Release chargePure(Release release, int[] participants) {
        requireCurrency(release, Release.Currency.PURE_EPSILON);
        Map<Integer, Double> byNode = new HashMap<>();
        for (int k = 0; k < release.participants(); k++) {
            int user = participants == null ? k : participants[k];
            double wouldSpend = byNode.computeIfAbsent(histories.node(user), node -> {
                double[] list = histories.costs(node);
                double[] extended = Arrays.copyOf(list, list.length + 1);
                extended[list.length] = release.cost();
                return CompositionBound.of(extended, delta);
            });
            if (!withinBudget(wouldSpend)) {
                throw new BudgetExceededException(describe(release), user, "ε spend (composition bound)",
                        wouldSpend, budget);
            }
        }
        return release;
    }

    private Release chargeRdp(Release release) {
        requireIdentical(release);
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
        if (lastSampled == null) {
            lastCost = Conversions.tightEpsilonFromRdp(orders, stepCurve, delta);
            lastSampled = release;
        }
        return release.withCost(Release.Currency.RDP_EPSILON, lastCost);
    }

    private Release chargePld(Release release) {
        requireIdentical(release);
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
        if (lastSampled == null) {
            lastCost = step.epsilon(delta);
            lastSampled = release;
        }
        return release.withCost(Release.Currency.PLD_EPSILON, lastCost);
    }

    /** RDP and PLD ledgers compose one sampled Gaussian release with itself. */
    private void requireIdentical(Release release) {
        requireSampled(release);
        if (lastSampled != null && !(lastSampled.samplingRate().equals(release.samplingRate())
                && lastSampled.noiseMultiplier().equals(release.noiseMultiplier()))) {
            throw new IllegalArgumentException("an " + currency.id() + " ledger composes identical releases only: '"
                    + release.name() + "' differs from '" + lastSampled.name() + "'");
        }
    }

    private static void requireCurrency(Release release, Release.Currency expected) {
        if (release.currency() != expected) {
            throw new IllegalArgumentException("release '" + release.name() + "' costs " + release.currency().id()
                    + ", this ledger charges " + expected.id());
        }
    }

    private static void requireSampled(Release release) {
        if (release.mechanism() != Release.Mechanism.SAMPLED_GAUSSIAN) {
            throw new IllegalArgumentException("release '" + release.name() + "' is " + release.mechanism().id()
                    + "; RDP and PLD ledgers account sampled Gaussian releases");
        }
    }

    /**
     * Appends the release, or folds it into the last record when it is the same over the same
     * participants ({@code null}: everybody); returns the record's index.
     */
    private int record(Release release, BitSet participants) {
        int last = entries.size() - 1;
        if (last >= 0 && entries.get(last).sameAs(release) && Objects.equals(lastParticipants, participants)) {
            entries.set(last, entries.get(last).withCount(entries.get(last).count() + 1));
            return last;
        }
        entries.add(release);
        lastParticipants = participants;
        return last + 1;
    }

    private boolean withinBudget(double wouldSpend) {
        return wouldSpend <= budget * (1 + RELATIVE_SLACK);
    }

    private static String describe(Release release) {
        return "round " + release.round() + " / " + release.name();
    }

    /** The currency this ledger charges in. */
    public Release.Currency currency() {
        return currency;
    }

    /**
     * The spend of participant {@code user}: zCDP ρ, the composition bound of its ε, or (RDP, PLD)
     * the ε at δ of everything charged; 0 before any release.
     */
    public double spent(int user) {
        Objects.checkIndex(user, users);
        return switch (currency) {
            case ZCDP_RHO -> histories.spent(histories.node(user));
            case PURE_EPSILON -> CompositionBound.of(histories.costs(histories.node(user)), delta);
            case RDP_EPSILON -> charged == 0 ? 0 : Conversions.tightEpsilonFromRdp(orders, curve, delta);
            case PLD_EPSILON -> charged == 0 ? 0
                    : charged == verifiedCount ? verifiedEpsilon : step.selfCompose(charged).epsilon(delta);
        };
    }

    /** The largest spend over participants (0 before any release). */
    public double maxSpent() {
        return spent(mostCharged());
    }

    /** The first participant with the largest spend (each history's spend computed once). */
    private int mostCharged() {
        if (currency == Release.Currency.RDP_EPSILON || currency == Release.Currency.PLD_EPSILON
                || histories.uniform()) {
            return 0;
        }
        Map<Integer, Double> byNode = new HashMap<>();
        int best = 0;
        double max = spent(0);
        byNode.put(histories.node(0), max);
        for (int user = 1; user < users; user++) {
            int node = histories.node(user);
            Double s = byNode.get(node);
            if (s == null) {
                s = spent(user);
                byNode.put(node, s);
            }
            if (s > max) {
                max = s;
                best = user;
            }
        }
        return best;
    }

    /**
     * Bytes this ledger holds per participant: 0 while every release was over everybody, else
     * {@value ChargeHistories#BYTES_PER_USER} (the participant's history).
     */
    public int perUserBytes() {
        return histories.uniform() ? 0 : HISTORY_BYTES_PER_USER;
    }

    /** The budget, in this ledger's currency (ρ, or ε at δ). */
    public double budget() {
        return budget;
    }

    /** The number of participants. */
    public int users() {
        return users;
    }

    /** The composed RDP curve at the ledger's orders (RDP ledgers only). */
    public double[] curve() {
        if (curve == null) {
            throw new IllegalStateException("a " + currency.id() + " ledger has no RDP curve");
        }
        return curve.clone();
    }

    /** How many releases were charged (a folded record counts its count). */
    public int charges() {
        return charged;
    }

    /** Every release, folded, in the order recorded (unmodifiable snapshot). */
    public List<Release> releases() {
        return List.copyOf(entries);
    }

    /** Every release that used the given participant's data, folded, in the order recorded. */
    public List<Release> releasesOf(int user) {
        Objects.checkIndex(user, users);
        return Arrays.stream(histories.records(histories.node(user))).mapToObj(entries::get).toList();
    }

    /** The run's releases as data, with those behind the largest spend marked. */
    public ReleaseLog log() {
        List<Integer> accounted = Arrays.stream(histories.records(histories.node(mostCharged()))).boxed().toList();
        return new ReleaseLog(users, currency, releases(), accounted);
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

    /** A spend for messages: 6 significant digits, no trailing zeros. */
    static String format(double value) {
        return new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
