package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.StandardNormal;

/**
 * LiRA on synthetic scores with a known answer: user u's score in a run is its own offset a_u
 * (drawn N(0, 5²) once, the same in every run) plus N(0, 1) noise, plus μ when it took part. The
 * per-user Gaussians take the offsets out, so the attack is the most powerful test between N(0, 1)
 * and N(μ, 1): TPR = Φ(Φ⁻¹(FPR) + μ). 48 runs of 400 users give about 9,600 scored pairs per side;
 * at FPR 1e-2 the rate is read off about 96 false positives, and each fit uses about 23 runs, which
 * blurs the ratio by a few percent of μ: the tolerance 0.06 covers both (several standard errors of
 * the ≈0.005 binomial one). Thresholding raw scores instead fails: the offsets' spread (5) swamps μ.
 */
class LikelihoodRatioAttackTest {
    private static final int RUNS = 48;
    private static final int USERS = 400;

    private static LikelihoodRatioAttack.Result attack(double mu, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] offset = new double[USERS];
        for (int u = 0; u < USERS; u++) {
            offset[u] = 5 * gaussian(random);
        }
        boolean[][] member = new boolean[RUNS][USERS];
        double[][] scores = new double[RUNS][USERS];
        for (int s = 0; s < RUNS; s++) {
            for (int u = 0; u < USERS; u++) {
                member[s][u] = random.nextBoolean();
                scores[s][u] = offset[u] + gaussian(random) + (member[s][u] ? mu : 0);
            }
        }
        return LikelihoodRatioAttack.attack(member, scores);
    }

    private static double gaussian(SplittableRandom random) {
        return StandardNormal.quantile(random.nextDouble(Double.MIN_NORMAL, 1));
    }

    @Test
    void reachesTheMostPowerfulTestDespiteEachUsersOffset() {
        LikelihoodRatioAttack.Result result = attack(2, 11);
        for (double fpr : new double[] {1e-2, 1e-1}) {
            double ideal = StandardNormal.cdf(StandardNormal.quantile(fpr) + 2);
            assertEquals(ideal, result.truePositiveRateAt(fpr), 0.06, "TPR at FPR " + fpr);
        }
        assertEquals(RUNS * USERS, result.members() + result.outsiders());
        // at FPR 1e-2 the ideal test implies ln(0.372 / 0.01) = 3.6
        assertEquals(Math.log(StandardNormal.cdf(StandardNormal.quantile(1e-2) + 2) / 1e-2), result.impliedEpsilon(1e-2, 1e-5),
                0.2);
    }

    /** With μ = 0 membership changes nothing: the attack stays near chance. */
    @Test
    void staysAtChanceWhenMembershipChangesNothing() {
        LikelihoodRatioAttack.Result result = attack(0, 12);
        assertEquals(0.01, result.truePositiveRateAt(1e-2), 0.01);
        assertEquals(0.1, result.truePositiveRateAt(1e-1), 0.03);
        assertTrue(result.impliedEpsilon(1e-2, 1e-5) < 0.4, "" + result.impliedEpsilon(1e-2, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> result.impliedEpsilon(1e-6, 1e-5));
    }

    @Test
    void refusesTooFewRunsOrRaggedRows() {
        assertThrows(IllegalArgumentException.class, () -> LikelihoodRatioAttack.attack(new boolean[4][3], new double[4][3]));
        boolean[][] member = new boolean[6][3];
        double[][] scores = new double[6][3];
        scores[5] = new double[2];
        assertThrows(IllegalArgumentException.class, () -> LikelihoodRatioAttack.attack(member, scores));
    }
}
