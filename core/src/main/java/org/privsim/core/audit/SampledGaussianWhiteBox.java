package org.privsim.core.audit;

import java.util.List;
import org.privsim.core.privacy.Release;

/**
 * The white-box adversary of recorded Poisson-subsampled Gaussian releases (DP-SGD's steps, the
 * rounds of DP-FedAvg and DP-FedRep): it knows, per release, the record — the σ actually added and
 * the sampling rate q — the pre-noise value without the canary (the clipped sum of everyone else
 * the step sampled) and the canary's clipped contribution, but not whether the canary is present
 * nor, when present, whether the step sampled it. Present, the canary joins each step independently
 * with probability q, so the step's release has density (1 − q)·N(m⁰, σ²I) + q·N(m¹, σ²I) in world 1
 * against N(m⁰, σ²I) in world 0, and the exact likelihood ratio of one step is
 *
 * <pre>  LR_step = (1 − q) + q·exp(ℓ_step),</pre>
 *
 * with ℓ_step the Gaussian LLR of the step's release with against without the canary's contribution
 * ({@link GaussianWhiteBox.View#llr}). The score is Σ_steps ln LR_step. When a step's pre-noise values
 * are computed from the realised earlier releases (adaptive steps: the next model depends on the
 * released noisy sums), the product is still the exact likelihood ratio of the whole transcript, by
 * the chain rule — so the score is the Neyman–Pearson optimal test of the two worlds. At q = 1 it is
 * {@link GaussianWhiteBox#llr}; under world 0 its exponential has mean E₀[LR] = 1.
 *
 * <p>Guarantee: the score depends only on the views and the observed values, in view order, so it has
 * the same bits wherever it is computed; ln(1 − q + q·e^ℓ) is evaluated without overflow for every
 * finite ℓ.
 */
public final class SampledGaussianWhiteBox {
    private SampledGaussianWhiteBox() {}

    /**
     * One sampled Gaussian release as the white-box adversary knows it.
     *
     * @param samplingRate q, the chance that the canary, when present, joins the release
     * @param gaussian     the release's σ and its pre-noise values without (world 0) and with (world 1)
     *                     the canary's contribution
     */
    public record View(double samplingRate, GaussianWhiteBox.View gaussian) implements GaussianWhiteBox.Scored {
        public View {
            if (!(samplingRate > 0 && samplingRate <= 1)) {
                throw new IllegalArgumentException("a sampling rate must be in (0, 1], got " + samplingRate);
            }
        }

        /**
         * The view of a recorded sampled Gaussian release (its σ and q from the record) with these
         * pre-noise values.
         */
        public static View of(Release release, double[] world0, double[] world1) {
            if (release.samplingRate() == null) {
                throw new IllegalArgumentException(release.mechanism().id() + " release '" + release.name()
                        + "' records no sampling rate");
            }
            return new View(release.samplingRate(), GaussianWhiteBox.View.of(release, world0, world1));
        }

        /** ln LR_step = ln(1 − q + q·exp(ℓ)) of {@code observed}, ℓ the Gaussian LLR. */
        @Override
        public double llr(double[] observed) {
            return mix(samplingRate, gaussian.llr(observed));
        }
    }

    /** ln(1 − q + q·e^ℓ), stable for large |ℓ| (ℓ for q = 1). */
    static double mix(double q, double l) {
        if (q == 1) {
            return l;
        }
        return l > 0 ? l + Math.log(q) + Math.log1p((1 - q) * Math.exp(-l) / q) : Math.log1p(q * Math.expm1(l));
    }

    /** The LLR of everything observed: {@code observed.get(i)} is what release {@code views.get(i)} released. */
    public static double llr(List<View> views, List<double[]> observed) {
        return GaussianWhiteBox.sum(views, observed);
    }
}
