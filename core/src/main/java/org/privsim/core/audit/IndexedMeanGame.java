package org.privsim.core.audit;

import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.indexedmean.PersonData;
import org.privsim.core.indexedmean.ReleaseNoise;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * The distinguishing game of an indexed-mean audit, played on one thread (the reference for the
 * actor runner).
 *
 * <p>World w: every person holds its data from the population (seed, key (1, audit)) except the
 * target, which holds the canary (all +c in world 0, all −c in world 1). Trial r runs the mechanism
 * once as round r of the noise {@link #noise} — the support coordinates explicitly, the unread
 * coordinates of a billboard as their exact {@linkplain IndexedMeanMechanism#unreadResidual
 * residual} — and hands the adversary its view. Guarantee: pure in (trial, world); the curator's
 * totals are summed in person-id order, exactly as the actor curator does; a trial costs O(|S|) ≤
 * O(t), whatever d.
 */
public final class IndexedMeanGame implements DistinguishingGame {

    private final IndexedMeanMechanism mechanism;
    private final IndexedMeanAdversary adversary;
    private final ReleaseNoise noise;
    private final int[] support;
    private final long unreadCount;
    private final double[][] totals = new double[2][];
    private final double[] unreadTotals = new double[2];

    /** The game of audit number {@code audit} (its index in the scenario) under root seed {@code seed}. */
    public IndexedMeanGame(AuditSpec spec, int audit, long seed) {
        IndexedMeanPopulation population = population(spec, audit, seed);
        this.mechanism = mechanism(spec);
        this.noise = noise(seed, audit);
        this.support = population.support();
        this.unreadCount = population.unreadCount();
        this.adversary = new IndexedMeanAdversary(population, spec.target(),
                spec.collusion().members(population.persons(), spec.target()), mechanism.publishesBillboard(),
                mechanism.claimedVariance(), spec.canaryScale());
        for (int world = 0; world < 2; world++) {
            double[][] contributions = new double[population.persons()][];
            double[] shares = new double[population.persons()];
            for (int i = 0; i < contributions.length; i++) {
                PersonData data = i == spec.target()
                        ? population.canary(i, world, spec.canaryScale())
                        : population.person(i);
                contributions[i] = data.contribution(mechanism.clips());
                shares[i] = data.unread(mechanism.clips());
            }
            totals[world] = IndexedMeanMechanism.total(contributions);
            unreadTotals[world] = IndexedMeanMechanism.unreadTotal(shares);
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

    /** The curator's noise of audit {@code audit}: trial r is its round r. */
    public static ReleaseNoise noise(long seed, int audit) {
        return new ReleaseNoise(seed, "audit-noise", audit);
    }

    @Override
    public double score(int trial, int world) {
        double[] estimates = mechanism.release(support, totals[world], noise, trial);
        double unread = mechanism.publishesBillboard()
                ? mechanism.unreadResidual(unreadTotals[world], unreadCount, noise, trial)
                : 0;
        return adversary.score(k -> estimates[k], unread);
    }
}
