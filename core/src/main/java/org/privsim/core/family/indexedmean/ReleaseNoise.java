package org.privsim.core.family.indexedmean;

import java.util.SplittableRandom;
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
    private final long coordinates;
    private final long unread;

    /** The noise of the releases keyed by (seed, purpose, key). */
    public ReleaseNoise(long seed, String purpose, long... key) {
        this.coordinates = RandomStreams.derive(seed, purpose, key);
        this.unread = RandomStreams.derive(seed, purpose + "-unread", key);
    }

    /** Z_j of round {@code round}, standard normal. */
    public double gaussian(int round, int coordinate) {
        return new SplittableRandom(RandomStreams.extend(RandomStreams.extend(coordinates, round), coordinate))
                .nextGaussian();
    }

    /** The standard normal behind the unread coordinates' total noise in round {@code round}. */
    public double unreadGaussian(int round) {
        return new SplittableRandom(RandomStreams.extend(unread, round)).nextGaussian();
    }
}
