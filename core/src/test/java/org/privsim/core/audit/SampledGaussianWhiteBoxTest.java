package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.Release;

/**
 * The white-box adversary of sampled Gaussian releases: its per-step score is the log of the
 * mixture likelihood ratio (1 − q) + q·exp(ℓ), which is the Gaussian LLR at q = 1 and has mean 1
 * under world 0.
 */
class SampledGaussianWhiteBoxTest {

    /** At q = 1 the canary is always in: the score is {@link GaussianWhiteBox#llr}, bit for bit. */
    @Test
    void fullSamplingIsTheGaussianScore() {
        Release release = Release.sampledGaussian(3, "clipped gradient sum", 1, 1.3, 1.3, 1.0, 50);
        double[] w0 = {0.4, -1, 2};
        double[] w1 = {1.4, -1, 2};
        double[] x = {0.9, -0.2, 2.5};
        SampledGaussianWhiteBox.View sampled = SampledGaussianWhiteBox.View.of(release, w0, w1);
        GaussianWhiteBox.View plain = GaussianWhiteBox.View.of(release, w0, w1);
        assertEquals(plain.llr(x), sampled.llr(x), 0);
        assertEquals(GaussianWhiteBox.llr(List.of(plain, plain), List.of(x, w1)),
                SampledGaussianWhiteBox.llr(List.of(sampled, sampled), List.of(x, w1)), 0);
    }

    /**
     * Known value: q = 1/4, σ = 2, pre-noise (0, 1) without and (1, 1) with the canary, released
     * (2, 3): ℓ = (2·1 − 1/2)/4 = 0.375 and ln(3/4 + e^{0.375}/4) = 0.10773077266706343 (Python's
     * math.log, exp); and a step whose ℓ = 800 would overflow e^ℓ: ln(q) + 800 = 798.6137056388801.
     */
    @Test
    void knownValues() {
        Release release = Release.sampledGaussian(1, "clipped update sum", 1, 2, 2, 0.25, 10);
        SampledGaussianWhiteBox.View view = SampledGaussianWhiteBox.View.of(release, new double[] {0, 1},
                new double[] {1, 1});
        assertEquals(0.10773077266706343, view.llr(new double[] {2, 3}), 1e-12);
        assertEquals(798.6137056388801, SampledGaussianWhiteBox.mix(0.25, 800), 1e-9);
        assertEquals(Math.log(0.75), SampledGaussianWhiteBox.mix(0.25, -800), 1e-12);
    }

    /**
     * E₀[LR] = 1 for the product over T = 5 steps (q = 0.3, σ = 1.5, a shift of 1 in one of two
     * coordinates, pre-noise values varying by step as an adaptive run's would): under world 0 each
     * step's LR has mean 1 and second moment 1 + q²(e^{Δ²/σ²} − 1) = 1.0504, so the product has
     * variance 1.0504⁵ − 1 ≈ 0.28 and over n = 200,000 draws its mean has standard error 0.0012; the
     * tolerance 0.006 is five of them.
     */
    @Test
    void likelihoodRatioHasMeanOneUnderWorldZero() {
        double q = 0.3;
        double sigma = 1.5;
        int steps = 5;
        Release release = Release.sampledGaussian(1, "clipped gradient sum", 1, sigma, sigma, q, 100);
        SplittableRandom random = new SplittableRandom(2026);
        int n = 200_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            List<SampledGaussianWhiteBox.View> views = new ArrayList<>();
            List<double[]> observed = new ArrayList<>();
            for (int s = 0; s < steps; s++) {
                double[] w0 = {0.1 * s, -0.2 * s};
                double[] w1 = {0.1 * s + 0.6, -0.2 * s + 0.8};
                views.add(SampledGaussianWhiteBox.View.of(release, w0, w1));
                observed.add(new double[] {w0[0] + sigma * random.nextGaussian(),
                    w0[1] + sigma * random.nextGaussian()});
            }
            sum += Math.exp(SampledGaussianWhiteBox.llr(views, observed));
        }
        assertEquals(1, sum / n, 0.006);
    }

    /** A release without a sampling rate has no sampled view; counts must match. */
    @Test
    void rejectsUnsampledReleasesAndMismatchedCounts() {
        Release plain = Release.gaussian(0, "x", Release.Relation.ADD_REMOVE, 1, 1, 0.5, 10);
        assertThrows(IllegalArgumentException.class,
                () -> SampledGaussianWhiteBox.View.of(plain, new double[] {0}, new double[] {1}));
        Release sampled = Release.sampledGaussian(1, "s", 1, 1, 1, 0.5, 10);
        SampledGaussianWhiteBox.View view = SampledGaussianWhiteBox.View.of(sampled, new double[] {0}, new double[] {1});
        assertThrows(IllegalArgumentException.class, () -> SampledGaussianWhiteBox.llr(List.of(view), List.of()));
    }
}
