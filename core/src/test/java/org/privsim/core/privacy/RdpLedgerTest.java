package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The RDP ledger composes curves by addition, converts with the tight conversion and refuses all or nothing. */
class RdpLedgerTest {
    private static final double[] ORDERS = {1.5, 2, 4, 8, 16, 32};

    /** Gaussian releases of ρ compose to the curve α·Σρ: the ledger's ε is that curve's tight conversion. */
    @Test
    void composesGaussianCurvesAdditively() {
        RdpLedger ledger = new RdpLedger(ORDERS, 10, 1e-5);
        double[] step = new double[ORDERS.length];
        for (int i = 0; i < ORDERS.length; i++) {
            step[i] = ORDERS[i] * 0.05; // ρ = 0.05-zCDP Gaussian: ε(α) = αρ
        }
        for (int r = 1; r <= 4; r++) {
            ledger.charge(r, "g", step);
        }
        double[] expected = new double[ORDERS.length];
        for (int i = 0; i < ORDERS.length; i++) {
            expected[i] = ORDERS[i] * 0.2;
        }
        assertArrayEquals(expected, ledger.curve(), 1e-12);
        assertEquals(Conversions.tightEpsilonFromRdp(ORDERS, expected, 1e-5), ledger.spentEpsilon(), 1e-12);
        assertEquals(4, ledger.releases());
    }

    @Test
    void refusesPastTheBudgetAndChargesNothing() {
        double[] big = new double[ORDERS.length];
        for (int i = 0; i < ORDERS.length; i++) {
            big[i] = ORDERS[i] * 0.5;
        }
        // Two such releases convert to about 1.47× one (ε grows like ρ + 2√(ρ ln(1/δ))), past a budget of 1.2×.
        double budget = Conversions.tightEpsilonFromRdp(ORDERS, big, 1e-5) * 1.2;
        RdpLedger ledger = new RdpLedger(ORDERS, budget, 1e-5);
        ledger.charge(1, "first", big);
        double before = ledger.spentEpsilon();
        assertThrows(BudgetExceededException.class, () -> ledger.charge(2, "second", big));
        assertEquals(before, ledger.spentEpsilon());
        assertEquals(1, ledger.releases());
        assertEquals(0, new RdpLedger(ORDERS, 1, 1e-5).spentEpsilon());
        assertThrows(IllegalArgumentException.class, () -> ledger.charge(3, "short", new double[2]));
    }
}
