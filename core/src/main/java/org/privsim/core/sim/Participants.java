package org.privsim.core.sim;

import java.util.Arrays;

/**
 * Which users a round asks for a contribution.
 *
 * <p>Either everyone ({@code batchOf == null}) or the users whose entry in {@code batchOf} equals
 * {@code batch} (Alg. 1's disjoint batches S_t of a random permutation). {@code batchOf[i]} is the
 * batch of user {@code first + i}, so a curator can hand each aggregator range only its own slice
 * ({@link #restrictedTo}) instead of one entry per user of the whole population.
 *
 * @param first   the user id of {@code batchOf[0]}
 * @param batchOf batch index of users first, first+1, …, or null for all users
 * @param batch   the batch this round uses
 */
public record Participants(int first, int[] batchOf, int batch) {

    /** Batches of every user from id 0. */
    public Participants(int[] batchOf, int batch) {
        this(0, batchOf, batch);
    }

    /** Every user participates. */
    public static Participants all() {
        return new Participants(0, null, 0);
    }

    /** Whether user j is asked (j must lie in the covered ids unless everyone is asked). */
    public boolean includes(int user) {
        return batchOf == null || batchOf[user - first] == batch;
    }

    /** The same selection for the ids [from, to) only, carrying just their slice of {@code batchOf}. */
    public Participants restrictedTo(int from, int to) {
        return batchOf == null ? this
                : new Participants(from, Arrays.copyOfRange(batchOf, from - first, to - first), batch);
    }
}
