package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.PureLedger.Release;

class PureLedgerTest {

    @Test
    void chargingAnAllocationUpToTheBudgetSucceedsAndOneMoreIsRefused() {
        double budget = 1;
        double delta = 1e-5;
        double[] eps = BudgetAllocation.power(0.4).epsilons(10, budget, delta);
        PureLedger ledger = new PureLedger(5, budget, delta);
        for (int t = 0; t < eps.length; t++) {
            ledger.charge(t + 1, "wishart", eps[t], null);
        }
        // Every user's list is the allocation itself, so the spend is its CB, to the bit.
        assertEquals(CompositionBound.of(eps, delta), ledger.maxSpent(), 0);
        assertTrue(ledger.maxSpent() <= budget);
        double spent = ledger.maxSpent();

        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> ledger.charge(11, "wishart", eps[0], new int[] {3, 1}));
        assertEquals(3, e.user()); // the first listed participant
        assertEquals(budget, e.budget(), 0);
        assertTrue(e.wouldSpend() > budget * (1 + Ledger.RELATIVE_SLACK));
        assertTrue(e.getMessage().startsWith("release 'round 11 / wishart' would raise user 3's "
                + "ε spend (composition bound) to "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" > budget 1"), e.getMessage());
        assertThrows(BudgetExceededException.class, () -> ledger.charge(11, "wishart", eps[0], null));

        // Unchanged: same spend to the bit, no new release.
        assertEquals(spent, ledger.maxSpent(), 0);
        assertEquals(10, ledger.releases().size());
        assertEquals(new Release(10, "wishart", eps[9], 5), ledger.releases().get(9));
    }

    @Test
    void subsetsChargeOnlyTheirParticipants() {
        // δ = 0: CB = Σ ε, so the spends are easy to follow.
        PureLedger ledger = new PureLedger(4, 1, 0);
        ledger.charge(0, "a", 0.5, new int[] {1, 2});
        ledger.charge(1, "b", 0.25, null);
        assertEquals(0.75, ledger.maxSpent(), 0);
        // User 2 would reach 1.25; user 0, listed first, could afford it: nobody is charged.
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> ledger.charge(2, "c", 0.5, new int[] {0, 2}));
        assertEquals(2, e.user());
        assertEquals(1.25, e.wouldSpend(), 0);
        // Users 0 and 3 have spent only 0.25, so they can.
        ledger.charge(2, "c", 0.5, new int[] {0, 3});
        ledger.charge(3, "d", 0.25, new int[] {0, 1, 2, 3}); // everyone, listed explicitly
        ledger.charge(4, "e", 0.125, new int[] {});
        assertEquals(1, ledger.maxSpent(), 0);
        assertEquals(1, ledger.maxBasicSpent(), 0);
        assertEquals(List.of(
                new Release(0, "a", 0.5, 2),
                new Release(1, "b", 0.25, 4),
                new Release(2, "c", 0.5, 2),
                new Release(3, "d", 0.25, 4),
                new Release(4, "e", 0.125, 0)), ledger.releases());
        // Every user is now at exactly 1: nobody can take another release.
        for (int user = 0; user < 4; user++) {
            int u = user;
            assertThrows(BudgetExceededException.class, () -> ledger.charge(5, "f", 0.125, new int[] {u}));
        }
    }

    @Test
    void viewsOfTheSpend() {
        PureLedger ledger = new PureLedger(3, 10, 1e-5);
        assertEquals(0, ledger.maxSpent(), 0);
        assertEquals(0, ledger.maxBasicSpent(), 0);
        assertEquals(0, ledger.maxZcdpRho(), 0);
        ledger.charge(0, "init", 0.3, null);
        ledger.charge(1, "wishart", 0.4, new int[] {2});
        ledger.charge(2, "wishart", 0.2, new int[] {0, 1});
        // User 2: {0.3, 0.4}; users 0 and 1: {0.3, 0.2}. Each view takes the max over users and
        // sums in release order, so the expected values are the same doubles.
        assertEquals(0.3 + 0.4, ledger.maxBasicSpent(), 0);
        assertEquals((0.3 * 0.3 + 0.4 * 0.4) / 2, ledger.maxZcdpRho(), 0); // ε²/2-zCDP per release
        assertEquals(0.125, ledger.maxZcdpRho(), 1e-9);
        assertEquals(CompositionBound.of(new double[] {0.3, 0.4}, 1e-5), ledger.maxSpent(), 0);
        assertEquals(0.3 + 0.4, ledger.maxSpent(), 0); // at δ = 1e-5 two releases compose basically
    }

    @Test
    void advancedCompositionAdmitsMoreThanTheBasicSum() {
        // 100 releases of 0.01 at δ = 1e-5 have CB ≈ 0.4342 (CompositionBoundTest), so a budget of
        // 0.5 takes all of them although their sum is 1.
        PureLedger ledger = new PureLedger(2, 0.5, 1e-5);
        for (int t = 0; t < 100; t++) {
            ledger.charge(t, "wishart", 0.01, null);
        }
        assertEquals(0.43419949615317594707, ledger.maxSpent(), 1e-9);
        assertEquals(1, ledger.maxBasicSpent(), 1e-9);
    }

    @Test
    void rejectsInvalidArguments() {
        PureLedger ledger = new PureLedger(3, 1, 1e-5);
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, "a", 0.1, new int[] {3}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, "a", 0.1, new int[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, "a", 0.1, new int[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, "a", 0, null));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, "a", Double.NaN, null));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, " ", 0.1, null));
        assertThrows(IllegalArgumentException.class, () -> new PureLedger(0, 1, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> new PureLedger(3, 0, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> new PureLedger(3, 1, 1));
        assertEquals(0, ledger.releases().size());
    }
}
