package org.privsim.core.sim;

import java.util.Arrays;
import org.privsim.core.linalg.SmallSolve;

/**
 * Scratch arrays for one user's computation at a time, reused from user to user. A running sum
 * ({@link InitSum}, {@link RoundSum}) owns one: a range's users fold into its sum in turn — in the
 * sequential loop or in a slice on a worker of the run's curator — so a workspace is never used by
 * two computations at once. Every array handed out is zero-filled (or fully overwritten by its user), so the arithmetic, and every bit of the
 * result, is that of fresh arrays; what goes is the allocation: a U-step round used to allocate
 * about 1.5 KB per user (the k×k fit, its EJML solver, the weights and g) and the initialisation
 * one packed d×d term per user (10 KB at d = 50), which filled the young generation and cost a
 * collection per run at 50,000 users.
 *
 * <p>Not thread-safe; arrays stay valid until the next request for the same slot.
 */
final class Workspace {
    /** What an array holds: each role keeps its own array. */
    enum Slot {
        /** The k×k system of the personal fit. */
        GRAM,
        /** Its right-hand side. */
        RHS,
        /** Projections Uᵀx_i of a block of rows. */
        PROJECTIONS,
        /** The personal model v. */
        MODEL,
        /** The U-split's Gram weights c_i². */
        WEIGHTS,
        /** The vector g. */
        MOMENT,
        /** The block coefficients v_a v_b. */
        COEFFICIENTS,
        /** The packed initialisation term. */
        INIT_TERM,
        /** The packed S term. */
        FEATURE_TERM
    }

    private final double[][] arrays = new double[Slot.values().length][];
    private SmallSolve solver;

    /** A zero-filled array of exactly {@code length} values for {@code slot}. */
    double[] zeros(Slot slot, int length) {
        double[] a = arrays[slot.ordinal()];
        if (a == null || a.length != length) {
            a = new double[length];
            arrays[slot.ordinal()] = a;
        } else {
            Arrays.fill(a, 0.0);
        }
        return a;
    }

    /** An array of at least {@code length} values for {@code slot}, contents unspecified (callers overwrite it). */
    double[] atLeast(Slot slot, int length) {
        double[] a = arrays[slot.ordinal()];
        if (a == null || a.length < length) {
            a = new double[length];
            arrays[slot.ordinal()] = a;
        }
        return a;
    }

    /** A solver of n×n systems, kept while n stays the same. */
    SmallSolve solver(int n) {
        if (solver == null || solver.size() != n) {
            solver = new SmallSolve(n);
        }
        return solver;
    }
}
