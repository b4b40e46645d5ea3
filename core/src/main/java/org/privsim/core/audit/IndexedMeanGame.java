package org.privsim.core.audit;

import java.util.SplittableRandom;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * The distinguishing game of an indexed-mean audit, played on one thread (the reference for the
 * actor runner).
 *
 * <p>World w: every person holds its data from the population (seed, key (1, audit)) except the
 * target, which holds the canary (all +c in world 0, all −c in world 1). A trial runs the mechanism
 * once with fresh noise from (seed, "audit-noise", audit, trial) and hands the adversary its view.
 * Guarantee: pure in (trial, world); the curator's total is summed in person-id order, exactly as
 * the actor curator does.
 */
public final class IndexedMeanGame implements DistinguishingGame {

    private final long seed;
    private final int audit;
    private final IndexedMeanMechanism mechanism;
    private final IndexedMeanAdversary adversary;
    private final double[][] totals = new double[2][];

    /** The game of audit number {@code audit} (its index in the scenario) under root seed {@code seed}. */
    public IndexedMeanGame(AuditSpec spec, int audit, long seed) {
        this.seed = seed;
        this.audit = audit;
        IndexedMeanPopulation population = population(spec, audit, seed);
        this.mechanism = mechanism(spec);
        this.adversary = new IndexedMeanAdversary(population, spec.target(),
                spec.collusion().members(population.persons(), spec.target()), mechanism.publishesBillboard(),
                mechanism.claimedVariance(), spec.canaryScale());
        for (int world = 0; world < 2; world++) {
            totals[world] = total(population, spec, world, mechanism.clips());
        }
    }

    /** The population an indexed-mean audit runs on. */
    public static IndexedMeanPopulation population(AuditSpec spec, int audit, long seed) {
        return new IndexedMeanPopulation((IndexedMeanTask) spec.task(), seed, 1, audit);
    }

    /** The (possibly broken) mechanism an indexed-mean audit tests. */
    public static IndexedMeanMechanism mechanism(AuditSpec spec) {
        IndexedMeanTask task = (IndexedMeanTask) spec.task();
        double rho = spec.algorithm().isPrivate() ? spec.calibration().totalRho(spec.epsilon(), spec.delta()) : 0;
        return new IndexedMeanMechanism(spec.algorithm(), task.dimension(), task.persons(), task.samplesPerPerson(),
                rho, spec.inject());
    }

    /** The noise stream of trial {@code trial} of audit {@code audit}. */
    public static SplittableRandom noise(long seed, int audit, int trial) {
        return RandomStreams.stream(seed, "audit-noise", audit, trial);
    }

    @Override
    public double score(int trial, int world) {
        double[] estimates = mechanism.release(totals[world], noise(seed, audit, trial));
        return adversary.score(j -> estimates[j]);
    }

    private static double[] total(IndexedMeanPopulation population, AuditSpec spec, int world, boolean clip) {
        double[][] contributions = new double[population.persons()][];
        for (int i = 0; i < contributions.length; i++) {
            contributions[i] = (i == spec.target()
                    ? population.canary(i, world, spec.canaryScale())
                    : population.person(i)).contribution(clip);
        }
        return IndexedMeanMechanism.total(contributions);
    }
}
