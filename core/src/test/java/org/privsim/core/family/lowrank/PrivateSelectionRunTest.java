package org.privsim.core.family.lowrank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.RepeatAndSelectRdp;
import org.privsim.core.privacy.SampledWithoutReplacementRdp;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.run.RunPlan;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.sim.RunOutcome;

/**
 * A priv-altmin run with {@code selection: private}: the plan draws each repeat's candidates from the
 * selection's streams, the row reports each repeat's lowest-scoring candidate, and its accounted ε is
 * RepeatAndSelectRdp's for the candidates' ρ (each candidate's ledger spends exactly that ρ, its score
 * included), within 1 % under the target. The oracle rows keep their choice and say so.
 */
class PrivateSelectionRunTest {
    private static final String SCENARIO = """
            name: select
            seed: 11
            task: { type: low-rank-regression, users: 300, samplesPerUser: 10, dimension: 6, rank: 2, labelNoise: 0.1 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, epochs: [1, 2, 3], repeats: 2,
                  selection: private, selectionMean: 3, selectionShape: 0.5 }
              - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, epochs: [1, 2] }
              - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, epochs: 2 }
            """;

    @Test
    void reportsTheBestScoredCandidateAtTheSelectionsEpsilon() {
        Scenario scenario = ScenarioParser.parse(SCENARIO, "select.yaml");
        Report report = new SequentialRunner(scenario).run(Progress.NONE);
        ExperimentResult row = report.lowRankRows().get(0);
        PrivateSelection selection = new PrivateSelection(3, 0.5);

        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = row.zcdpRho() * orders[i];
        }
        double expected = RepeatAndSelectRdp.epsilon(curve, 3, 0.5, 1e-5);
        assertEquals(expected, row.accountedEpsilon(), 1e-12 * expected);
        assertTrue(row.accountedEpsilon() <= 2 && row.accountedEpsilon() >= 0.99 * 2, "ε " + row.accountedEpsilon());
        assertEquals(row.zcdpRho(), row.maxLedgerRho(), 1e-9 * row.zcdpRho());
        assertEquals("private", row.selection());
        assertEquals(selection, row.privateSelection());
        assertNull(row.calibration());

        List<RunPlan> plan = ScenarioPlan.runs(scenario).stream().filter(r -> r.experiment() == 0).toList();
        List<RunOutcome> winners = new ArrayList<>();
        for (int repeat = 0; repeat < 2; repeat++) {
            final int r = repeat;
            List<RunPlan> candidates = plan.stream().filter(p -> p.repeat() == r).toList();
            assertEquals(selection.count(RandomStreams.stream(11, "selection", 0, 0, r)), candidates.size());
            RunOutcome best = null;
            for (RunPlan candidate : candidates) {
                assertTrue(List.of(1, 2, 3).contains(candidate.epochs()));
                RunOutcome o = LowRankFamily.runOne(scenario, candidate);
                Release score = o.releases().releases().get(o.releases().releases().size() - 1);
                assertEquals("score", score.name());
                if (best == null || o.score() < best.score()) {
                    best = o;
                }
            }
            winners.add(best);
        }
        assertEquals((winners.get(0).populationMse() + winners.get(1).populationMse()) / 2, row.populationMse(), 1e-12);
        assertEquals(winners.get(0).epochs(), row.epochs());
        for (ReleaseLog log : row.releases()) {
            assertEquals("score", log.releases().get(log.releases().size() - 1).name());
        }

        ExperimentResult oracle = report.lowRankRows().get(1);
        assertEquals("oracle", oracle.selection());
        assertNull(oracle.privateSelection());
        assertNull(report.lowRankRows().get(2).selection(), "one epoch count: nothing chosen");
    }

    @Test
    void refusesSelectionWhereNothingPrivateIsChosen() {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> ScenarioParser.parse("""
                name: bad
                task: { type: low-rank-regression, users: 30, samplesPerUser: 10, dimension: 6, rank: 2, labelNoise: 0.1 }
                experiments:
                  - { algorithm: non-private-altmin, selection: private }
                  - { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, selectionMean: 3 }
                  - { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, selection: private, calibration: tight }
                """, "bad.yaml")).errors();
        assertEquals(List.of(new FieldError("experiments[0].selection", "not used by non-private-altmin"),
                new FieldError("experiments[1].selectionMean", "only used with selection private"),
                new FieldError("experiments[2].calibration", "not used with selection private (the selection is"
                        + " accounted in RDP and converted to (ε, δ) tightly)")), errors);
    }
}
