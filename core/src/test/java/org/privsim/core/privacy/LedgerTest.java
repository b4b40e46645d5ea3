package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one ledger in each of its currencies: zCDP (per-participant sums), pure ε (per-participant
 * composition bounds), RDP and PLD (one account for everybody); all or nothing; releases folded.
 */
class LedgerTest {
    private static final double[] ORDERS = {1.5, 2, 4, 8, 16, 32};

    /** A Gaussian release of sensitivity 1 charged ρ to {@code participants} participants. */
    private static Release g(int round, String name, double rho, int participants) {
        return Release.gaussian(round, name, Release.Relation.REPLACE_ONE, 1, 1 / Math.sqrt(2 * rho), rho,
                participants);
    }

    /** A Wishart release of ε to {@code participants} participants. */
    private static Release w(int round, String name, double epsilon, int participants) {
        return Release.pure(round, name, Release.Mechanism.WISHART, 1, 1 / (2 * epsilon), epsilon, participants);
    }

    private static Release sampled(int round, double q, double noiseMultiplier, int users) {
        return Release.sampledGaussian(round, "g", 1, noiseMultiplier, noiseMultiplier, q, users);
    }

    @Test
    void zcdpChargesWithinBudget() {
        Ledger ledger = Ledger.zcdp(5, 1.0);
        ledger.chargeAll(g(0, "init", 0.25, 5));
        ledger.charge(g(1, "A", 0.5, 2), new int[] {0, 2});
        assertEquals(0.75, ledger.spent(0), 0);
        assertEquals(0.25, ledger.spent(1), 0);
        assertEquals(0.75, ledger.spent(2), 0);
        assertEquals(1.0, ledger.budget(), 0);
        assertEquals(5, ledger.users());
        assertEquals(List.of(g(0, "init", 0.25, 5), g(1, "A", 0.5, 2)), ledger.releases());
        assertEquals(Release.Currency.ZCDP_RHO, ledger.currency());
    }

