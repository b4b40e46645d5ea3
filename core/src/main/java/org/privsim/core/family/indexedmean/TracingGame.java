package org.privsim.core.family.indexedmean;

import java.util.SplittableRandom;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.TracingAuc;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * The tracing attack of the fingerprinting lower bounds (Aliakbarpour et al. 2025, proof of Thm. 4.7;
 * Dwork et al. 2015, "Robust traceability from trace amounts") against the whole release of an
 * indexed-mean mechanism, played as a membership game.
 *
 * <p>Trial r draws a fresh population — p uniform on [−1, 1]^d from (seed, "tracing-p", audit, r),
 * person i's n samples in all d coordinates from (seed, "tracing-samples", audit, r, i) — and runs
 * the mechanism once on it (noise from (seed, "tracing-noise", audit, r), one N(0, σ²) per
 * coordinate). The adversary knows p and holds a candidate x: in world 1 the target's own sample
 * mean (a member), in world 0 a fresh draw of n samples from the same population, from (seed,
 * "tracing-outsider", audit, r) (a non-member) — so a higher score means world 1, the orientation
 * every audit method assumes (the area bound fixes it in advance). Its score is the paper's statistic
 * T = Σ_{j∈[d]} (x_j − p_j)(p̂_j − p_j). A member and a non-member are interchangeable in the data
 * set (replacing one by the other is the multitask neighbouring relation), so an (ε, δ)-DP release
 * bounds every threshold test on T by TPR ≤ e^ε·FPR + δ — the audit statistics apply unchanged, and
 * the AUC obeys {@link TracingAuc#ceiling}.
 *
 * <p>Guarantee: pure in (trial, world); coordinates are visited in ascending order, persons in id
 * order. A trial costs O(t·d·n): tracing is inherently over all d coordinates.
 */
public final class TracingGame implements DistinguishingGame {

    private final long seed;
    private final int audit;
    private final IndexedMeanTask task;
    private final int target;
    private final double sigma;

    /** The game of audit number {@code audit} under root seed {@code seed}. */
    public TracingGame(AuditSpec spec, int audit, long seed) {
        this.seed = seed;
        this.audit = audit;
        this.task = (IndexedMeanTask) spec.task();
        this.target = spec.target();
        IndexedMeanMechanism mechanism = IndexedMeanGame.mechanism(spec);
        this.sigma = mechanism.sigma();
    }

    @Override
    public double score(int trial, int world) {
        int d = task.dimension();
        int t = task.persons();
        int n = task.samplesPerPerson();
        SplittableRandom meanStream = RandomStreams.stream(seed, "tracing-p", audit, trial);
        double[] p = new double[d];
        for (int j = 0; j < d; j++) {
            p[j] = 2 * meanStream.nextDouble() - 1;
        }
        double[] total = new double[d];
        double[] member = null;
        for (int i = 0; i < t; i++) {
            double[] sums = sums(p, RandomStreams.stream(seed, "tracing-samples", audit, trial, i));
            for (int j = 0; j < d; j++) {
                total[j] += sums[j];
            }
            if (i == target) {
                member = sums;
            }
        }
        double[] candidate = world == 1 ? member : sums(p, RandomStreams.stream(seed, "tracing-outsider", audit, trial));
        SplittableRandom noise = RandomStreams.stream(seed, "tracing-noise", audit, trial);
        double tn = (double) t * n;
        double score = 0;
        for (int j = 0; j < d; j++) {
            double released = total[j] / tn + (sigma > 0 ? sigma * noise.nextGaussian() : 0);
            score += (candidate[j] / n - p[j]) * (released - p[j]);
        }
        return score;
    }

    /** One person's n ±1 samples with mean p, summed per coordinate (sample by sample, coordinate by coordinate). */
    private double[] sums(double[] p, SplittableRandom samples) {
        double[] sums = new double[p.length];
        for (int s = 0; s < task.samplesPerPerson(); s++) {
            for (int j = 0; j < p.length; j++) {
                sums[j] += samples.nextDouble() < (1 + p[j]) / 2 ? 1 : -1;
            }
        }
        return sums;
    }
}
