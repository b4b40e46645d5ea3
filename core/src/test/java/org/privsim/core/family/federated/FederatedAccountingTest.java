package org.privsim.core.family.federated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.DpEvent;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Accountant;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.mechanism.SgdCalibration;

/**
 * The accounting of the federated families (dp-fedavg, dp-fedrep) under both accountants: the
 * reported ε against closed forms and published values, σ calibrated by the chosen accountant, and
 * the ledger refusing exactly the first round past the budget.
 */
class FederatedAccountingTest {
    /** The scenario of the one experiment {@code experiment} on a small task: n = 50, m = 10, d = 6, k = 2. */
    private static Scenario scenario(String experiment) {
        return FederatedRuns.scenario(50, 10, 6, 2, 0.1, experiment);
    }

    static Stream<Arguments> familiesAndAccountants() {
        return Stream.of(FedAvgFamily.INSTANCE, FedRepFamily.INSTANCE).flatMap(f -> Stream.of(Accountant.values())
                .map(a -> Arguments.of(f, a)));
    }

    private static ExperimentResult onlyRow(String experiment) {
        Scenario s = scenario(experiment);
        List<ExperimentResult> rows = new SequentialRunner(s).run(Progress.NONE).lowRankRows();
        assertEquals(1, rows.size());
        return rows.get(0);
    }

