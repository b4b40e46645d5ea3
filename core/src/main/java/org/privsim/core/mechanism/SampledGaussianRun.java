package org.privsim.core.mechanism;

import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.privsim.core.privacy.FixedSizeSample;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.PoissonSample;
import org.privsim.core.privacy.Release;

/**
 * One run of the Poisson-subsampled Gaussian mechanism, the part DP-SGD's steps and the rounds of
 * DP-FedAvg and DP-FedRep share — the privacy wrapper the algorithms compose, as Flower wraps any
 * strategy in its DP wrappers: the step's cohort (Poisson sampling), the clipping bound the
 * participants' contributions obey (the sensitivity), the noise on the sum of the contributions
 * and the accountant's ledger, which charges every step before its cohort is drawn. The algorithm
 * keeps what it does with the noisy sum.
 *
 * <p>Guarantee: step t's cohort is {@link PoissonSample#of}(users, q, {@code samples(t)}) — with a
 * fixed cohort {@link FixedSizeSample#of}(users, m, {@code samples(t)}) — and its
 * release the sum plus {@link GaussianMechanism#addNoise} with σ·clip·{@code injected} (or the
 * record's σ, when the algorithm states each step's record: adaptive clipping) from
 * {@code noise(t)}, so a run is a pure function of the streams and the answers; a step the ledger
 * refuses throws {@link org.privsim.core.privacy.BudgetExceededException} before anything is drawn.
 * Not thread-safe (the ledger): one run, one thread.
 */
public final class SampledGaussianRun implements RoundMechanism {
    private final SgdCalibration calibration;
    private final String name;
    private final double injected;
    private final int users;
    private final Release release;
    private final Ledger ledger;
    private final IntFunction<SplittableRandom> samples;
    private final IntFunction<SplittableRandom> noise;

    /**
     * @param calibration   σ, q and the accountant's account of the run
     * @param name          what each step releases, e.g. {@code "clipped update sum"}
     * @param clip          the L2 bound C of every contribution: the release's sensitivity
     * @param injected      a factor on the noise actually added (1 unless an audit injects a fault; the
     *                      ledger keeps charging the calibrated σ)
     * @param users         the population n sampled from
     * @param budgetEpsilon the ledger's ε budget at the calibration's δ
     * @param samples       the sampling stream of step t
     * @param noise         the noise stream of step t
     */
    public SampledGaussianRun(SgdCalibration calibration, String name, double clip, double injected, int users,
                              double budgetEpsilon, IntFunction<SplittableRandom> samples,
                              IntFunction<SplittableRandom> noise) {
        this.calibration = calibration;
        this.name = name;
        this.injected = injected;
        this.users = users;
        this.release = calibration.release(name, clip, injected, users);
        this.ledger = calibration.ledger(users, budgetEpsilon);
        this.samples = samples;
        this.noise = noise;
    }

    /** Step {@code step}'s cohort, ascending, after the ledger charged the step. */
    @Override
    public int[] cohort(int step) {
        return cohort(step, release.atRound(step));
    }

    /**
     * Step {@code step}'s cohort, ascending, after the ledger charged {@code record} — the step's own
     * record when the algorithm states it ({@link #record(int, double, double)}).
     */
    public int[] cohort(int step, Release record) {
        ledger.chargeAll(record);
        FixedCohort fixed = calibration.cohort();
        return fixed != null ? FixedSizeSample.of(users, fixed.size(), samples.apply(step))
                : PoissonSample.of(users, calibration.samplingRate(), samples.apply(step));
    }

    /** Step {@code step}'s release of {@code sum} (the contributions summed in cohort order): a new array. */
    @Override
    public double[] privatize(int step, double[] sum) {
        return privatize(step, sum, release);
    }

    /** Step {@code step}'s release of {@code sum} with the noise {@code record} states: a new array. */
    public double[] privatize(int step, double[] sum, Release record) {
        return GaussianMechanism.addNoise(sum, record, noise.apply(step));
    }

    /**
     * Step {@code step}'s record when its contributions are clipped to {@code clip} and the noise on
     * their sum has std {@code sumMultiplier}·clip·{@code injected}, while the accounting keeps the
     * calibrated σ (adaptive clipping: the sum's multiplier is above σ, the rest of σ's budget goes
     * to the clip count).
     */
    public Release record(int step, double clip, double sumMultiplier) {
        return calibration.release(name, clip, injected, users).withNoise(sumMultiplier * clip * injected)
                .atRound(step);
    }

    /** The record of step {@code step}'s release (σ actually added, q, the σ the accounting assumes). */
    @Override
    public Release record(int step) {
        return release.atRound(step);
    }

    /** The expected cohort q·n — with a fixed cohort its size m — by which the algorithms average the noisy sum. */
    @Override
    public double expectedCohort() {
        FixedCohort fixed = calibration.cohort();
        return fixed != null ? fixed.size() : calibration.samplingRate() * users;
    }

    /** The run's ledger. */
    @Override
    public Ledger ledger() {
        return ledger;
    }
}
