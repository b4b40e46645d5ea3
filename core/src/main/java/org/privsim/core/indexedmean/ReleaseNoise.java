package org.privsim.core.indexedmean;

import java.util.Arrays;
import org.privsim.core.random.RandomStreams;

/**
 * The Gaussian noise of an indexed-mean curator, drawn on demand per coordinate.
 *
 * <p>Guarantee: Z_j of round r is the first Gaussian of the stream (seed, purpose, key…, r, j), so
 * it is pure in (seed, round, coordinate) and independent of which other coordinates are released;
 * the single Gaussian standing for the unread coordinates of round r (see
 * {@link IndexedMeanMechanism#unreadResidual}) comes from its own stream (seed, purpose + "-unread",
 * key…, r). Any runner that names the same (seed, purpose, key) draws the same noise.
 */
public final class ReleaseNoise {
    private final long seed;
    private final String purpose;
    private final long[] key;

    /** The noise of the releases keyed by (seed, purpose, key). */
    public ReleaseNoise(long seed, String purpose, long... key) {
        this.seed = seed;
        this.purpose = purpose;
        this.key = key.clone();
    }

    /** Z_j of round {@code round}, standard normal. */
    public double gaussian(int round, int coordinate) {
        long[] indices = Arrays.copyOf(key, key.length + 2);
        indices[key.length] = round;
        indices[key.length + 1] = coordinate;
        return RandomStreams.stream(seed, purpose, indices).nextGaussian();
    }

    /** The standard normal behind the unread coordinates' total noise in round {@code round}. */
    public double unreadGaussian(int round) {
        long[] indices = Arrays.copyOf(key, key.length + 1);
        indices[key.length] = round;
        return RandomStreams.stream(seed, purpose + "-unread", indices).nextGaussian();
    }
}
