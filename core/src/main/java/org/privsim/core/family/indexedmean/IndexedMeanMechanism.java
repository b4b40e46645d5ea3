package org.privsim.core.family.indexedmean;

import org.privsim.core.mechanism.Injection;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.scenario.Algorithm;

/**
 * The curator of an indexed-mean task: the Gaussian mechanisms of Aliakbarpour et al. 2025
 * (Appendix C.1) for a ρ-zCDP target, generalised to n samples per person.
 *
 * <p>Derivation for n samples: the curator releases p̄_j = Σ_i s_ij / (tn) + Z_j, where s_ij is
 * person i's sum of n clipped samples of coordinate j, so |s_ij| ≤ n. Replacing person i's whole
 * dataset (the multitask neighbouring relation) moves every p̄_j by at most 2n/(tn) = 2/t — the
 * same as for n = 1. Hence the paper's variances hold for every n:
 * <ul>
 *   <li>billboard: all d coordinates are public, L2 sensitivity 2√d/t, σ² = 2d/(ρt²) (ρ-zCDP);
 *   <li>JDP: the t−1 other persons see at most t−1 distinct coordinates, L2 sensitivity
 *       2√(t−1)/t, σ² = 2(t−1)/(ρt²) (ρ-JCDP);
 *   <li>1-out-of-t: one other person sees one coordinate, sensitivity 2/t, σ² = 2/(ρt²);
 *   <li>nonprivate: σ = 0.
 * </ul>
 * Only the sampling term of the loss depends on n: E ¼(p̂_j − p_j)² = ¼((1 − p_j²)/(tn) + σ²).
 *
 * <p>Noise: Z_j ~ N(0, 1) per released coordinate from {@link ReleaseNoise}, pure in (seed, round,
 * coordinate); the curator releases explicitly only the support S (the coordinates persons read),
 * and separate outputs give every person with index j the same Z_j (persons sharing a coordinate
 * learn nothing more together). The d − |S| unread coordinates of a billboard are represented by
 * {@link #unreadResidual}, the one statistic of them an audit adversary's LLR uses, drawn exactly.
 * Guarantee: {@link #release} and {@link #unreadResidual} are pure functions of their arguments.
 * With an {@link Injection} the release is broken as stated
 * there while {@link #claimedVariance} still reports the correct calibration: noiseMultiplier
 * scales σ; skipClipping sums raw samples; ignoreComposition calibrates every coordinate as a lone
 * release of sensitivity 2/t (billboard and JDP lose their √d and √(t−1) factors).
 */
public final class IndexedMeanMechanism {

    private final Algorithm algorithm;
    private final int persons;
    private final int samplesPerPerson;
    private final double claimedVariance;
    private final double sigma;
    private final double rho;
    private final double sensitivity;
    private final Injection injection;

    /**
     * The mechanism {@code algorithm} (an indexed-mean one) for t persons with n samples in d
     * dimensions, at zCDP budget {@code rho} (ignored for the nonprivate mechanism).
     */
    public IndexedMeanMechanism(Algorithm algorithm, int dimension, int persons, int samplesPerPerson, double rho,
            Injection injection) {
        if (!algorithm.isIndexedMean()) {
            throw new IllegalArgumentException(algorithm.id() + " is not an indexed-mean mechanism");
        }
        this.algorithm = algorithm;
        this.persons = persons;
        this.samplesPerPerson = samplesPerPerson;
        this.injection = injection;
        this.claimedVariance = variance(algorithm, dimension, persons, rho, false);
        double actualVariance = variance(algorithm, dimension, persons, rho, injection.ignoreComposition());
        this.sigma = Math.sqrt(actualVariance) * injection.noiseMultiplier();
        this.rho = rho;
        long seen = switch (algorithm) {
            case INDEXED_MEAN_BILLBOARD -> dimension;
            case INDEXED_MEAN_JDP -> persons - 1;
            default -> 1;
        };
        this.sensitivity = 2 * Math.sqrt((double) seen) / persons;
    }

    /**
     * The release of round {@code round} as data: a Gaussian release of the estimates with the L2
     * sensitivity of the coordinates one threat model's observers see (2√d/t, 2√(t−1)/t, 2/t; replace
     * one person's data), the σ actually added and the claimed ρ, charged to a zCDP ledger of the t
     * persons; {@link ReleaseLog#NONE} for the nonprivate mechanism.
     */
    public ReleaseLog releaseLog(int round) {
        if (algorithm == Algorithm.INDEXED_MEAN_NONPRIVATE) {
            return ReleaseLog.NONE;
        }
        Ledger ledger = Ledger.zcdp(persons, rho);
        ledger.chargeAll(Release.gaussian(round, "estimates", Release.Relation.REPLACE_ONE, sensitivity, sigma, rho,
                persons));
        return ledger.log();
    }

