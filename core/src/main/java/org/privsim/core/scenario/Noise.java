package org.privsim.core.scenario;

/**
 * How the federated algorithms' rounds are noised: independently per round (the Poisson-subsampled
 * Gaussian), by tree aggregation (DP-FTRL, no sampling) or through a banded matrix factorization
 * (cyclic Poisson participation). Guarantee: ids are stable scenario and report vocabulary.
 */
public enum Noise {
    /** N(0, σ²C²) on each round's update sum, independent across rounds. */
    INDEPENDENT("independent"),
    /** DP-FTRL: noisy prefix sums from a binary tree of Gaussian node noise, restarted every epoch. */
    TREE("tree"),
    /** Noise correlated across rounds by the banded square-root factorization of the prefix-sum workload. */
    BANDED("banded");

    private final String id;

    Noise(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
