package org.privsim.core.data;

import org.ejml.data.DMatrixRMaj;

/**
 * The users of one population (one seed) of a low-rank algorithm's task: synthetic
 * ({@link LowRankData}) or a real data set split by seed ({@link DatasetPopulation}).
 *
 * <p>Guarantee: {@link #user} is a pure function of (task, seed, id), so any runner, thread or
 * node rebuilds the identical data set; thread-safe.
 */
public interface UserPopulation {

    /** The seed the population was drawn (or split) with. */
    long seed();

    /** User j's data set. */
    UserDataset user(int j);

    /** A copy of the ground-truth U* (d×k), or null when there is none (real data). */
    DMatrixRMaj uStar();
}
