package org.privsim.core.family.multitask;

import java.util.Set;
import org.privsim.core.scenario.Algorithm;

/**
 * What sets the multi-task algorithms apart, which only this family asks: which iterate (projection,
 * then a gradient step, T times) and which project spectrally. Guarantee: constant answers.
 */
final class MultitaskAlgorithms {

    private static final Set<Algorithm> ITERATIVE = Set.of(Algorithm.MP_MTL_LOW_RANK, Algorithm.MP_MTL_GROUP_SPARSE,
            Algorithm.MTL_TRACE_NORM, Algorithm.MTL_GROUP_LASSO);
    private static final Set<Algorithm> SPECTRAL = Set.of(Algorithm.MP_MTL_LOW_RANK, Algorithm.MTL_TRACE_NORM);

    private MultitaskAlgorithms() {}

    /** Whether {@code algorithm} is an iterative multi-task algorithm (projection then gradient step, T iterations). */
    static boolean iterative(Algorithm algorithm) {
        return ITERATIVE.contains(algorithm);
    }

    /** Whether {@code algorithm}'s projection is the spectral (trace-norm) one rather than the row-wise (ℓ2,1) one. */
    static boolean spectral(Algorithm algorithm) {
        return SPECTRAL.contains(algorithm);
    }
}
