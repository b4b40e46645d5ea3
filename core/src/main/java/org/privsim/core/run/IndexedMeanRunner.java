package org.privsim.core.run;

import org.privsim.core.indexedmean.IndexedMeanLoss;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.indexedmean.IndexedMeanRunPlan;

/**
 * Runs indexed-mean cells on one thread: the reference the actor runner must match bit for bit.
 * Per repeat: every person's clipped contribution at the support is summed in id order, the curator
 * releases the support, and each person's loss term is summed in id order. Cost per repeat
 * O(t·|S|·n) ≤ O(t²n), independent of d.
 */
public final class IndexedMeanRunner {
    private IndexedMeanRunner() {}

    /** All repeats of {@code cell} under root seed {@code seed}. */
    public static IndexedMeanResult run(IndexedMeanRunPlan cell, long seed) {
        int repeats = cell.spec().repeats();
        double[] losses = new double[repeats];
        double[] closedForms = new double[repeats];
        IndexedMeanMechanism mechanism = cell.mechanism();
        for (int r = 0; r < repeats; r++) {
            IndexedMeanPopulation population = cell.population(seed, r);
            double[][] contributions = new double[population.persons()][];
            for (int i = 0; i < contributions.length; i++) {
                contributions[i] = population.person(i).contribution(mechanism.clips());
            }
            double[] estimates = mechanism.release(population.support(), IndexedMeanMechanism.total(contributions),
                    cell.noise(seed), r);
            losses[r] = IndexedMeanLoss.mean(population, estimates);
            closedForms[r] = IndexedMeanLoss.expected(population, mechanism.claimedVariance());
        }
        return IndexedMeanResult.of(cell, losses, closedForms);
    }
}