    /** σ² of the correct mechanism: 2d/(ρt²), 2(t−1)/(ρt²), 2/(ρt²) or 0. */
    public static double variance(Algorithm algorithm, int dimension, int persons, double rho) {
        return variance(algorithm, dimension, persons, rho, false);
    }

    private static double variance(Algorithm algorithm, int d, int t, double rho, boolean ignoreComposition) {
        double single = 2 / (rho * t * (double) t);
        return switch (algorithm) {
            case INDEXED_MEAN_NONPRIVATE -> 0;
            case INDEXED_MEAN_BILLBOARD -> ignoreComposition ? single : d * single;
            case INDEXED_MEAN_JDP -> ignoreComposition ? single : (t - 1) * single;
            case INDEXED_MEAN_ONE_OUT_OF_T -> single;
            default -> throw new IllegalArgumentException(algorithm.id() + " is not an indexed-mean mechanism");
        };
    }

    /** The mechanism's algorithm. */
    public Algorithm algorithm() {
        return algorithm;
    }

    /** Whether the output is one public vector (billboard) rather than a separate output per person. */
    public boolean publishesBillboard() {
        return algorithm == Algorithm.INDEXED_MEAN_BILLBOARD;
    }

    /** Whether contributions are clipped (false only under the skipClipping fault). */
    public boolean clips() {
        return !injection.skipClipping();
    }

    /** σ² the mechanism claims (the correct calibration, whatever fault is injected). */
    public double claimedVariance() {
        return claimedVariance;
    }

    /** The noise standard deviation actually added. */
    public double sigma() {
        return sigma;
    }

    /**
     * The curator's total Σ_i contribution_i, summed position-wise in person-id order (index =
     * person id). Every runner sums through here, so totals have the same bits everywhere.
     */
    public static double[] total(double[][] contributionsById) {
        double[] total = new double[contributionsById[0].length];
        for (double[] contribution : contributionsById) {
            for (int j = 0; j < total.length; j++) {
                total[j] += contribution[j];
            }
        }
        return total;
    }

    /** The sum of the persons' unread shares, in person-id order (index = person id). */
    public static double unreadTotal(double[] sharesById) {
        double total = 0;
        for (double share : sharesById) {
            total += share;
        }
        return total;
    }

    /**
     * The released estimates p̂_j = total_j/(tn) + σ·Z_j of round {@code round} at the support
     * coordinates j = support[k], where {@code total} (indexed by support position) is the sum of all
     * persons' contributions (summed in person-id order by the caller).
     */
    public double[] release(int[] support, double[] total, ReleaseNoise noise, int round) {
        double scale = 1.0 / ((double) persons * samplesPerPerson);
        double[] estimates = new double[total.length];
        for (int k = 0; k < total.length; k++) {
            estimates[k] = total[k] * scale;
            if (sigma > 0) {
                estimates[k] += sigma * noise.gaussian(round, support[k]);
            }
        }
        return estimates;
    }

    /**
     * The unread residual of round {@code round}: Σ over the {@code unreadCount} coordinates u nobody
     * reads of (p̂_u − Σ_{i known} s_iu/(tn)), the billboard's unread coordinates with the data an
     * audit adversary knows removed, given {@code unreadTotal} = Σ_i of the persons' unread shares
     * ({@link PersonData#unread}, summed in person-id order).
     *
     * <p>Exactness: with every non-target person's data known and removed, p̂_u − known_u =
     * v/(tn) + σZ_u where v is the canary's contribution, the same in every coordinate (the canary
     * is ±c in all d coordinates). The Z_u are independent N(0, 1), so the sum over the d_u unread
     * coordinates is N(d_u·v/(tn), d_u·σ²) — exactly the law of unreadTotal/(tn) + σ·√d_u·Z with
     * one Z ~ N(0, 1). Drawing that single Z ({@link ReleaseNoise#unreadGaussian}) is therefore
     * distributionally identical to releasing all d coordinates and summing.
     */
    public double unreadResidual(double unreadTotal, long unreadCount, ReleaseNoise noise, int round) {
        double residual = unreadTotal / ((double) persons * samplesPerPerson);
        if (sigma > 0 && unreadCount > 0) {
            residual += sigma * Math.sqrt((double) unreadCount) * noise.unreadGaussian(round);
        }
        return residual;
    }
}
