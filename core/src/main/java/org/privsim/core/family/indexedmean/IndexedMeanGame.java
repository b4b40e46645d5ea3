package org.privsim.core.family.indexedmean;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.GaussianWhiteBox;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.privacy.Release;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * The distinguishing game of an indexed-mean audit, played on one thread (the reference for the
 * actor runner).
 *
 * <p>World w: every person holds its data from the population (seed, key (1, audit)) except the
 * target, which holds the canary (all +c in world 0, all −c in world 1). Trial r runs the mechanism
 * once as round r of the noise {@link #noise} — the support coordinates explicitly, the unread
 * coordinates of a billboard as their exact {@linkplain IndexedMeanMechanism#unreadResidual
 * residual} — and hands the adversary its view (under {@code white-box}, the whole release scored
 * by {@link GaussianWhiteBox} with both worlds' pre-noise values). Guarantee: pure in (trial, world); the curator's
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
    /** The white-box adversary's views of the release (threat model white-box), else null. */
    private final List<GaussianWhiteBox.View> whiteBox;

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
        this.whiteBox = spec.threatModel() == ThreatModel.WHITE_BOX
                ? whiteBoxViews(mechanism, population, totals, unreadTotals) : null;
    }

    /**
     * What the white-box adversary knows of an indexed-mean release, from its record and both
     * worlds' totals (sums of every person's contributions, the target's canary of each world): the
     * pre-noise estimates total_j/(tn) at the support, and — for a billboard, whose unread
     * coordinates are released too — the pre-noise sum over the d − |S| unread coordinates, whose
     * shift is the same in each of them ({@link GaussianWhiteBox.View#ofSum}).
     *
     * @param totals       {@code totals[w]}: the contributions' sum in world w (support order)
     * @param unreadTotals {@code unreadTotals[w]}: the unread shares' sum in world w
     */
    public static List<GaussianWhiteBox.View> whiteBoxViews(IndexedMeanMechanism mechanism,
            IndexedMeanPopulation population, double[][] totals, double[] unreadTotals) {
        Release release = mechanism.releaseLog(0).releases().get(0);
        double tn = (double) population.persons() * population.task().samplesPerPerson();
        double[][] means = new double[2][totals[0].length];
        for (int w = 0; w < 2; w++) {
            for (int k = 0; k < means[w].length; k++) {
                means[w][k] = totals[w][k] * (1.0 / tn);
            }
        }
        List<GaussianWhiteBox.View> views = new ArrayList<>();
        views.add(GaussianWhiteBox.View.of(release, means[0], means[1]));
        if (mechanism.publishesBillboard() && population.unreadCount() > 0) {
            views.add(GaussianWhiteBox.View.ofSum(release, population.unreadCount(), unreadTotals[0] / tn,
                    unreadTotals[1] / tn));
        }
        return List.copyOf(views);
    }

    /** What a white-box adversary observes of one release: the support estimates, then (billboard) the unread residual. */
    public static List<double[]> whiteBoxObserved(List<GaussianWhiteBox.View> views, double[] estimates,
                                                  double unreadResidual) {
        return views.size() == 1 ? List.of(estimates) : List.of(estimates, new double[] {unreadResidual});
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
        if (whiteBox != null) {
            return GaussianWhiteBox.llr(whiteBox, whiteBoxObserved(whiteBox, estimates, unread));
        }
        return adversary.score(k -> estimates[k], unread);
    }
}
