package org.privsim.core.data;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.ejml.data.DMatrixRMaj;
import org.privsim.core.scenario.PopulationMode;

/**
 * A population as the runs that share it hold it ({@link PopulationMode}): stored, each user's data
 * set built on its first request and then kept; or regenerated, rebuilt from (seed, id) at every
 * request and never kept, so nothing per user is held.
 *
 * <p>Guarantee: {@link #user} returns a data set equal to the wrapped population's, whatever the mode
 * (the population's {@link UserPopulation#user} is a pure function of (task, seed, id)); thread-safe.
 */
public final class UserStore implements UserPopulation {
    private final UserPopulation population;
    /** The data sets built so far, or null when regenerated. */
    private final AtomicReferenceArray<UserDataset> users;

    /**
     * {@code population}'s first {@code users} users held in {@code mode} (null: stored).
     */
    public UserStore(UserPopulation population, int users, PopulationMode mode) {
        this.population = population;
        this.users = mode == PopulationMode.REGENERATED ? null : new AtomicReferenceArray<>(users);
    }

    /** Whether each request rebuilds the user's data set. */
    public boolean regenerated() {
        return users == null;
    }

    @Override
    public long seed() {
        return population.seed();
    }

    /** User {@code j}'s data set (stored: built on the first call; regenerated: built at every call). */
    @Override
    public UserDataset user(int j) {
        if (users == null) {
            return population.user(j);
        }
        UserDataset d = users.get(j);
        if (d == null) {
            d = population.user(j);
            users.set(j, d);
        }
        return d;
    }

    @Override
    public DMatrixRMaj uStar() {
        return population.uStar();
    }
}
