package org.privsim.core.privacy;

import java.util.Arrays;

/**
 * Which releases charged each user of a {@link Ledger}, stored by history rather than by user: users
 * whose charges were the same, in the same order, share one node of a tree whose path from the root
 * is that history (each node one charge: the ledger record it was folded into, its cost, and the sum
 * of the costs so far, added in charge order).
 *
 * <p>Per-user state is kept only where users' charges differ: while every charge is to everybody all
 * users share one node and nothing is held per user; from the first charge to a strict subset on, each
 * user's node is an int ({@value #BYTES_PER_USER} bytes a user). A charge adds at most one node per
 * node its participants were at.
 *
 * <p>Guarantee: {@link #spent} of a user's node is bit for bit the sum a per-user array would hold
 * (the same costs added in the same order), and {@link #costs}/{@link #records} list exactly the
 * charges and ledger records that included the user, in order.
 *
 * <p>Not thread-safe (confined with its ledger).
 */
final class ChargeHistories {
    /** Bytes held per user once charges differ (its node). */
    static final int BYTES_PER_USER = 4;

    private final int users;
    /** Each user's node, or null while all users share {@link #shared}. */
    private int[] nodeOf;
    private int shared;
    private int nodes = 1;
    private int[] parent = {-1, 0, 0, 0, 0, 0, 0, 0};
    private int[] record = {-1, 0, 0, 0, 0, 0, 0, 0};
    private double[] cost = new double[8];
    private double[] spent = new double[8];

    ChargeHistories(int users) {
        this.users = users;
    }

    /** The node of {@code user}'s history. */
    int node(int user) {
        return nodeOf == null ? shared : nodeOf[user];
    }

    /** Whether every user has the same history (no per-user state is held). */
    boolean uniform() {
        return nodeOf == null;
    }

    /** The sum of the costs of the history ending at {@code node}, added in charge order (0 at the root). */
    double spent(int node) {
        return spent[node];
    }

    /**
     * Charges everybody ({@code participants == null}) or the listed distinct users a release of
     * {@code charge} recorded as ledger record {@code recordIndex}.
     */
    void charge(int[] participants, int recordIndex, double charge) {
        if (participants != null && participants.length == 0) {
            return;
        }
        if (participants == null && nodeOf == null) {
            shared = child(shared, recordIndex, charge);
            return;
        }
        if (nodeOf == null) {
            nodeOf = new int[users];
            Arrays.fill(nodeOf, shared);
        }
        int[] next = new int[nodes];
        Arrays.fill(next, -1);
        int count = participants == null ? users : participants.length;
        for (int k = 0; k < count; k++) {
            int user = participants == null ? k : participants[k];
            int from = nodeOf[user];
            if (next[from] < 0) {
                next[from] = child(from, recordIndex, charge);
            }
            nodeOf[user] = next[from];
        }
    }

    /** The costs of the charges of the history ending at {@code node}, in charge order. */
    double[] costs(int node) {
        double[] out = new double[depth(node)];
        for (int n = node, i = out.length - 1; n > 0; n = parent[n], i--) {
            out[i] = cost[n];
        }
        return out;
    }

    /** The distinct ledger records of the history ending at {@code node}, ascending. */
    int[] records(int node) {
        int[] all = new int[depth(node)];
        int count = 0;
        for (int n = node; n > 0; n = parent[n]) {
            if (count == 0 || all[count - 1] != record[n]) {
                all[count++] = record[n];
            }
        }
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = all[count - 1 - i];
        }
        return out;
    }

    private int depth(int node) {
        int depth = 0;
        for (int n = node; n > 0; n = parent[n]) {
            depth++;
        }
        return depth;
    }

    private int child(int from, int recordIndex, double charge) {
        if (nodes == parent.length) {
            int size = nodes * 2;
            parent = Arrays.copyOf(parent, size);
            record = Arrays.copyOf(record, size);
            cost = Arrays.copyOf(cost, size);
            spent = Arrays.copyOf(spent, size);
        }
        parent[nodes] = from;
        record[nodes] = recordIndex;
        cost[nodes] = charge;
        spent[nodes] = spent[from] + charge;
        return nodes++;
    }
}
