package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The pure-ε accounting of MP-MTL: the KOV composition bound (Liang et al. eq. 6) against
 * hand-computed values, the budget allocations of §4.5, the pure-ε ledger, and the moments of the
 * Wishart and ℓ2-Laplace noise.
 */
class PureDpAccountingTest {

    @Test
    void compositionBoundMatchesHandComputedValues() {
        // T = 3, ε_t = 0.1, δ = 1e-5: Σε = 0.3; drift = 3·0.1·(e^0.1 − 1)/(e^0.1 + 1) = 0.3·0.0499583750 = 0.0149875125;
        // √(2·0.03·ln 1e5) = √0.690775528 = 0.8311290; third term uses ln(e + √0.03/1e-5) = ln(17323.2) = 9.7597.
        double[] three = {0.1, 0.1, 0.1};
        double drift = 3 * 0.1 * (Math.exp(0.1) - 1) / (Math.exp(0.1) + 1);
        assertEquals(0.0149875125, drift, 1e-10);
        assertEquals(drift + Math.sqrt(0.06 * Math.log(1e5)), CompositionBound.advanced(three, 1e-5), 1e-12);
        assertEquals(drift + Math.sqrt(0.06 * Math.log(Math.E + Math.sqrt(0.03) / 1e-5)),
                CompositionBound.advancedWithE(three, 1e-5), 1e-12);
        assertEquals(0.3, CompositionBound.of(three, 1e-5), 1e-15, "few releases: the basic sum wins");
        // T = 1000, ε_t = 0.01, δ = 1e-5: Σε = 10; the second term is
        // 1000·0.01·tanh(0.005) + √(2·0.1·ln 1e5) = 0.0499996 + 1.5174271 = 1.5674267, and the third,
        // with √(Σε²) = 0.316 < 1, is smaller: 0.0499996 + √(0.2·ln(e + 31622.78)) = 0.0499996 + 1.4395637.
        double[] many = new double[1000];
        java.util.Arrays.fill(many, 0.01);
        assertEquals(1.5674267, CompositionBound.advanced(many, 1e-5), 1e-6);
        assertEquals(1.4895633, CompositionBound.of(many, 1e-5), 1e-6);
        assertEquals(CompositionBound.advancedWithE(many, 1e-5), CompositionBound.of(many, 1e-5));
        assertEquals(10, CompositionBound.of(many, 0), 1e-9, "δ = 0: only the basic sum is finite");
        assertEquals(1e40, CompositionBound.of(new double[] {1e40}, 0.1));
        assertEquals(0, CompositionBound.of(new double[0], 1e-5));
    }

