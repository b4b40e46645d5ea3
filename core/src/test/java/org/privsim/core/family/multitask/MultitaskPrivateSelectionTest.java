package org.privsim.core.family.multitask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.RepeatAndSelectRdp;
import org.privsim.core.privacy.SampledWithoutReplacementRdp;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.seam.SequentialInterpreter;

/**
 * MP-MTL with the Gaussian covariance release and {@code selection: private}: each repeat draws its
 * (λ, covariance shift) candidates from the selection's streams, reports its lowest-scoring one, and the
 * row's accounted ε is RepeatAndSelectRdp's for the candidates' ρ, within 1 % under the target. The
 * Wishart release, which is not differentially private, refuses the selection.
 */
class MultitaskPrivateSelectionTest {

    @Test
    void reportsTheBestScoredCandidateAtTheSelectionsEpsilon() {
        Scenario scenario = ScenarioParser.parse("""
                name: select-mtl
                seed: 13
                task: { type: multitask-regression, tasks: 12, samplesPerTask: 6, dimension: 5, structure: low-rank, taskRank: 2 }
                experiments:
                  - { algorithm: mp-mtl-low-rank, covarianceNoise: gaussian, epsilon: [2], delta: 1.0e-5, iterations: 2,
                      lambda: [1, 3], covarianceShift: [0, 1], repeats: 2, selection: private, selectionMean: 3 }
                  - { algorithm: mp-mtl-low-rank, covarianceNoise: gaussian, epsilon: [2], delta: 1.0e-5, iterations: 2,
                      lambda: [1, 3] }
                """, "select-mtl.yaml");
        Report report = new SequentialRunner(scenario).run(Progress.NONE);
        MultitaskResult row = report.rows(MultitaskResult.class).get(0);
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = row.zcdpRho() * orders[i];
        }
        double expected = RepeatAndSelectRdp.epsilon(curve, 3, 0, 1e-5);
        assertEquals(expected, row.accountedEpsilon(), 1e-12 * expected);
        assertTrue(row.accountedEpsilon() <= 2 && row.accountedEpsilon() >= 0.99 * 2, "ε " + row.accountedEpsilon());
        assertEquals(row.accountedEpsilon(), row.maxLedgerEpsilon(), 1e-9 * expected);
        assertEquals("private", row.selection());
        assertEquals(new PrivateSelection(3, 0), row.privateSelection());
        assertNull(row.calibration());
        assertNull(row.lambdasTried());

        MultitaskRunPlan cell = MultitaskRunPlan.cells(scenario).get(0);
        List<MultitaskRunPlan.Pick> picks = cell.picks();
        List<Double> winners = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            int draws = new PrivateSelection(3, 0).count(RandomStreams.stream(13, "selection", 0, 0, 0, r));
            MultitaskOutcome best = null;
            for (int i = 0; i < picks.size(); i++) {
                if (picks.get(i).repeat() == r) {
                    MultitaskOutcome o = SequentialInterpreter.run(MultitaskFamily.INSTANCE, cell, i, 13);
                    assertEquals("score", o.releases().releases().get(o.releases().releases().size() - 1).name());
                    best = best == null || o.score() < best.score() ? o : best;
                    draws--;
                }
            }
            assertEquals(0, draws);
            winners.add(best.nmse());
        }
        assertEquals((winners.get(0) + winners.get(1)) / 2, row.nmse(), 1e-12);
        for (ReleaseLog log : row.releases()) {
            assertEquals("score", log.releases().get(log.releases().size() - 1).name());
        }
        assertEquals("oracle", report.rows(MultitaskResult.class).get(1).selection());
    }

    @Test
    void refusesTheSelectionOfTheWishartRelease() {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> ScenarioParser.parse("""
                name: bad
                task: { type: multitask-regression, tasks: 12, samplesPerTask: 6, dimension: 5, structure: low-rank }
                experiments:
                  - { algorithm: mp-mtl-low-rank, epsilon: 1, lambda: [1, 3], selection: private }
                  - { algorithm: dp-aggr, epsilon: 1, selection: private }
                """, "bad.yaml")).errors();
        assertEquals(List.of(new FieldError("experiments[0].selection", "private only with covarianceNoise gaussian (the"
                + " Wishart release is not differentially private)"),
                new FieldError("experiments[1].selection", "not used by dp-aggr")), errors);
    }
}
