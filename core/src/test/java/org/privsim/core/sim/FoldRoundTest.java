package org.privsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.data.UserDataset;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.SampleSplit;

/**
 * The in-place folds of the runtimes (a round's statistics and the initialisation's terms computed
 * in the running sum's reused workspace) against summing each user's freshly allocated answer: the
 * same bits, for the full step (blocks and h, clipped and unclipped, k = 1 and 3, odd d), the
 * Kronecker step (h only, C-ball), the initialisation with and without the S term, and users of a
 * real data set whose sample counts differ from one user to the next (the workspace's arrays are
 * reused across row counts).
 */
class FoldRoundTest {

    @Test
    void foldingInPlaceEqualsSummingStatisticsBitForBit() {
        for (int k : new int[] {1, 3}) {
            for (boolean gram : new boolean[] {true, false}) {
                LowRankRegressionTask task = new LowRankRegressionTask(40, 8, 7, k, 0.1);
                LowRankData population = new LowRankData(task, 5);
                SplitPlan split = SplitPlan.of(SampleSplit.PAPER, 8);
                double eta = gram ? 1.5 : Double.POSITIVE_INFINITY;
                double clipMoment = gram ? Double.POSITIVE_INFINITY : 2.0;
                UserTask.Round round = new UserTask.Round(5, 1, Participants.all(), population.uStar().data, k, split,
                        eta, 2.0, 1e-3, 10, gram, clipMoment);
                RoundSum folded = new RoundSum(7, k, gram);
                RoundSum gathered = new RoundSum(7, k, gram);
                for (int j = 0; j < task.users(); j++) {
                    UserStep.foldRound(population.user(j), round, folded);
                    gathered.add(UserStep.respond(population.user(j), round));
                }
                assertArrayEquals(gathered.blocks(), folded.blocks(), 0.0, "k=" + k + " gram=" + gram);
                assertArrayEquals(gathered.h(), folded.h(), 0.0, "k=" + k + " gram=" + gram);
                assertArrayEquals(gathered.contributorIds(), folded.contributorIds());
            }
        }
    }

    @Test
    void foldingTheInitialisationInPlaceEqualsSummingAnswersBitForBit() {
        LowRankRegressionTask task = new LowRankRegressionTask(30, 12, 9, 2, 0.1);
        LowRankData population = new LowRankData(task, 3);
        SplitPlan split = SplitPlan.of(SampleSplit.PAPER, 12);
        for (Double clipFeature : new Double[] {null, 1.5}) {
            UserTask.Init init = new UserTask.Init(3, split, 2.0, clipFeature);
            InitSum folded = new InitSum(9, init.matrices());
            InitSum gathered = new InitSum(9, init.matrices());
            for (int j = 0; j < task.users(); j++) {
                UserInitStep.foldInit(population.user(j), init, folded);
                gathered.add(j, UserInitStep.respond(population.user(j), init));
            }
            assertArrayEquals(gathered.packed(), folded.packed(), 0.0, "S term " + clipFeature);
            assertArrayEquals(gathered.contributorIds(), folded.contributorIds());
        }
    }

    @Test
    void usersWithDifferentSampleCountsFoldAsTheyGather() {
        int d = 6;
        int k = 2;
        SplittableRandom random = new SplittableRandom(4);
        double[] u = new double[d * k];
        for (int i = 0; i < u.length; i++) {
            u[i] = random.nextGaussian() / Math.sqrt(d);
        }
        // a data set's split: every range [0, 12), cut at each user's own row count
        SplitPlan split = SplitPlan.of(SampleSplit.REUSE, 12);
        UserTask.Round round = new UserTask.Round(0, 2, Participants.all(), u, k, split, 1.5, 2.0, 1e-3, 10, true,
                Double.POSITIVE_INFINITY);
        UserTask.Init init = new UserTask.Init(0, split, 2.0, 1.0);
        RoundSum folded = new RoundSum(d, k, true);
        RoundSum gathered = new RoundSum(d, k, true);
        InitSum initFolded = new InitSum(d, init.matrices());
        InitSum initGathered = new InitSum(d, init.matrices());
        int[] counts = {12, 3, 9, 1, 12, 5, 2, 12, 7};
        for (int j = 0; j < counts.length; j++) {
            int m = counts[j];
            double[] x = new double[m * d];
            double[] y = new double[m];
            for (int i = 0; i < x.length; i++) {
                x[i] = random.nextGaussian();
            }
            for (int i = 0; i < m; i++) {
                y[i] = random.nextGaussian();
            }
            UserDataset user = new UserDataset(j, d, x, y, null, null);
            UserStep.foldRound(user, round, folded);
            gathered.add(UserStep.respond(user, round));
            UserInitStep.foldInit(user, init, initFolded);
            initGathered.add(j, UserInitStep.respond(user, init));
        }
        assertArrayEquals(gathered.blocks(), folded.blocks(), 0.0);
        assertArrayEquals(gathered.h(), folded.h(), 0.0);
        assertArrayEquals(initGathered.packed(), initFolded.packed(), 0.0);
    }
}
