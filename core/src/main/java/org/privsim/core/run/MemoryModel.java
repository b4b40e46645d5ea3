package org.privsim.core.run;

import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;

/**
 * How much heap a low-rank scenario needs, before any work: the users' data sets (a pure function
 * of the task's shape, counted object by object on a 64-bit JVM with compressed references), what
 * the runtime keeps per user (an array slot in the sequential runner; an actor — cell, mailbox,
 * behaviour, path and its entry in its aggregator's children — in the local one), the answers in
 * flight (both actor runtimes fold chained: one travelling sum and the answer being added, d(d+1)/2
 * doubles or more each, per range in flight — 8 locally, up to 256 on a cluster), the curator's
 * dk×dk matrices of the full U-step, and a fixed base for the JVM, Pekko and the report.
 *
 * <p>Guarantee: {@link #dataBytesPerUser} is exact for {@link org.privsim.core.data.UserDataset}'s
 * arrays up to object alignment (tested against a measured heap); the per-actor figure is measured
 * ({@code privsim bench}, local minus sequential bytes per user at 1,000,000 users, README
 * "Performance") and the estimate is checked against measured peaks in {@code MemoryModelTest}.
 * It is an estimate for refusing scenarios that cannot fit, not a bound.
 */
public final class MemoryModel {
    private MemoryModel() {}

    /** Heap every run needs besides the population: JVM, Pekko, scenario and report (measured, rounded up). */
    public static final long BASE_BYTES = 96L << 20;
    /** What the local runtime keeps per user actor besides its data (measured, see the class comment). */
    public static final long ACTOR_BYTES = 1600;
    /** Ranges folding at once in the local runtime: reference.conf's privsim.local.ranges-in-flight. */
    public static final int RANGES_IN_FLIGHT = 8;
    /** Ranges folding at once on a cluster: reference.conf's privsim.cluster.ranges-in-flight. */
    public static final int CLUSTER_RANGES_IN_FLIGHT = 256;
    /** The cluster runner's name (the actors module's ClusterRunner.NAME). */
    private static final String CLUSTER = "cluster";

    /**
     * Bytes of one user's data set: the record (12-byte header, two ints, seven compressed
     * references: 48), x (m×d), y (m), the feature norms (m), v* (k) and θ* (d).
     */
    public static long dataBytesPerUser(LowRankRegressionTask task) {
        long m = task.samplesPerUser();
        long d = task.dimension();
        long k = task.rank();
        return 48 + array(m * d) + array(m) + array(m) + array(k) + array(d);
    }

    /** Bytes the runner named {@code runner} keeps per user ({@link SequentialRunner#NAME}, else an actor runtime). */
    public static long bytesPerUser(LowRankRegressionTask task, String runner) {
        return dataBytesPerUser(task) + (SequentialRunner.NAME.equals(runner) ? 8 : ACTOR_BYTES);
    }

    /** Estimated peak heap of {@code scenario} under {@code runner}; {@link #BASE_BYTES} without low-rank runs. */
    public static long estimate(Scenario scenario, String runner) {
        if (!scenario.hasLowRankExperiments()) {
            return BASE_BYTES;
        }
        LowRankRegressionTask task = scenario.lowRankTask();
        long d = task.dimension();
        long k = task.rank();
        long users = task.users();
        long packed = d * (d + 1) / 2;
        long answer = array(2 * packed) + 64;
        long inFlight = SequentialRunner.NAME.equals(runner)
                ? answer
                : CLUSTER.equals(runner)
                ? Math.min(scenario.aggregation().ranges(task.users()), CLUSTER_RANGES_IN_FLIGHT) * 2L * answer
                : RANGES_IN_FLIGHT * 2L * answer;
        return BASE_BYTES + users * bytesPerUser(task, runner) + inFlight + curatorBytes(d, k);
    }

    /**
     * The heap a low-rank task needs whatever the runner: the base, every user's data set and the
     * curator's state ({@link #curatorBytes}); a lower bound of {@link #estimate}.
     */
    public static long taskBytes(LowRankRegressionTask task) {
        return BASE_BYTES + task.users() * dataBytesPerUser(task) + curatorBytes(task.dimension(), task.rank());
    }

    /**
     * Bytes of the low-rank curator's state at dimension d and rank k, whatever the number of
     * users: its four dk×dk matrices of the full U-step and the k(k+1)/2 packed d×d blocks — O(d²k²),
     * what bounds a low-rank task's dimension.
     */
    public static long curatorBytes(long d, long k) {
        long packed = d * (d + 1) / 2;
        long n = d * k;
        return 4 * array(n * n) + array(k * (k + 1) / 2 * packed);
    }

    /**
     * Why {@code scenario} cannot run under {@code runner} in a heap of {@code maxHeapBytes}, as
     * {@code task.users: needs about X GB of heap, this JVM has Y GB (set PRIVSIM_JAVA_OPTS=-Xmx…)},
     * or null when the estimate fits in 90% of it (the collector needs some room to work).
     */
    public static String problem(Scenario scenario, String runner, long maxHeapBytes) {
        long need = estimate(scenario, runner);
        if (need <= 0.9 * maxHeapBytes) {
            return null;
        }
        long suggestGb = (long) Math.ceil(need / 0.9 / (1L << 30));
        return String.format("task.users: needs about %.1f GB of heap, this JVM has %.1f GB (set"
                + " PRIVSIM_JAVA_OPTS=-Xmx%dg)", need / 1e9, maxHeapBytes / 1e9, suggestGb);
    }

    private static long array(long doubles) {
        return align(16 + 8 * doubles);
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }
}
