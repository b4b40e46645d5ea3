package org.privsim.core.indexedmean;

/**
 * The indexed-mean loss ¼(p̂_{j_i} − p_{j_i})² of Aliakbarpour et al. 2025 and its closed-form
 * expectation for the Gaussian mechanisms.
 *
 * <p>Guarantee: {@link #mean} and {@link #expected} sum persons in id order and divide by t once;
 * {@link #meanOfTerms} is that same fold over terms computed elsewhere (e.g. by person actors), so
 * a runner that collects {@link #ofPerson} terms by id and calls it gets the same bits.
 */
public final class IndexedMeanLoss {
    private IndexedMeanLoss() {}

    /** Person {@code person}'s loss for the estimate it received. */
    public static double ofPerson(IndexedMeanPopulation population, int person, double estimate) {
        double error = estimate - population.mean(population.index(person));
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
     * E[loss | p] = mean over persons of ¼((1 − p_{j_i}²)/(tn) + σ²): the sampling variance of the
     * empirical mean of tn ±1 samples plus the Gaussian noise variance σ².
     */
    public static double expected(IndexedMeanPopulation population, double noiseVariance) {
        int t = population.persons();
        double tn = (double) t * population.task().samplesPerPerson();
        double sum = 0;
        for (int i = 0; i < t; i++) {
            double p = population.mean(population.index(i));
            sum += 0.25 * ((1 - p * p) / tn + noiseVariance);
        }
        return sum / t;
    }
}
