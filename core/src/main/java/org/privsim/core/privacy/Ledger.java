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
 *       loss distribution ({@link PldAccountant}); one account stands for everybody;
 *   <li>{@link #tree tree}: the steps of tree aggregation restarted every epoch, each charged the RDP of
 *       the tree nodes it completes on a leaf's path ({@link TreeSpending}); one account for everybody.
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
 * <p>The ledger records and folds; how its currency checks a charge and reads a spend is its
 * spending ({@code ParticipantSpending} for zCDP and pure ε, {@code SampledSpending} for RDP and PLD).
 *
 * <p>Not thread-safe: callers (e.g. a run's curator) must confine a ledger to one thread.
 */
public final class Ledger {
    /** Relative tolerance on the budget check. */
    public static final double RELATIVE_SLACK = 1e-9;
    /** Bytes a ledger holds per participant once releases are over different participants ({@link #perUserBytes}). */
    public static final int HISTORY_BYTES_PER_USER = ChargeHistories.BYTES_PER_USER;

    private final int users;
    /** How this ledger's currency checks charges and reads spends. */
    private final Spending spending;
    /** The (folded) releases in the order recorded. */
    private final List<Release> entries = new ArrayList<>();
    /** The participants of the last record, null for everybody. */
    private BitSet lastParticipants;
    /** Each participant's history: its releases and (zCDP) its ρ. */
    private final ChargeHistories histories;
    private int charged;

    private Ledger(int users, Spending spending) {
        if (users <= 0) {
            throw new IllegalArgumentException("users must be positive, got " + users);
        }
        this.users = users;
        this.spending = spending;
        this.histories = new ChargeHistories(users);
    }

    /**
     * An empty zCDP ledger.
     *
     * @param users     number of participants, ids 0..users−1; positive
     * @param budgetRho per-participant zCDP budget ρ; positive and finite
     */
    public static Ledger zcdp(int users, double budgetRho) {
        return new Ledger(users, new ParticipantSpending(Release.Currency.ZCDP_RHO,
                Args.positive("budgetRho", budgetRho), 0));
    }

    /**
     * An empty pure-ε ledger composed with the composition bound at δ.
     *
     * @param users         number of participants, ids 0..users−1; positive
     * @param budgetEpsilon per-participant budget on the composition bound; positive and finite
     * @param delta         the δ of the composition bound, in [0, 1) (0: basic composition)
     */
    public static Ledger pure(int users, double budgetEpsilon, double delta) {
        return new Ledger(users, new ParticipantSpending(Release.Currency.PURE_EPSILON,
                Args.positive("budgetEpsilon", budgetEpsilon), Args.zeroToOpenUnit("delta", delta)));
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
        return new Ledger(users, SampledSpending.rdp(orders.clone(), release.clone(),
                Args.positive("budgetEpsilon", budgetEpsilon), Args.openUnit("delta", delta)));
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
        return new Ledger(users, SampledSpending.pld(release, Args.positive("budgetEpsilon", budgetEpsilon),
                Args.openUnit("delta", delta), knownCount, knownEpsilon));
    }

    /**
     * An empty RDP ledger for a tree aggregation run restarted every epoch ({@link TreeSpending}): it
     * charges {@link Release#treeAggregation} steps in order, step c of the run at position
     * (c − 1) mod {@code stepsPerEpoch} + 1 of its epoch.
     *
     * @param users           number of participants; positive
     * @param noiseMultiplier z of every node, positive
     * @param stepsPerEpoch   the steps of an epoch's tree, at least 1
     * @param budgetEpsilon   ε budget; positive and finite
     * @param delta           δ of the conversion, in (0, 1)
     */
    public static Ledger tree(int users, double noiseMultiplier, int stepsPerEpoch, double budgetEpsilon,
                              double delta) {
        return new Ledger(users, new TreeSpending(noiseMultiplier, stepsPerEpoch,
                Args.positive("budgetEpsilon", budgetEpsilon), Args.openUnit("delta", delta)));
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
        Release recorded = spending.check(release, participants, histories, charged);
        boolean everybody = count == users;
        histories.charge(everybody ? null : participants, record(recorded, everybody ? null : set), recorded.cost());
        charged++;
        return recorded;
    }

    /** {@link #charge} with everybody as a participant. */
    public Release chargeAll(Release release) {
        return charge(release, null);
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

    /** The currency this ledger charges in. */
    public Release.Currency currency() {
        return spending.currency;
    }

    /**
     * The spend of participant {@code user}: zCDP ρ, the composition bound of its ε, or (RDP, PLD)
     * the ε at δ of everything charged; 0 before any release.
     */
    public double spent(int user) {
        Objects.checkIndex(user, users);
        return spending.spent(histories.node(user), histories, charged);
    }

    /** The largest spend over participants (0 before any release). */
    public double maxSpent() {
        return spent(mostCharged());
    }

    /** The first participant with the largest spend (each history's spend computed once). */
    private int mostCharged() {
        if (spending.shared() || histories.uniform()) {
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
        return spending.budget;
    }

    /** The number of participants. */
    public int users() {
        return users;
    }

    /** The composed RDP curve at the ledger's orders (RDP ledgers only). */
    public double[] curve() {
        if (!(spending instanceof SampledSpending sampled)) {
            throw new IllegalStateException("a " + spending.currency.id() + " ledger has no RDP curve");
        }
        return sampled.curve();
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
        return new ReleaseLog(users, spending.currency, releases(), accounted);
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
