package org.privsim.core.seam;

/**
 * How a run's participants may be cut over several nodes: their ids are {@code 0 … population − 1},
 * and node k of K holds a block of consecutive ids whose bounds are multiples of {@code unit} (a
 * family's aggregation range, so that a range is folded on one node). A family that can spread a
 * cell's runs says so with {@link Family#spread}.
 *
 * @param population the number of participant ids of a run (at least 1)
 * @param unit       the granularity of the blocks' bounds (at least 1)
 */
public record Spread(int population, int unit) {
    public Spread {
        if (population < 1 || unit < 1) {
            throw new IllegalArgumentException("a spread needs population ≥ 1 and unit ≥ 1, got " + population
                    + " and " + unit);
        }
    }

    /**
     * The first id of each of {@code nodes} blocks, then {@code population}: block k is ids
     * {@code bounds[k] … bounds[k + 1] − 1}, each about population / nodes ids, bounds rounded down
     * to a multiple of {@link #unit} (so a block may be empty when units are few).
     */
    public int[] bounds(int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("a spread needs at least one node, got " + nodes);
        }
        int[] bounds = new int[nodes + 1];
        for (int k = 1; k < nodes; k++) {
            long even = (long) population * k / nodes;
            bounds[k] = Math.max(bounds[k - 1], (int) (even / unit * unit));
        }
        bounds[nodes] = population;
        return bounds;
    }
}
