package org.privsim.core.scenario;

/**
 * The arithmetic of heap estimates and what a low-rank task's shape costs whatever runs it: the base
 * every run needs, one user's data set, the low-rank curator's matrices. Counted object by object on a
 * 64-bit JVM with compressed references (12-byte headers, 8-byte alignment).
 *
 * <p>Guarantee: every function saturates at {@link Long#MAX_VALUE} instead of overflowing (its operands
 * are non-negative), so an estimate of an absurd scenario compares as "does not fit", never as small;
 * {@link #dataBytesPerUser} is exact for {@link org.privsim.core.data.UserDataset}'s arrays up to object
 * alignment (tested against a measured heap).
 */
public final class HeapBytes {
    private HeapBytes() {}

    /** Heap every run needs besides the population: JVM, Pekko, scenario and report (measured, rounded up). */
    public static final long BASE_BYTES = 96L << 20;

    /**
     * Bytes of one user's data set: the record (12-byte header, two ints, seven compressed
     * references: 48), x (m×d), y (m), the feature norms (m), v* (k) and θ* (d).
     */
    public static long dataBytesPerUser(LowRankRegressionTask task) {
        long m = task.samplesPerUser();
        long d = task.dimension();
        long k = task.rank();
        return add(add(48 + array(m), array(mul(m, d))), array(m) + array(k) + array(d));
    }

    /**
     * The heap a low-rank task needs whatever the runner: the base, every user's data set and the
     * curator's state ({@link #curatorBytes}); a lower bound of every runner's estimate.
     */
    public static long taskBytes(LowRankRegressionTask task) {
        return add(add(BASE_BYTES, mul(task.users(), dataBytesPerUser(task))), curatorBytes(task.dimension(), task.rank()));
    }

    /**
     * Bytes of the low-rank curator's state at dimension d and rank k, whatever the number of
     * users: its four dk×dk matrices of the full U-step and the k(k+1)/2 packed d×d blocks — O(d²k²),
     * what bounds a low-rank task's dimension.
     */
    public static long curatorBytes(long d, long k) {
        long packed = mul(d, d + 1) / 2;
        long n = mul(d, k);
        return add(mul(4, array(mul(n, n))), array(mul(k * (k + 1) / 2, packed)));
    }

    /** Bytes of an array of {@code doubles} doubles (or longs): a 16-byte header and the values, aligned. */
    public static long array(long doubles) {
        return align(add(16, mul(8, doubles)));
    }

    /** a·b, or {@link Long#MAX_VALUE} when it overflows (every operand here is non-negative). */
    public static long mul(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE : low;
    }

    /** a + b, or {@link Long#MAX_VALUE} when it overflows (non-negative operands). */
    public static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long align(long bytes) {
        return bytes == Long.MAX_VALUE ? bytes : (bytes + 7) & ~7L;
    }
}
