package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.privsim.core.privacy.Ledger.Release;
import org.junit.jupiter.api.Test;

class LedgerTest {

    @Test
    void chargesWithinBudget() {
        Ledger ledger = new Ledger(5, 1.0);
        ledger.chargeAll(0, "init", 0.25);
        ledger.charge(1, "A", 0.5, new int[] {0, 2});
        assertEquals(0.75, ledger.spent(0), 0);
        assertEquals(0.25, ledger.spent(1), 0);
        assertEquals(0.75, ledger.spent(2), 0);
        assertEquals(1.0, ledger.budget(), 0);
        assertEquals(5, ledger.users());
        assertEquals(List.of(new Release(0, "init", 0.25, 5), new Release(1, "A", 0.5, 2)), ledger.releases());
    }

    @Test
    void exceedingTheBudgetThrowsAndChargesNobody() {
        Ledger ledger = new Ledger(20, 0.1);
        ledger.charge(1, "A", 0.08, new int[] {17});
        ledger.chargeAll(2, "b", 0.01);
        double[] before = new double[20];
        for (int u = 0; u < 20; u++) {
            before[u] = ledger.spent(u);
        }
        // Users 3 and 4 could afford 0.05; user 17 (listed last) cannot: 0.09 + 0.05 = 0.14.
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> ledger.charge(3, "A", 0.05, new int[] {3, 4, 17}));
        assertEquals("release 'round 3 / A' would raise user 17's zCDP spend to 0.14 > budget 0.1", e.getMessage());
        assertEquals(17, e.user());
        assertEquals(0.14, e.wouldSpend(), 1e-15);
        assertEquals(0.1, e.budget(), 0);
        assertThrows(BudgetExceededException.class, () -> ledger.chargeAll(3, "b", 0.05));
        for (int u = 0; u < 20; u++) {
            assertEquals(before[u], ledger.spent(u), 0, "user " + u);
        }
        assertEquals(2, ledger.releases().size());
    }

    @Test
    void releasesOfListsExactlyTheReleasesThatUsedTheUser() {
        Ledger ledger = new Ledger(6, 10);
        ledger.chargeAll(0, "init", 1);
        ledger.charge(1, "A", 0.5, new int[] {0, 1, 2});
        ledger.charge(1, "b", 0.25, new int[] {0, 1, 2});
        ledger.charge(2, "A", 0.5, new int[] {3, 4, 5});
        ledger.charge(3, "A", 0.125, new int[] {5, 0, 1, 2, 3, 4}); // everyone, listed in another order

        assertEquals(List.of(
                new Release(0, "init", 1, 6),
                new Release(1, "A", 0.5, 3),
                new Release(1, "b", 0.25, 3),
                new Release(3, "A", 0.125, 6)), ledger.releasesOf(1));
        assertEquals(List.of(
                new Release(0, "init", 1, 6),
                new Release(2, "A", 0.5, 3),
                new Release(3, "A", 0.125, 6)), ledger.releasesOf(4));
        for (int u = 0; u < 6; u++) {
            double sum = 0;
            for (Release r : ledger.releasesOf(u)) {
                sum += r.rho();
            }
            assertEquals(sum, ledger.spent(u), 0, "user " + u);
        }
    }

    @Test
    void maxSpentIsTheMostChargedUsersTotal() {
        Ledger ledger = new Ledger(4, 1);
        assertEquals(0.0, ledger.maxSpent(), 0);
        ledger.chargeAll(0, "init", 0.1);
        ledger.charge(1, "A", 0.2, new int[] {2});
        ledger.charge(2, "A", 0.3, new int[] {2, 3});
        ledger.charge(3, "A", 0.05, new int[] {1});
        // User 2: 0.1 + 0.2 + 0.3, summed in release order exactly as the ledger does.
        assertEquals(0.1 + 0.2 + 0.3, ledger.maxSpent(), 0);
        assertEquals(ledger.spent(2), ledger.maxSpent(), 0);
    }

    @Test
    void slackLetsABudgetSplitIntoElevenPartsSumBackToIt() {
        double budget = 0.1;
        double part = budget / 11;
        double sum = 0;
        for (int i = 0; i < 11; i++) {
            sum += part;
        }
        // Without slack the last part would be refused: the rounded sum exceeds the budget.
        assertTrue(sum > budget, "sum " + sum);
        Ledger ledger = new Ledger(3, budget);
        for (int round = 0; round < 11; round++) {
            ledger.chargeAll(round, "A", part);
        }
        assertEquals(sum, ledger.maxSpent(), 0);
        // The slack is relative 1e-9, far too small to admit a twelfth part.
        assertThrows(BudgetExceededException.class, () -> ledger.chargeAll(11, "A", part));
    }

    @Test
    void rejectsInvalidCharges() {
        Ledger ledger = new Ledger(3, 1);
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, "A", 0.1, new int[] {3}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, "A", 0.1, new int[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, "A", 0, new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(0, " ", 0.1, new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> new Ledger(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Ledger(3, Double.NaN));
        assertEquals(0, ledger.releases().size());
    }
}
