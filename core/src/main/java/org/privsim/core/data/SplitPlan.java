package org.privsim.core.data;

import org.privsim.core.scenario.SampleSplit;

/**
 * Which samples of a user feed which step of private alternating minimization.
 *
 * <p>{@code paper}: disjoint quarters [0,q) v-step, [q,2q) U-step, [2q,3q) initialisation,
 * [3q,4q) final personal fit, q = m/4 (Jain et al. Alg. 1 and Thm. 4.2). {@code reuse}: every
 * step uses all m samples. Initialisation pairs consecutive samples of its range:
 * (a, a+1), (a+2, a+3), …, so it uses ⌊|range|/2⌋ pairs.
 *
 * @param vFrom     first v-step sample
 * @param vTo       one past the last v-step sample
 * @param uFrom     first U-step sample
 * @param uTo       one past the last U-step sample
 * @param initFrom  first initialisation sample
 * @param initTo    one past the last initialisation sample
 * @param finalFrom first sample of the final personal fit
 * @param finalTo   one past the last sample of the final personal fit
 */
public record SplitPlan(int vFrom, int vTo, int uFrom, int uTo, int initFrom, int initTo, int finalFrom, int finalTo) {

    /** The plan for a split kind and m samples per user. */
    public static SplitPlan of(SampleSplit split, int m) {
        if (split == SampleSplit.PAPER) {
            if (m % 4 != 0) {
                throw new IllegalArgumentException("paper split needs m divisible by 4, got " + m);
            }
            int q = m / 4;
            return new SplitPlan(0, q, q, 2 * q, 2 * q, 3 * q, 3 * q, m);
        }
        return new SplitPlan(0, m, 0, m, 0, m, 0, m);
    }

    /** m_U: samples in the U-step split. */
    public int uSamples() {
        return uTo - uFrom;
    }

    /** m_I: initialisation pairs. */
    public int initPairs() {
        return (initTo - initFrom) / 2;
    }
}
