package org.privsim.core.scenario;

/**
 * How contributions are pre-summed before they reach the curator.
 *
 * <p>Users are grouped into fixed ranges of consecutive ids [r·rangeSize, (r+1)·rangeSize); each
 * range is summed in id order, then ranges are summed in range order. The tree is a function of
 * the scenario only, never of threads or nodes, which keeps every runner's sums bit-identical.
 *
 * @param rangeSize users per aggregator range (≥ 1)
 */
public record Aggregation(int rangeSize) {

    /** Default range size when a scenario does not set one. */
    public static final int DEFAULT_RANGE_SIZE = 1000;

    /** Number of ranges for n users. */
    public int ranges(int users) {
        return (users + rangeSize - 1) / rangeSize;
    }

    /** First user id of range r. */
    public int rangeStart(int r) {
        return r * rangeSize;
    }

    /** One past the last user id of range r. */
    public int rangeEnd(int r, int users) {
        return Math.min(users, (r + 1) * rangeSize);
    }
}
