package org.privsim.core.module;

/**
 * The heap one module's runs of a scenario need besides the base and the low-rank population: what
 * they share whatever runs at once (a table read from a file, a synthetic task's true factors) and
 * the largest of its runs, held {@code min(runs, runs in flight)} times at once by a runner.
 *
 * <p>Guarantee: an immutable value of non-negative counts; {@link #NONE} for a module with no run in
 * the scenario.
 *
 * @param sharedBytes  bytes held once, whatever runs at once
 * @param runs         the module's runs in the scenario (its experiments' cells times repeats, and its
 *                     audits' trials)
 * @param largestBytes bytes of the largest of those runs
 */
public record RunHeap(long sharedBytes, long runs, long largestBytes) {
    /** No run of the module in the scenario. */
    public static final RunHeap NONE = new RunHeap(0, 0, 0);

    public RunHeap {
        if (sharedBytes < 0 || runs < 0 || largestBytes < 0) {
            throw new IllegalArgumentException("heap counts must be non-negative, got " + sharedBytes + ", " + runs
                    + ", " + largestBytes);
        }
    }
}