    @Test
    void zcdpExceedingTheBudgetThrowsAndChargesNobody() {
        Ledger ledger = Ledger.zcdp(20, 0.1);
        ledger.charge(g(1, "A", 0.08, 1), new int[] {17});
        ledger.chargeAll(g(2, "b", 0.01, 20));
        double[] before = new double[20];
        for (int u = 0; u < 20; u++) {
            before[u] = ledger.spent(u);
        }
        // Users 3 and 4 could afford 0.05; user 17 (listed last) cannot: 0.09 + 0.05 = 0.14.
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> ledger.charge(g(3, "A", 0.05, 3), new int[] {3, 4, 17}));
        assertEquals("release 'round 3 / A' would raise user 17's zCDP spend to 0.14 > budget 0.1", e.getMessage());
        assertEquals(17, e.user());
        assertEquals(0.14, e.wouldSpend(), 1e-15);
        assertEquals(0.1, e.budget(), 0);
        assertThrows(BudgetExceededException.class, () -> ledger.chargeAll(g(3, "b", 0.05, 20)));
        for (int u = 0; u < 20; u++) {
            assertEquals(before[u], ledger.spent(u), 0, "user " + u);
        }
        assertEquals(2, ledger.releases().size());
        assertEquals(2, ledger.charges());
    }

    @Test
    void releasesOfListsExactlyTheReleasesThatUsedTheUserAndTheLogMarksTheMostCharged() {
        Ledger ledger = Ledger.zcdp(6, 10);
        ledger.chargeAll(g(0, "init", 1, 6));
        ledger.charge(g(1, "A", 0.5, 3), new int[] {0, 1, 2});
        ledger.charge(g(1, "b", 0.25, 3), new int[] {0, 1, 2});
        ledger.charge(g(2, "A", 0.5, 3), new int[] {3, 4, 5});
        ledger.charge(g(3, "A", 0.125, 6), new int[] {5, 0, 1, 2, 3, 4}); // everyone, listed in another order

        assertEquals(List.of(g(0, "init", 1, 6), g(1, "A", 0.5, 3), g(1, "b", 0.25, 3), g(3, "A", 0.125, 6)),
                ledger.releasesOf(1));
        assertEquals(List.of(g(0, "init", 1, 6), g(2, "A", 0.5, 3), g(3, "A", 0.125, 6)), ledger.releasesOf(4));
        for (int u = 0; u < 6; u++) {
            double sum = 0;
            for (Release r : ledger.releasesOf(u)) {
                sum += r.cost();
            }
            assertEquals(sum, ledger.spent(u), 0, "user " + u);
        }
        // Users 0–2 spent 1.875, users 3–5 1.625: the log marks user 0's releases.
        ReleaseLog log = ledger.log();
        assertEquals(6, log.population());
        assertEquals(List.of(0, 1, 2, 4), log.accounted());
        assertEquals(ledger.releasesOf(0), log.accountedReleases());
    }

    @Test
    void maxSpentIsTheMostChargedUsersTotal() {
        Ledger ledger = Ledger.zcdp(4, 1);
        assertEquals(0.0, ledger.maxSpent(), 0);
        ledger.chargeAll(g(0, "init", 0.1, 4));
        ledger.charge(g(1, "A", 0.2, 1), new int[] {2});
        ledger.charge(g(2, "A", 0.3, 2), new int[] {2, 3});
        ledger.charge(g(3, "A", 0.05, 1), new int[] {1});
        // User 2: 0.1 + 0.2 + 0.3, summed in release order exactly as the ledger does.
        assertEquals(0.1 + 0.2 + 0.3, ledger.maxSpent(), 0);
        assertEquals(ledger.spent(2), ledger.maxSpent(), 0);
    }

    @Test
    void slackLetsABudgetSplitIntoElevenPartsSumBackToItAndIdenticalReleasesFold() {
        double budget = 0.1;
        double part = budget / 11;
        double sum = 0;
        for (int i = 0; i < 11; i++) {
            sum += part;
        }
        // Without slack the last part would be refused: the rounded sum exceeds the budget.
        assertTrue(sum > budget, "sum " + sum);
        Ledger ledger = Ledger.zcdp(3, budget);
        for (int round = 0; round < 11; round++) {
            ledger.chargeAll(g(round, "A", part, 3));
        }
        assertEquals(sum, ledger.maxSpent(), 0);
        // The slack is relative 1e-9, far too small to admit a twelfth part.
        assertThrows(BudgetExceededException.class, () -> ledger.chargeAll(g(11, "A", part, 3)));
        // Eleven identical releases over everybody: one record of count 11, from round 0.
        assertEquals(List.of(g(0, "A", part, 3).withCount(11)), ledger.releases());
        assertEquals(11, ledger.charges());
    }

    @Test
    void releasesFoldOnlyWhenTheParticipantsAreTheSameToo() {
        Ledger ledger = Ledger.zcdp(4, 10);
        ledger.charge(g(1, "b", 0.5, 2), new int[] {0, 1});
        ledger.charge(g(2, "b", 0.5, 2), new int[] {1, 0});
        ledger.charge(g(3, "b", 0.5, 2), new int[] {2, 3});
        assertEquals(List.of(g(1, "b", 0.5, 2).withCount(2), g(3, "b", 0.5, 2)), ledger.releases());
        assertEquals(List.of(0), ledger.log().accounted());
        assertEquals(1.0, ledger.spent(0), 0);
        assertEquals(0.5, ledger.spent(3), 0);
    }

    @Test
    void rejectsInvalidCharges() {
        Ledger ledger = Ledger.zcdp(3, 1);
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(g(0, "A", 0.1, 1), new int[] {3}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(g(0, "A", 0.1, 2), new int[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(g(0, "A", 0.1, 2), new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(w(0, "A", 0.1, 1), new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> g(0, "A", 0, 1));
        assertThrows(IllegalArgumentException.class, () -> g(0, " ", 0.1, 1));
        assertThrows(IllegalArgumentException.class, () -> Ledger.zcdp(0, 1));
        assertThrows(IllegalArgumentException.class, () -> Ledger.zcdp(3, Double.NaN));
        assertEquals(0, ledger.releases().size());
    }

    @Test
    void pureChargingAnAllocationUpToTheBudgetSucceedsAndOneMoreIsRefused() {
        double budget = 1;
        double delta = 1e-5;
        double[] eps = BudgetAllocation.power(0.4).epsilons(10, budget, delta);
        Ledger ledger = Ledger.pure(5, budget, delta);
        for (int t = 0; t < eps.length; t++) {
            ledger.chargeAll(w(t + 1, "wishart", eps[t], 5));
        }
        // Every user's list is the allocation itself, so the spend is its CB, to the bit.
        assertEquals(CompositionBound.of(eps, delta), ledger.maxSpent(), 0);
        assertTrue(ledger.maxSpent() <= budget);
        double spent = ledger.maxSpent();

        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> ledger.charge(w(11, "wishart", eps[0], 2), new int[] {3, 1}));
        assertEquals(3, e.user()); // the first listed participant
        assertEquals(budget, e.budget(), 0);
        assertTrue(e.wouldSpend() > budget * (1 + Ledger.RELATIVE_SLACK));
        assertTrue(e.getMessage().startsWith("release 'round 11 / wishart' would raise user 3's "
                + "ε spend (composition bound) to "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" > budget 1"), e.getMessage());
        assertThrows(BudgetExceededException.class, () -> ledger.chargeAll(w(11, "wishart", eps[0], 5)));

        // Unchanged: same spend to the bit, no new release.
        assertEquals(spent, ledger.maxSpent(), 0);
        assertEquals(10, ledger.releases().size());
        assertEquals(w(10, "wishart", eps[9], 5), ledger.releases().get(9));
    }

    @Test
    void pureSubsetsChargeOnlyTheirParticipants() {
        // δ = 0: CB = Σ ε, so the spends are easy to follow.
        Ledger ledger = Ledger.pure(4, 1, 0);
        ledger.charge(w(0, "a", 0.5, 2), new int[] {1, 2});
        ledger.chargeAll(w(1, "b", 0.25, 4));
        assertEquals(0.75, ledger.maxSpent(), 0);
        // User 2 would reach 1.25; user 0, listed first, could afford it: nobody is charged.
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> ledger.charge(w(2, "c", 0.5, 2), new int[] {0, 2}));
        assertEquals(2, e.user());
        assertEquals(1.25, e.wouldSpend(), 0);
        // Users 0 and 3 have spent only 0.25, so they can.
        ledger.charge(w(2, "c", 0.5, 2), new int[] {0, 3});
        ledger.charge(w(3, "d", 0.25, 4), new int[] {0, 1, 2, 3}); // everyone, listed explicitly
        ledger.charge(w(4, "e", 0.125, 0), new int[] {});
        assertEquals(1, ledger.maxSpent(), 0);
        assertEquals(List.of(w(0, "a", 0.5, 2), w(1, "b", 0.25, 4), w(2, "c", 0.5, 2), w(3, "d", 0.25, 4),
                w(4, "e", 0.125, 0)), ledger.releases());
        // Every user is now at exactly 1: nobody can take another release.
        for (int user = 0; user < 4; user++) {
            int u = user;
            assertThrows(BudgetExceededException.class, () -> ledger.charge(w(5, "f", 0.125, 1), new int[] {u}));
        }
    }

    @Test
    void pureAdvancedCompositionAdmitsMoreThanTheBasicSumAndFoldsTheRepeats() {
        // 100 releases of 0.01 at δ = 1e-5 have CB ≈ 0.4342 (CompositionBoundTest), so a budget of
        // 0.5 takes all of them although their sum is 1.
        Ledger ledger = Ledger.pure(2, 0.5, 1e-5);
        for (int t = 0; t < 100; t++) {
            ledger.chargeAll(w(t, "wishart", 0.01, 2));
        }
        assertEquals(0.43419949615317594707, ledger.maxSpent(), 1e-9);
        assertEquals(List.of(w(0, "wishart", 0.01, 2).withCount(100)), ledger.releases());
    }

    /** Sampled Gaussian curves compose by addition; the ledger's ε is the tight conversion of the sum. */
    @Test
    void rdpComposesCurvesAdditivelyAndStatesOneReleasesCost() {
        Ledger ledger = Ledger.rdp(50, ORDERS, SampledGaussianRdp.rdp(0.1, 1.5, 1, ORDERS), 10, 1e-5);
        for (int r = 1; r <= 4; r++) {
            assertEquals(Release.Currency.RDP_EPSILON, ledger.chargeAll(sampled(r, 0.1, 1.5, 50)).currency());
        }
        double[] step = SampledGaussianRdp.rdp(0.1, 1.5, 1, ORDERS);
        double[] expected = new double[ORDERS.length];
        for (int r = 0; r < 4; r++) {
            for (int i = 0; i < ORDERS.length; i++) {
                expected[i] += step[i];
            }
        }
        assertArrayEquals(expected, ledger.curve(), 0);
        assertEquals(Conversions.tightEpsilonFromRdp(ORDERS, expected, 1e-5), ledger.maxSpent(), 0);
        assertEquals(Conversions.tightEpsilonFromRdp(ORDERS, step, 1e-5), ledger.releases().get(0).cost(), 0);
        assertEquals(4, ledger.releases().get(0).count());
        assertEquals(1, ledger.releases().size());
        assertEquals(List.of(0), ledger.log().accounted());
    }

    @Test
    void rdpRefusesPastTheBudgetAndChargesNothing() {
        double one = Conversions.tightEpsilonFromRdp(ORDERS, SampledGaussianRdp.rdp(1, 1, 1, ORDERS), 1e-5);
        // Two such releases convert to well over 1.2× one (ε grows like ρ + 2√(ρ ln(1/δ))).
        Ledger ledger = Ledger.rdp(3, ORDERS, SampledGaussianRdp.rdp(1, 1, 1, ORDERS), one * 1.2, 1e-5);
        ledger.chargeAll(sampled(1, 1, 1, 3));
        double before = ledger.maxSpent();
        assertThrows(BudgetExceededException.class, () -> ledger.chargeAll(sampled(2, 1, 1, 3)));
        assertEquals(before, ledger.maxSpent());
        assertEquals(1, ledger.charges());
        assertEquals(0, Ledger.rdp(3, ORDERS, new double[ORDERS.length], 1, 1e-5).maxSpent());
        assertThrows(IllegalArgumentException.class, () -> ledger.chargeAll(g(3, "A", 0.1, 3)));
        assertThrows(IllegalArgumentException.class, () -> ledger.chargeAll(sampled(3, 1, 2, 3)));
        assertThrows(IllegalArgumentException.class, () -> Ledger.rdp(3, ORDERS, new double[2], 1, 1e-5));
    }

    /** The PLD ledger's spend is the PLD ε of the count of releases charged, and it refuses past the budget. */
    @Test
    void pldAccountsTheSelfCompositionAndRefusesPastTheBudget() {
        PldAccountant step = PldAccountant.poissonSampledGaussian(0.2, 1, PrivacyLossDistribution.DEFAULT_INTERVAL);
        double three = step.selfCompose(3).epsilon(1e-5);
        double four = step.selfCompose(4).epsilon(1e-5);
        assertTrue(four > three * (1 + 1e-6));
        Ledger ledger = Ledger.pld(10, step, three, 1e-5, 0, 0);
        for (int r = 1; r <= 3; r++) {
            ledger.chargeAll(sampled(r, 0.2, 1, 10));
        }
        assertEquals(three, ledger.maxSpent(), 0);
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> ledger.chargeAll(sampled(4, 0.2, 1, 10)));
        assertEquals(four, e.wouldSpend(), 0);
        assertEquals(3, ledger.charges());
        Release recorded = ledger.releases().get(0);
        assertEquals(3, recorded.count());
        assertEquals(step.epsilon(1e-5), recorded.cost(), 0);
        assertEquals(Release.Currency.PLD_EPSILON, recorded.currency());
        // Another mechanism cannot join a PLD ledger's self-composition.
        assertThrows(IllegalArgumentException.class, () -> ledger.chargeAll(sampled(5, 0.2, 2, 10)));
        // A known count within budget is accepted without a new computation.
        Ledger known = Ledger.pld(10, step, four, 1e-5, 4, four);
        for (int r = 1; r <= 4; r++) {
            known.chargeAll(sampled(r, 0.2, 1, 10));
        }
        assertEquals(four, known.maxSpent(), 0);
    }
}