    @Test
    void allocationsSplitTheBudgetWithTheirWeightsAndMeetItExactly() {
        double[] uniform = BudgetAllocation.uniform().epsilons(4, 1, 0);
        assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25}, uniform, 1e-12);
        double[] power = BudgetAllocation.power(0.4).epsilons(10, 0.5, 1e-5);
        assertEquals(Math.pow(7, 0.4) / Math.pow(3, 0.4), power[6] / power[2], 1e-12);
        assertEquals(0.5, CompositionBound.of(power, 1e-5), 1e-12);
        double[] geometric = BudgetAllocation.geometric(0.97).epsilons(50, 2, 1e-6);
        assertEquals(1 / 0.97, geometric[1] / geometric[0], 1e-12);
        assertTrue(CompositionBound.of(geometric, 1e-6) <= 2 * (1 + 1e-12));
        assertEquals(2, CompositionBound.of(geometric, 1e-6), 1e-10);
        assertArrayEquals(new double[] {1e40}, BudgetAllocation.power(0.4).epsilons(1, 1e40, 0), 1e28);
    }

    @Test
    void allocationsParseTheirScenarioSpellings() {
        assertEquals(Optional.of(BudgetAllocation.uniform()), BudgetAllocation.parse("uniform"));
        assertEquals(Optional.of(BudgetAllocation.power(0.4)), BudgetAllocation.parse("power( 0.4 )"));
        assertEquals(Optional.of(BudgetAllocation.geometric(0.97)), BudgetAllocation.parse("geometric(0.97)"));
        assertEquals("power(0.4)", BudgetAllocation.power(0.4).id());
        assertEquals("geometric(2)", BudgetAllocation.geometric(2).id());
        assertFalse(BudgetAllocation.parse("geometric(0)").isPresent());
        assertFalse(BudgetAllocation.parse("power(x)").isPresent());
        assertFalse(BudgetAllocation.parse("cubic").isPresent());
    }

    @Test
    void pureLedgerComposesPerUserAndRefusesPastTheBudget() {
        PureLedger ledger = new PureLedger(3, 1, 0);
        ledger.charge(1, "a", 0.5, null);
        ledger.charge(2, "b", 0.5, new int[] {0, 2});
        assertEquals(1.0, ledger.maxSpent(), 1e-15);
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> ledger.charge(3, "c", 0.25, null));
        assertEquals(0, e.user());
        assertTrue(e.getMessage().contains("ε spend (composition bound)"), e.getMessage());
        assertEquals(2, ledger.releases().size(), "a refused charge leaves the ledger unchanged");
        ledger.charge(3, "c", 0.5, new int[] {1});
        assertEquals(1.0, ledger.maxBasicSpent(), 1e-15);
        assertEquals(0.25, ledger.maxZcdpRho(), 1e-15, "two releases of 0.5: 2·0.5²/2");
    }

    @Test
    void wishartNoiseHasTheMomentsOfW_dOfNuAndScaleI() {
        // E ~ W_d(ν, sI): E[E_ii] = νs, E[E_ij] = 0, Var(E_ii) = 2νs², Var(E_ij) = νs². Over N = 4000
        // draws the sample means have standard errors √(2ν/N)·s ≈ 0.071 s and √(ν/N)·s ≈ 0.05 s;
        // the tolerances are 5 standard errors.
        int d = 3;
        int nu = 4;
        double s = 2.5;
        int n = 4000;
        SplittableRandom rng = new SplittableRandom(42);
        double diag = 0;
        double off = 0;
        double offSquares = 0;
        for (int i = 0; i < n; i++) {
            double[] e = WishartMechanism.sample(d, nu, s, rng);
            assertEquals(e[1], e[3], 0.0, "exactly symmetric");
            diag += e[0];
            off += e[1];
            offSquares += e[1] * e[1];
        }
        assertEquals(nu * s, diag / n, 5 * Math.sqrt(2.0 * nu / n) * s);
        assertEquals(0, off / n, 5 * Math.sqrt((double) nu / n) * s);
        // Var(E_01) = νs² = 25; its estimate has relative s.e. ≈ √(2/N)·√(1 + 3/ν)... take 15%.
        assertEquals(nu * s * s, offSquares / n, 0.15 * nu * s * s);
        assertArrayEquals(WishartMechanism.sample(d, nu, s, new SplittableRandom(7)),
                WishartMechanism.sample(d, nu, s, new SplittableRandom(7)), 0.0);
        assertEquals(50, WishartMechanism.scale(Math.sqrt(50), 0.5), 1e-12, "K²/(2ε) = 50/(2·0.5)");
    }

    @Test
    void l2LaplaceRadiusIsGammaOfDimension() {
        // ‖z‖ ~ Gamma(d, Δ/ε): mean dΔ/ε = 5·2 = 10, variance d(Δ/ε)² = 20; over 4000 draws the mean's
        // standard error is √(20/4000) ≈ 0.071 — tolerance 5 s.e.
        int d = 5;
        SplittableRandom rng = new SplittableRandom(3);
        double sum = 0;
        for (int i = 0; i < 4000; i++) {
            double[] z = L2LaplaceMechanism.addNoise(new double[d], 1, 0.5, rng);
            double norm = 0;
            for (double v : z) {
                norm += v * v;
            }
            sum += Math.sqrt(norm);
        }
        assertEquals(10, sum / 4000, 5 * Math.sqrt(20.0 / 4000));
    }
}
