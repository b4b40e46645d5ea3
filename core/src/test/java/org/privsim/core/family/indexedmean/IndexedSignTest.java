package org.privsim.core.family.indexedmean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.StandardNormal;
import org.privsim.core.run.Progress;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.IndexAssignment;
import org.privsim.core.scenario.IndexedLoss;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;

/**
 * Indexed sign estimation (Aliakbarpour et al. 2025, Section 5): the loss |p|·1[wrong sign], its
 * exact expectation under the indexed-mean mechanisms, and the task's parsing.
 */
class IndexedSignTest {

    private static IndexedMeanPopulation population(int persons, int samples) {
        return new IndexedMeanPopulation(new IndexedMeanTask(50, persons, samples, IndexAssignment.DISTINCT,
                IndexedLoss.SIGN), 7, 0);
    }

    @Test
    void aPersonLosesItsMeansMagnitudeOnlyForAWrongSignAndZeroCountsAsPositive() {
        IndexedMeanPopulation population = population(40, 1);
        int positive = -1;
        int negative = -1;
        for (int i = 0; i < 40; i++) {
            double p = population.mean(population.index(i));
            positive = p > 0 && positive < 0 ? i : positive;
            negative = p < 0 && negative < 0 ? i : negative;
        }
        double p = population.mean(population.index(positive));
        double q = population.mean(population.index(negative));
        assertEquals(0, IndexedMeanLoss.ofPerson(population, positive, 0.3));
        assertEquals(0, IndexedMeanLoss.ofPerson(population, positive, 0.0), "sign(0) = +1");
        assertEquals(p, IndexedMeanLoss.ofPerson(population, positive, -1e-9));
        assertEquals(-q, IndexedMeanLoss.ofPerson(population, negative, 0.0));
        assertEquals(0, IndexedMeanLoss.ofPerson(population, negative, -2));
    }

    /**
     * With N = 1 sample the count B is Bernoulli((1 + p)/2), so P(wrong | p &gt; 0) =
     * P(B = 1)·Φ(−1/σ) + P(B = 0)·Φ(1/σ), and (1 − p)/2 without noise; with N = 2 and σ = 0 a tie
     * (p̂ = 0) reads as +1, so P(wrong | p &lt; 0) = P(B ≥ 1) = 1 − ((1 − p)/2)².
     */
    @Test
    void wrongSignProbabilityMatchesHandComputedCases() {
        double p = 0.3;
        double q = (1 + p) / 2;
        assertEquals((1 - p) / 2, IndexedMeanLoss.wrongSign(p, 1, 0), 1e-15);
        assertEquals(q * StandardNormal.cdf(-1 / 0.7) + (1 - q) * StandardNormal.cdf(1 / 0.7),
                IndexedMeanLoss.wrongSign(p, 1, 0.7), 1e-15);
        assertEquals(1 - Math.pow((1 - (-p)) / 2, 2), IndexedMeanLoss.wrongSign(-p, 2, 0), 1e-15);
        assertEquals(0, IndexedMeanLoss.wrongSign(0, 9, 0.5));
        // σ → 0 approaches the noiseless count (N odd: no ties).
        assertEquals(IndexedMeanLoss.wrongSign(p, 21, 0), IndexedMeanLoss.wrongSign(p, 21, 1e-6), 1e-12);
        // Large N, large σ: the estimate is Gaussian to within the sampling part's skew,
        // P ≈ Φ(−|p|/√((1 − p²)/N + σ²)); with N = 10⁴, σ = 0.05 the binomial part is a fifth of the
        // variance and its Berry–Esseen error is below 1e-3.
        double v = (1 - p * p) / 1e4 + 0.05 * 0.05;
        assertEquals(StandardNormal.cdf(-p / Math.sqrt(v)), IndexedMeanLoss.wrongSign(p, 10_000, 0.05), 1e-3);
    }

    /**
     * The measured loss averages to the exact expectation: lossClosedForm is E[loss | p] per repeat,
     * so loss − closed form has mean 0 and variance E[Var(loss | p)] ≤ Var(loss) (total variance);
     * 4.5 reported standard errors bound it with failure probability below 1e-5 per row.
     */
    @Test
    void measuredSignLossMatchesItsExactExpectation() {
        Scenario scenario = ScenarioParser.parse("""
                name: sign
                seed: 11
                task: { type: indexed-sign, dimension: 400, persons: 60, samplesPerPerson: 2, indices: random }
                experiments:
                  - { algorithm: indexed-mean-nonprivate, repeats: 300 }
                  - { algorithm: indexed-mean-jdp, epsilon: [1, 8], delta: 1.0e-5, repeats: 300 }
                  - { algorithm: indexed-mean-billboard, epsilon: 4, delta: 1.0e-5, repeats: 300 }
                """, "sign.yaml");
        List<IndexedMeanResult> rows = new SequentialRunner(scenario).run(Progress.NONE).rows(IndexedMeanResult.class);
        assertEquals(4, rows.size());
        for (IndexedMeanResult row : rows) {
            assertEquals("sign", row.lossFunction());
            assertEquals(row.lossClosedForm(), row.loss(), 4.5 * row.lossStdErr(), row.toString());
            assertTrue(row.loss() <= 0.5, "|p| ≤ 1 and a coin flip loses E|p|/2 = 1/4 on average");
        }
        assertTrue(rows.get(0).loss() < rows.get(2).loss() && rows.get(2).loss() < rows.get(1).loss(),
                "less noise, fewer wrong signs");
    }

    @Test
    void theSignTaskTakesTheIndexedMechanismsOnly() {
        Scenario ok = ScenarioParser.parse("name: s\ntask: { type: indexed-sign, dimension: 20, persons: 10 }\n"
                + "experiments:\n  - { algorithm: indexed-mean-1-out-of-t, epsilon: 1, delta: 1.0e-5 }\n", "s.yaml");
        assertEquals("indexed-sign", ok.task().type());
        assertEquals(IndexedLoss.SIGN, ((IndexedMeanTask) ok.task()).loss());
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(
                "name: s\ntask: { type: indexed-sign, dimension: 20, persons: 10 }\n"
                        + "experiments:\n  - { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5 }\n", "s.yaml")).errors();
        assertEquals(List.of(new FieldError("experiments[0].algorithm", "priv-altmin needs a task of type"
                + " low-rank-regression, dataset or ratings, but task is of type indexed-sign")), errors);
    }
}
