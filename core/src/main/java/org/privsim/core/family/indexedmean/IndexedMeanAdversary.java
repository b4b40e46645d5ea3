package org.privsim.core.family.indexedmean;

import java.util.TreeSet;
import java.util.function.IntToDoubleFunction;

/**
 * The adversary of an indexed-mean audit: it knows every non-target person's data (as DP assumes),
 * the canary pair, and sees the coordinates its view exposes — the whole billboard, or the separate
 * outputs of its colluders (person c's output is p̂ at c's index).
 *
 * <p>Its score is the exact log-likelihood ratio of world 1 against world 0 for the claimed
 * mechanism: with the non-target sum removed, each observed coordinate is r_j = ±a + N(0, σ²) with
 * a = min(c, 1)/t (the clipped canary's share of the mean), so LLR = −(2a/σ²)·Σ_{j∈O} r_j over the
 * distinct observed coordinates O (the optimal test by Neyman–Pearson). For σ = 0 (nonprivate) it
 * is −Σ r_j, which orders trials the same way. On a billboard O is all d coordinates; the sum over
 * the read coordinates (the support S) is taken explicitly and the sum over the d − |S| unread ones
 * arrives as the mechanism's exact {@linkplain
 * org.privsim.core.family.indexedmean.IndexedMeanMechanism#unreadResidual unread residual}, so the score
 * has the law of the full d-coordinate sum at O(|S|) cost.
 *
 * <p>Guarantee: observed coordinates are visited in ascending order and the unread residual is added
 * last, so the score has the same bits in every runner; it uses only its view and its knowledge.
 */
public final class IndexedMeanAdversary {

    private final int[] observed;
    private final double[] nonTargetMean;
    private final boolean billboard;
    private final double scale;

    /**
     * The adversary against {@code target} colluding with {@code members}.
     *
     * @param billboard       whether the mechanism publishes a billboard (then every coordinate is seen)
     * @param claimedVariance σ² the mechanism claims
     * @param canaryScale     c of the canary pair
     */
    public IndexedMeanAdversary(IndexedMeanPopulation population, int target, int[] members, boolean billboard,
            double claimedVariance, double canaryScale) {
        int t = population.persons();
        double tn = (double) t * population.task().samplesPerPerson();
        this.billboard = billboard;
        if (billboard) {
            observed = new int[population.supportSize()];
            for (int k = 0; k < observed.length; k++) {
                observed[k] = k;
            }
        } else {
            TreeSet<Integer> positions = new TreeSet<>();
            for (int c : members) {
                positions.add(population.position(population.index(c)));
            }
            observed = positions.stream().mapToInt(Integer::intValue).toArray();
        }
        double[] total = new double[population.supportSize()];
        for (int i = 0; i < t; i++) {
            if (i == target) {
                continue;
            }
            double[] sums = population.person(i).clippedSums();
            for (int k = 0; k < total.length; k++) {
                total[k] += sums[k];
            }
        }
        nonTargetMean = new double[observed.length];
        for (int o = 0; o < observed.length; o++) {
            nonTargetMean[o] = total[observed[o]] / tn;
        }
        double a = Math.min(canaryScale, 1) / t;
        scale = claimedVariance > 0 ? -2 * a / claimedVariance : -1;
    }

    /**
     * The score for a trial in which the support coordinate at position k was released as
     * {@code estimate.applyAsDouble(k)} (only observed positions are asked for), and the unread
     * coordinates' residual was {@code unreadResidual} (ignored unless on a billboard).
     */
    public double score(IntToDoubleFunction estimate, double unreadResidual) {
        double sum = 0;
        for (int o = 0; o < observed.length; o++) {
            sum += estimate.applyAsDouble(observed[o]) - nonTargetMean[o];
        }
        if (billboard) {
            sum += unreadResidual;
        }
        return scale * sum;
    }
}
