package org.privsim.core.audit;

import java.util.TreeSet;
import java.util.function.IntToDoubleFunction;
import org.privsim.core.indexedmean.IndexedMeanPopulation;

/**
 * The adversary of an indexed-mean audit: it knows every non-target person's data (as DP assumes),
 * the canary pair, and sees the coordinates its view exposes — the whole billboard, or the separate
 * outputs of its colluders (person c's output is p̂ at c's index).
 *
 * <p>Its score is the exact log-likelihood ratio of world 1 against world 0 for the claimed
 * mechanism: with the non-target sum removed, each observed coordinate is r_j = ±a + N(0, σ²) with
 * a = min(c, 1)/t (the clipped canary's share of the mean), so LLR = −(2a/σ²)·Σ_{j∈O} r_j over the
 * distinct observed coordinates O (the optimal test by Neyman–Pearson). For σ = 0 (nonprivate) it
 * is −Σ r_j, which orders trials the same way. Guarantee: coordinates are visited in ascending
 * order, so the score has the same bits in every runner; it uses only its view and its knowledge.
 */
public final class IndexedMeanAdversary {

    private final int[] observed;
    private final double[] nonTargetMean;
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
        int d = population.task().dimension();
        int t = population.persons();
        double tn = (double) t * population.task().samplesPerPerson();
        if (billboard) {
            observed = new int[d];
            for (int j = 0; j < d; j++) {
                observed[j] = j;
            }
        } else {
            TreeSet<Integer> coordinates = new TreeSet<>();
            for (int c : members) {
                coordinates.add(population.index(c));
            }
            observed = coordinates.stream().mapToInt(Integer::intValue).toArray();
        }
        double[] total = new double[d];
        for (int i = 0; i < t; i++) {
            if (i == target) {
                continue;
            }
            double[] sums = population.person(i).clippedSums();
            for (int j = 0; j < d; j++) {
                total[j] += sums[j];
            }
        }
        nonTargetMean = new double[d];
        for (int j = 0; j < d; j++) {
            nonTargetMean[j] = total[j] / tn;
        }
        double a = Math.min(canaryScale, 1) / t;
        scale = claimedVariance > 0 ? -2 * a / claimedVariance : -1;
    }

    /** The score for a trial in which coordinate j was released as {@code estimate.applyAsDouble(j)}. */
    public double score(IntToDoubleFunction estimate) {
        double sum = 0;
        for (int j : observed) {
            sum += estimate.applyAsDouble(j) - nonTargetMean[j];
        }
        return scale * sum;
    }
}
