package org.privsim.core.mechanism;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.privacy.DpEvent;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.PoissonSample;
import org.privsim.core.privacy.PrivacyAccountant;

/**
 * The sampled-Gaussian run composes its parts as stated: step t's cohort is the Poisson sample of
 * the step's stream after the ledger charged the step, its release the sum plus σ·C·injected noise
 * from the step's noise stream, and a step past the budget is refused before anything is drawn.
 */
class SampledGaussianRunTest {

    private static SampledGaussianRun run(SgdCalibration calibration, double injected, double budget) {
        return new SampledGaussianRun(calibration, "sum", 2, injected, 50, budget,
                t -> new SplittableRandom(100 + t), t -> new SplittableRandom(200 + t));
    }

    @Test
    void cohortsAndReleasesAreThePartsOfTheirSteps() {
        for (PrivacyAccountant accountant : new PrivacyAccountant[] {Accountants.RDP, Accountants.PLD}) {
            SgdCalibration calibration = SgdCalibration.calibrate(0.2, 5, 1e-5, 2, null, accountant);
            SampledGaussianRun run = run(calibration, 3, 2);
            double[] sum = {1, -2, 0.5};
            for (int t = 1; t <= 5; t++) {
                assertArrayEquals(PoissonSample.of(50, 0.2, new SplittableRandom(100 + t)), run.cohort(t));
                assertArrayEquals(GaussianMechanism.addNoise(sum, calibration.noiseMultiplier() * 2 * 3,
                        new SplittableRandom(200 + t)), run.privatize(t, sum));
                assertEquals(t, run.record(t).round());
            }
            assertEquals(5, run.ledger().charges());
            assertEquals(calibration.accountedEpsilon(), run.ledger().maxSpent(), 0);
            assertEquals(0.2 * 50, run.expectedCohort(), 0);
        }
    }

    @Test
    void aStepPastTheBudgetIsRefusedBeforeItsCohort() {
        SgdCalibration calibration = SgdCalibration.calibrate(0.2, 5, 1e-5, 2, null, Accountants.RDP);
        SampledGaussianRun run = new SampledGaussianRun(calibration, "sum", 2, 1, 50, 1, t -> {
            throw new AssertionError("step " + t + " drew its cohort");
        }, t -> new SplittableRandom(t));
        int t = 1;
        while (calibration.accountant().epsilon(new DpEvent.PoissonSampledGaussian(0.2,
                calibration.noiseMultiplier()).times(t), 1e-5) <= 1) {
            t++;
        }
        for (int s = 1; s < t; s++) {
            int step = s;
            assertThrows(AssertionError.class, () -> run.cohort(step));
        }
        int refused = t;
        assertThrows(BudgetExceededException.class, () -> run.cohort(refused));
        assertEquals(t - 1, run.ledger().charges());
    }
}