    /**
     * At q = 1 a round is the Gaussian mechanism with noise multiplier σ, whose RDP is exactly
     * α/(2σ²) at every order; T rounds compose to Tα/(2σ²), and to a single Gaussian of μ = √T/σ,
     * whose exact ε(δ) is the analytic Gaussian's. So rdpEpsilon is the tight conversion of that
     * curve (to 1e-9, relative), the PLD's accountedEpsilon lies between the exact ε and 1e-3 above
     * it (a pessimistic discretization at interval 1e-4), and under rdp accountedEpsilon is rdpEpsilon.
     */
    @ParameterizedTest
    @MethodSource("familiesAndAccountants")
    void fullParticipationMatchesTheGaussianClosedForms(FederatedFamily family, Accountant accountant) {
        double sigma = 2;
        int rounds = 5;
        double delta = 1e-5;
        ExperimentResult row = onlyRow("{ algorithm: " + family.id() + ", epsilon: 10, delta: " + delta
                + ", samplingRate: 1, rounds: " + rounds + ", noiseMultiplier: " + sigma + ", accountant: "
                + accountant.id() + ", repeats: 1 }");
        double[] orders = SampledGaussianRdp.defaultOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = rounds * orders[i] / (2 * sigma * sigma);
        }
        double rdp = Conversions.tightEpsilonFromRdp(orders, curve, delta);
        assertEquals(rdp, row.rdpEpsilon(), 1e-9 * rdp);
        double exact = Conversions.analyticGaussianEpsilon(Math.sqrt(rounds) / sigma, delta);
        if (accountant == Accountant.PLD) {
            assertTrue(row.accountedEpsilon() >= exact && row.accountedEpsilon() <= exact * (1 + 1e-3),
                    row.accountedEpsilon() + " against the exact " + exact);
            assertEquals(FederatedFamily.PLD_CONVERSION, row.conversion());
        } else {
            assertEquals(row.rdpEpsilon(), row.accountedEpsilon());
            assertEquals(FederatedFamily.RDP_CONVERSION, row.conversion());
        }
        assertTrue(row.classicEpsilon() >= row.rdpEpsilon());
        assertEquals(accountant.id(), row.accountant());
        assertEquals(sigma, row.noiseMultiplier());
        assertNull(row.zcdpRho());
    }

    /**
     * The published sampled-Gaussian vector (issue 29; dp_accounting's PLD accountant): q = 0.01,
     * σ = 1, 100 rounds, δ = 1e-5 spend ε = 0.718 by PLD (relative 1e-3), and 1.214145 by privsim's
     * RDP accountant (docs/accounting-pld.md, the same curve DP-SGD is charged).
     */
    @ParameterizedTest
    @ValueSource(strings = {"dp-fedavg", "dp-fedrep"})
    void subsampledRoundsMatchThePublishedVector(String algorithm) {
        ExperimentResult row = onlyRow("{ algorithm: " + algorithm + ", epsilon: 2, delta: 1.0e-5, samplingRate: 0.01,"
                + " rounds: 100, noiseMultiplier: 1, repeats: 1 }");
        assertEquals("pld", row.accountant());
        assertEquals(0.718, row.accountedEpsilon(), 0.718e-3);
        assertEquals(1.214145, row.rdpEpsilon(), 1e-6);
    }

    /**
     * σ calibrated by each accountant is the smallest that meets ε by that accountant (σ to relative
     * 1e-6, so the accounted ε is within 1 % below ε), and the PLD's σ is the smaller one.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dp-fedavg", "dp-fedrep"})
    void eachAccountantCalibratesItsOwnSigma(String algorithm) {
        String common = "{ algorithm: " + algorithm + ", epsilon: 2, delta: 1.0e-6, samplingRate: 0.2, rounds: 20,"
                + " repeats: 1, accountant: ";
        List<ExperimentResult> pld = new SequentialRunner(scenario(common + "pld }"))
                .run(Progress.NONE).lowRankRows();
        List<ExperimentResult> rdp = new SequentialRunner(scenario(common + "rdp }"))
                .run(Progress.NONE).lowRankRows();
        for (ExperimentResult row : List.of(pld.get(0), rdp.get(0))) {
            assertTrue(row.accountedEpsilon() <= row.epsilon() && row.accountedEpsilon() > 0.99 * row.epsilon(),
                    row.accountant() + ": " + row.accountedEpsilon() + " for ε = " + row.epsilon());
        }
        assertTrue(pld.get(0).noiseMultiplier() < rdp.get(0).noiseMultiplier(),
                pld.get(0).noiseMultiplier() + " ≥ " + rdp.get(0).noiseMultiplier());
        assertTrue(pld.get(0).rdpEpsilon() > pld.get(0).accountedEpsilon());
    }

    /**
     * With σ halved the T rounds overspend; the ledger, charging by the accountant, refuses exactly
     * the first round r whose composition of r rounds exceeds ε (relative slack
     * {@link Ledger#RELATIVE_SLACK}) before its release.
     */
    @ParameterizedTest
    @MethodSource("familiesAndAccountants")
    void ledgerRefusesTheFirstRoundPastTheBudget(FederatedFamily family, Accountant accountant) {
        Scenario s = scenario("{ algorithm: " + family.id() + ", epsilon: 1, delta: 1.0e-6,"
                + " samplingRate: 0.2, rounds: 20, accountant: " + accountant.id() + ", repeats: 1 }");
        FederatedFamily.Cell calibrated = family.cells(s).get(0);
        SgdCalibration halved = SgdCalibration.of(0.2, calibrated.noiseMultiplier() / 2, 20, 1e-6,
                Accountants.named(accountant.id()));
        FederatedFamily.Cell underNoised = new FederatedFamily.Cell(calibrated.experiment(), calibrated.spec(),
                calibrated.epsilon(), calibrated.epsilonIndex(), calibrated.task(), calibrated.shape(), halved);
        int refused = 1;
        while (epsilonOf(halved, refused) <= 1 + Ledger.RELATIVE_SLACK) {
            refused++;
        }
        assertTrue(refused <= 20, "the halved σ must overspend within the 20 rounds");
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> SequentialInterpreter.run(family, underNoised, 0, s.seed()));
        assertTrue(e.getMessage().contains("'clipped update sum " + refused + "'"), e.getMessage());
    }

    /** ε at δ of {@code rounds} releases by the calibration's accountant. */
    private static double epsilonOf(SgdCalibration c, int rounds) {
        return c.accountant().epsilon(new DpEvent.PoissonSampledGaussian(c.samplingRate(), c.noiseMultiplier())
                .times(rounds), c.delta());
    }
}
