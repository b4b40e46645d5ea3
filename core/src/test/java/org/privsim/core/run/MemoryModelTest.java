package org.privsim.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.UserDataset;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/** The heap model against hand counts, a measured heap, and the peaks privsim bench measured. */
class MemoryModelTest {

    /** x: 16 + 8·500, y and the feature norms: 16 + 80 each, v*: 16 + 16, θ*: 16 + 400, record 48. */
    @Test
    void dataBytesCountTheArrays() {
        LowRankRegressionTask task = new LowRankRegressionTask(10, 10, 50, 2, 0.01);
        assertEquals(48 + 4016 + 96 + 96 + 32 + 416, MemoryModel.dataBytesPerUser(task));
    }

    /**
     * 20,000 data sets of the paper's shape (≈ 92 MB) held at once: the heap grows by the model's
     * figure within 15% (the rest is measurement noise from other threads' allocations; the
     * model counts every array exactly, so the error is in the measurement, not the count).
     */
    @Test
    void dataBytesMatchAMeasuredHeap() {
        LowRankRegressionTask task = new LowRankRegressionTask(20_000, 10, 50, 2, 0.01);
        LowRankData population = new LowRankData(task, 7);
        UserDataset[] held = new UserDataset[task.users()];
        long before = usedAfterGc();
        for (int j = 0; j < held.length; j++) {
            held[j] = population.user(j);
        }
        long after = usedAfterGc();
        double perUser = (double) (after - before) / held.length;
        double model = MemoryModel.dataBytesPerUser(task) + 4; // + the array slot (compressed reference)
        assertEquals(model, perUser, 0.15 * model, "measured " + perUser + " bytes per user");
        assertNotNull(held[held.length - 1]);
    }

    /**
     * A synthetic ratings scenario, counted by hand: 1,000 users, 100 items, rank 3 (item factors
     * 100·3·8 bytes), E[activity] 10 + 100·(1/100 − 1/10)/(−1) = 19 ratings (19,000 in all, 15.2 training
     * ratings a user at testFraction 0.2); non-private-altmin of rank 3 (K = 4): a contribution of
     * 72 + ⌈12·15.2⌉ + 8·4 = 287 bytes, sequentially 80 a participant and 8 of ledger, and the curator's
     * 100·(16 + 20 + 2)·8 bytes; one run in flight sequentially, two (its two repeats) on an actor runtime,
     * each participant an actor of {@link MemoryModel#ACTOR_BYTES}.
     */
    @Test
    void ratingsEstimateCountsParticipantsAnswersAndItems() {
        Scenario s = ScenarioParser.parse("""
                name: r
                task: { type: ratings, users: 1000, items: 100, rank: 3 }
                experiments:
                  - { algorithm: non-private-altmin, repeats: 2 }
                """, "r.yaml");
        long items = 100 * 3 * 8;
        long curator = 100 * (16 + 20 + 2) * 8;
        assertEquals(MemoryModel.BASE_BYTES + items + 1000 * (80 + 287 + 8) + curator,
                MemoryModel.estimate(s, SequentialRunner.NAME));
        assertEquals(MemoryModel.BASE_BYTES + items + 2 * (1000 * (MemoryModel.ACTOR_BYTES + 287 + 8) + curator),
                MemoryModel.estimate(s, "local"));
    }

    /**
     * Peaks measured with privsim bench on the 2-core machine of the README's Performance table
     * (peak heap right after a collection): the model is within a factor 1.5 of each, on the safe
     * side or close to it, so a refusal is never off by more than that.
     */
    @Test
    void estimatesAreWithinHalfOfMeasuredPeaks() throws Exception {
        record Measured(int users, int dimension, String runner, long peakBytes) {}
        List<Measured> peaks = List.of(
                new Measured(50_000, 50, "sequential", 254_000_000L),
                new Measured(50_000, 50, "local", 481_000_000L));
        for (Measured m : peaks) {
            Scenario s = scenario(m.users(), m.dimension());
            long estimate = MemoryModel.estimate(s, m.runner());
            double ratio = (double) estimate / m.peakBytes();
            assertTrue(ratio > 1 / 1.5 && ratio < 1.5, m + ": estimate " + estimate + " (ratio " + ratio + ")");
        }
    }

    @Test
    void refusesWhatCannotFitWithTheFlagToSet() throws Exception {
        Scenario million = scenario(1_000_000, 50);
        String problem = MemoryModel.problem(million, "local", 2L << 30);
        assertNotNull(problem);
        assertTrue(problem.startsWith("task.users: needs about "), problem);
        assertTrue(problem.contains("this JVM has 2.1 GB (set PRIVSIM_JAVA_OPTS=-Xmx"), problem);
        long need = MemoryModel.estimate(million, "local");
        assertNull(MemoryModel.problem(million, "local", (long) (need / 0.9) + 1));
        assertNotNull(MemoryModel.problem(million, "local", (long) (need / 0.9) - (1 << 20)));
        assertTrue(MemoryModel.estimate(million, "sequential") > MemoryModel.estimate(million, "local"),
                "the sequential interpreter keeps a participant view per user, the actor runtimes none");
    }

    /**
     * Sums in flight: sequentially a range's sum and the total; on an actor runtime, per run in
     * flight (4), the total and up to 8 range sums. At d = 500 (a packed answer of 2·125,250 doubles
     * ≈ 2 MB) and 20,000 users (20 ranges of the default 1,000 users) that is 2 answers sequentially
     * and 4 × 9 = 36 on an actor runtime, local or cluster alike (a run lives on one node); the
     * sequential estimate also holds 20,000 participant views.
     */
    @Test
    void sumsInFlightPerRunAndRange() throws Exception {
        Scenario wide = scenario(20_000, 500);
        long packed = 500L * 501 / 2;
        long answer = 16 + 8 * 2 * packed + 64;
        long views = 20_000L * MemoryModel.VIEW_BYTES;
        assertEquals(34 * answer - views, MemoryModel.estimate(wide, "local") - MemoryModel.estimate(wide, "sequential"));
        assertEquals(MemoryModel.estimate(wide, "local"), MemoryModel.estimate(wide, "cluster"));
    }

    private static Scenario scenario(int users, int dimension) throws Exception {
        return ScenarioParser.parse("""
                name: m
                seed: 1
                task: { type: low-rank-regression, users: %d, samplesPerUser: 10, dimension: %d, rank: 2, labelNoise: 0.01 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: 5, delta: 1.0e-6, epochs: 2, participation: epochs, split: reuse }
                """.formatted(users, dimension), "m.yaml");
    }

    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

}
