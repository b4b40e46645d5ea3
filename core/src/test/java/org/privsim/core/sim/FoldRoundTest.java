package org.privsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.SampleSplit;

/**
 * The in-place fold of the local runtime and the sequential collector against the gather path of
 * the cluster (statistics objects summed by the aggregator): the same bits, for the full step
 * (blocks and h, clipped and unclipped, k = 1 and 3, odd d) and the Kronecker step (h only, C-ball).
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
}
