package org.privsim.core.mechanism;

import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.PoissonSample;
import org.privsim.core.privacy.Release;

/**
 * One run of the banded matrix factorization mechanism with cyclic Poisson participation
 * (Choquette-Choo, Ganesh, McKenna, McMahan, Rush, Thakurta, Xu, NeurIPS 2023, "(Amplified) banded
 * matrix factorization"), with the banded square-root factorization of the prefix-sum workload
 * (Kalinin &amp; Lampert, NeurIPS 2024): C is the lower-triangular Toeplitz matrix of the first b
 * coefficients of (1 − x)^(−1/2) ({@link #coefficients}), scaled so its largest column norm is 1.
 *
 * <p>Users are split into b partitions by id mod b; round t (1-based) draws a Poisson sample at rate
 * q·b of partition (t − 1) mod b, so the expected cohort is q·n. Round t releases the cohort's sum
 * plus σC·w_t per coordinate, w = C⁻¹Z with Z_t ~ N(0, I) from {@code noise(t)}, computed by the
 * recursion w_t = (Z_t − Σ_{j=1}^{b−1} c_j w_{t−j}) / c₀ from the last b − 1 vectors: the released
 * prefix sums carry the noise σC·A·C⁻¹·Z, the factorization's. The ledger charges one sampled
 * Gaussian step at rate q·b (the calibration's) at the first round of every cycle of b rounds, before
 * its cohort is drawn — ⌈T/b⌉ in all, the amplified reduction.
 *
 * <p>Guarantee: a pure function of the streams and the sums; at b = 1 (C = I, one partition) every
 * cohort, release, record and charge is {@link SampledGaussianRun}'s bit for bit. Not thread-safe.
 */
public final class BandedRun implements RoundMechanism {
    private final SgdCalibration calibration;
    private final Release release;
    private final Ledger ledger;
    private final double samplingRate;
    private final int users;
    private final int bands;
    private final double[] c;
    private final IntFunction<SplittableRandom> samples;
    private final IntFunction<SplittableRandom> noise;
    /** w_{t−j} at index (t − j) mod b, for the last b − 1 rounds. */
    private final double[][] recent;

    /**
     * @param calibration   σ, the rate q·b and the account of ⌈T/b⌉ steps ({@link SgdCalibration#calibrate})
     * @param name          what each round releases
     * @param clip          the L2 bound C of every contribution
     * @param injected      a factor on the noise actually added (1 unless an audit injects a fault)
     * @param users         the population n
     * @param samplingRate  q, the rate of dp-fedavg whose expected cohort q·n the runs keep
     * @param bands         b ≥ 1, with q·b the calibration's rate
     * @param budgetEpsilon the ledger's ε budget
     * @param samples       the sampling stream of round t
     * @param noise         the noise stream of round t
     */
    public BandedRun(SgdCalibration calibration, String name, double clip, double injected, int users,
                     double samplingRate, int bands, double budgetEpsilon, IntFunction<SplittableRandom> samples,
                     IntFunction<SplittableRandom> noise) {
        this.calibration = calibration;
        this.release = calibration.release(name, clip, injected, users);
        this.ledger = calibration.ledger(users, budgetEpsilon);
        this.samplingRate = samplingRate;
        this.users = users;
        this.bands = bands;
        this.c = coefficients(bands);
        this.samples = samples;
        this.noise = noise;
        this.recent = new double[bands][];
    }

    /**
     * The first b Toeplitz coefficients of (1 − x)^(−1/2) — c₀ = 1, c_i = c_{i−1}·(2i − 1)/(2i) —
     * divided by their L2 norm, the largest column norm of the banded C (b ≤ T): c₀ = 1 at b = 1.
     */
    public static double[] coefficients(int bands) {
        if (bands < 1) {
            throw new IllegalArgumentException("bands must be at least 1, got " + bands);
        }
        double[] c = new double[bands];
        c[0] = 1;
        double squares = 1;
        for (int i = 1; i < bands; i++) {
            c[i] = c[i - 1] * (2 * i - 1) / (2 * i);
            squares += c[i] * c[i];
        }
        double norm = Math.sqrt(squares);
        for (int i = 0; i < bands; i++) {
            c[i] /= norm;
        }
        return c;
    }

    @Override
    public int[] cohort(int step) {
        if ((step - 1) % bands == 0) {
            ledger.chargeAll(release.atRound(step));
        }
        int part = (step - 1) % bands;
        int size = (users - part + bands - 1) / bands;
        int[] drawn = PoissonSample.of(size, calibration.samplingRate(), samples.apply(step));
        if (bands > 1) {
            for (int i = 0; i < drawn.length; i++) {
                drawn[i] = part + drawn[i] * bands;
            }
        }
        return drawn;
    }

    /** Round {@code step}'s noisy sum: {@code sum} + σC·(C⁻¹Z)_t (a new array); rounds in order 1, 2, …. */
    @Override
    public double[] privatize(int step, double[] sum) {
        double[] z = GaussianMechanism.addNoise(new double[sum.length], 1, noise.apply(step));
        double[] w = new double[sum.length];
        for (int p = 0; p < w.length; p++) {
            double carried = 0;
            for (int j = 1; j < bands && step - j >= 1; j++) {
                carried += c[j] * recent[(step - j) % bands][p];
            }
            w[p] = (z[p] - carried) / c[0];
        }
        recent[step % bands] = w;
        double sigma = release.sigma();
        double[] noisy = new double[sum.length];
        for (int p = 0; p < noisy.length; p++) {
            noisy[p] = sum[p] + sigma * w[p];
        }
        return noisy;
    }

    @Override
    public Release record(int step) {
        return release.atRound(step);
    }

    /** q·n, dp-fedavg's expected cohort (partition (t − 1) mod b holds about n/b users, sampled at q·b). */
    @Override
    public double expectedCohort() {
        return samplingRate * users;
    }

    @Override
    public Ledger ledger() {
        return ledger;
    }
}
