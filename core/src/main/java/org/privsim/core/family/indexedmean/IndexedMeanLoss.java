package org.privsim.core.family.indexedmean;

import org.hipparchus.distribution.discrete.BinomialDistribution;
import org.privsim.core.privacy.StandardNormal;
import org.privsim.core.scenario.IndexedLoss;

/**
 * The loss of an indexed task of Aliakbarpour et al. 2025 — ¼(p̂_{j_i} − p_{j_i})² for
 * {@code indexed-mean}, |p_{j_i}|·1[sign(p̂_{j_i}) ≠ sign(p_{j_i})] for {@code indexed-sign} (sign(0)
 * = +1; a person whose p_{j_i} is 0 loses nothing) — and its closed-form expectation for the Gaussian
 * mechanisms.
 *
 * <p>Guarantee: {@link #mean} and {@link #expected} sum persons in id order and divide by t once;
 * {@link #meanOfTerms} is that same fold over terms computed elsewhere (e.g. by person actors), so
 * a runner that collects {@link #ofPerson} terms by id and calls it gets the same bits.
 */
public final class IndexedMeanLoss {
    private IndexedMeanLoss() {}

    /** Person {@code person}'s loss for the estimate it received. */
    public static double ofPerson(IndexedMeanPopulation population, int person, double estimate) {
        double p = population.mean(population.index(person));
        if (population.task().loss() == IndexedLoss.SIGN) {
            return (estimate >= 0) == (p >= 0) || p == 0 ? 0 : Math.abs(p);
        }
        double error = estimate - p;
        return 0.25 * error * error;
    }

    /**
     * The mean loss over persons when person i receives the release at j_i, {@code estimates} being
     * indexed by support position.
     */
    public static double mean(IndexedMeanPopulation population, double[] estimates) {
        double[] terms = new double[population.persons()];
        for (int i = 0; i < terms.length; i++) {
            terms[i] = ofPerson(population, i, estimates[population.position(population.index(i))]);
        }
        return meanOfTerms(terms);
    }

    /** The mean of per-person loss terms indexed by person id: summed in id order, divided by t once. */
    public static double meanOfTerms(double[] termsById) {
        double sum = 0;
        for (double term : termsById) {
            sum += term;
        }
        return sum / termsById.length;
    }

    /**
     * E[loss | p], the mean over persons of each person's expected loss. Squared loss:
     * ¼((1 − p_{j_i}²)/(tn) + σ²), the sampling variance of the empirical mean of tn ±1 samples plus
     * the Gaussian noise variance σ². Sign loss: |p|·P(wrong sign) with p̂ = (2B − N)/N + σZ, N = tn,
     * B ~ Binomial(N, (1 + p)/2) the number of +1 samples at the coordinate, Z ~ N(0, 1) — exactly
     * Σ_b P(B = b)·Φ(∓(2b − N)/(Nσ)) (− for p &gt; 0, where p̂ &lt; 0 is wrong; + for p &lt; 0, where
     * p̂ ≥ 0 is), or P(B &lt; N/2) / P(B ≥ N/2) when σ = 0; the sum runs over b within 12 standard
     * deviations of the mean (the rest has probability below 1e-30).
     */
    public static double expected(IndexedMeanPopulation population, double noiseVariance) {
        int t = population.persons();
        int n = population.task().samplesPerPerson();
        double tn = (double) t * n;
        boolean sign = population.task().loss() == IndexedLoss.SIGN;
        double sum = 0;
        for (int i = 0; i < t; i++) {
            double p = population.mean(population.index(i));
            sum += sign ? Math.abs(p) * wrongSign(p, t * n, Math.sqrt(noiseVariance))
                    : 0.25 * ((1 - p * p) / tn + noiseVariance);
        }
        return sum / t;
    }

    /** P(sign(p̂) ≠ sign(p)) for p̂ = (2B − N)/N + σZ (see {@link #expected}); 0 for p = 0. */
    static double wrongSign(double p, int samples, double sigma) {
        if (p == 0) {
            return 0;
        }
        BinomialDistribution plusOnes = new BinomialDistribution(samples, (1 + p) / 2);
        if (sigma == 0) {
            // p > 0: wrong iff 2B − N < 0, i.e. B ≤ ⌈N/2⌉ − 1; p < 0: wrong iff B ≥ N/2.
            double below = plusOnes.cumulativeProbability((samples + 1) / 2 - 1);
            return p > 0 ? below : 1 - below;
        }
        double mean = samples * (1 + p) / 2;
        double spread = 12 * Math.sqrt(samples * (1 - p * p) / 4) + 1;
        int from = (int) Math.max(0, Math.floor(mean - spread));
        int to = (int) Math.min(samples, Math.ceil(mean + spread));
        double wrong = 0;
        for (int b = from; b <= to; b++) {
            double z = (2.0 * b - samples) / (samples * sigma);
            wrong += plusOnes.probability(b) * StandardNormal.cdf(p > 0 ? -z : z);
        }
        return wrong;
    }
}
