package org.privsim.core.scenario;

/**
 * The settings of the federated algorithms with user-level DP: {@code dp-fedavg} (McMahan et al.
 * 2018) with local fine-tuning, and {@code dp-fedrep} (Collins et al. 2021). Each round a Poisson
 * sample of users (rate q) runs {@code localEpochs} full-batch gradient steps of size
 * {@code learningRate} on its training rows from the published model (dp-fedavg: the model θ;
 * dp-fedrep: the representation U, with its head v fitted first), clips its update to L2
 * (Frobenius) norm {@code clipUpdate}; the curator adds N(0, σ²·clipUpdate²) to the sum and
 * averages over the expected cohort q·n. σ is {@code noiseMultiplier} when given, else the smallest
 * σ whose Poisson-subsampled Gaussian account of {@code rounds} rounds by {@code accountant} meets
 * (ε, δ); the ledger charges by the same accountant. Every user then fits its personal model with
 * the experiment's {@code ridge}. {@code cohort} fixed draws exactly round(q·n) users a round without
 * replacement instead (replace-one, accounted by RDP); {@code adaptiveClip} makes the clip follow a
 * private quantile of the update norms, starting at {@code clipUpdate}; {@code noise} tree or banded
 * correlates the rounds' noise (DP-FTRL's tree aggregation, banded matrix factorization).
 *
 * <p>Guarantee: an immutable value with every default resolved.
 *
 * @param samplingRate    q, each user's chance of joining a round
 * @param rounds          T, the number of rounds (each one noisy release)
 * @param noiseMultiplier σ as given, or null to calibrate it to each ε
 * @param clipUpdate      C, the L2 bound on a user's model update (the sum's add/remove sensitivity)
 * @param learningRate    η, the local gradient step
 * @param localEpochs     E (dp-fedrep: τ), full-batch gradient steps per round on the user's training rows
 * @param accountant      the accountant σ is calibrated, the ledger charged and ε reported by
 * @param cohort          Poisson sampling at rate q, or fixed cohorts of round(q·n) users (accounted by RDP)
 * @param adaptiveClip    the adaptive clipping's settings, with clipUpdate the initial clip; null: fixed clipping
 * @param noise           how the rounds are noised ({@code independent}, or correlated: {@code tree}, {@code banded};
 *                        see {@code org.privsim.core.family.federated.CorrelatedNoise})
 * @param bands           b, the bands of the {@code banded} factorization (1 otherwise)
 */
public record FedAvgSettings(double samplingRate, int rounds, Double noiseMultiplier, double clipUpdate,
                             double learningRate, int localEpochs, Accountant accountant, Cohort cohort,
                             AdaptiveClip adaptiveClip, Noise noise, int bands) implements AlgorithmSettings {

    /** Poisson cohorts, fixed clipping and independent noise per round. */
    public FedAvgSettings(double samplingRate, int rounds, Double noiseMultiplier, double clipUpdate,
                          double learningRate, int localEpochs, Accountant accountant) {
        this(samplingRate, rounds, noiseMultiplier, clipUpdate, learningRate, localEpochs, accountant, Cohort.POISSON,
                null, Noise.INDEPENDENT, 1);
    }

    /** Default q. */
    public static final double SAMPLING_RATE = 0.1;
    /** Default T. */
    public static final int ROUNDS = 50;
    /** Default C. */
    public static final double CLIP_UPDATE = 1.0;
    /** Default η. */
    public static final double LEARNING_RATE = 0.5;
    /** Default E. */
    public static final int LOCAL_EPOCHS = 1;
    /** Largest T. */
    public static final int MAX_ROUNDS = 100_000;
    /** Largest E. */
    public static final int MAX_LOCAL_EPOCHS = 1_000;
}
