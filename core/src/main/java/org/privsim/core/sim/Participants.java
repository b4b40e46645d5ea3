package org.privsim.core.sim;

/**
 * Which users a round asks for a contribution.
 *
 * <p>Either everyone ({@code batchOf == null}) or the users whose entry in {@code batchOf} equals
 * {@code batch} (Alg. 1's disjoint batches S_t of a random permutation).
 *
 * @param batchOf batch index of every user, or null for all users
 * @param batch   the batch this round uses
 */
public record Participants(int[] batchOf, int batch) {

    /** Every user participates. */
    public static Participants all() {
        return new Participants(null, 0);
    }

    /** Whether user j is asked. */
    public boolean includes(int user) {
        return batchOf == null || batchOf[user] == batch;
    }
}
