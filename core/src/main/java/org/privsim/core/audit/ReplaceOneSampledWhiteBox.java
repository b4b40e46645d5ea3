package org.privsim.core.audit;

import java.util.List;
import org.privsim.core.privacy.Release;

/**
 * The white-box adversary of recorded Gaussian releases on cohorts sampled without replacement under
 * replace-one neighbours (DP-FedAvg's and DP-FedRep's fixed cohorts): the target user is in the
 * population in both worlds and answers +c in world 1, −c in world 0 (antipodal canaries); each step
 * samples it with probability q = m/n. The adversary knows, per release, the record (σ actually
 * added, q), the clipped sum S of the other users the step sampled and c, but not whether the step
 * sampled the target. It scores each step by the likelihood ratio of the two mixtures
 *
 * <pre>  LR_step = [(1 − q) + q·exp(ℓ₊)] / [(1 − q) + q·exp(ℓ₋)],</pre>
 *
 * ℓ± the Gaussian LLR of the release with mean S ± c against mean S ({@link GaussianWhiteBox.View}).
 * It treats the target's inclusion as independent of S, which a fixed cohort makes only nearly true
 * (S sums m − 1 or m users): the score is then not the exact likelihood ratio, but every score is a
 * valid test statistic, so an audit's ε lower bound stays sound; world 1 scores higher.
 *
 * <p>Guarantee: the score depends only on the views and the observed values, in view order, so it has
 * the same bits wherever it is computed; finite for every finite ℓ±.
 */
public final class ReplaceOneSampledWhiteBox {
    private ReplaceOneSampledWhiteBox() {}

    /**
     * One release as the adversary knows it.
     *
     * @param samplingRate q, the chance that the step sampled the target
     * @param plus         the release's σ, S (world 0 values) and S + c (world 1 values)
     * @param minus        the release's σ, S and S − c
     */
    public record View(double samplingRate, GaussianWhiteBox.View plus, GaussianWhiteBox.View minus)
            implements GaussianWhiteBox.Scored {
        public View {
            if (!(samplingRate > 0 && samplingRate <= 1)) {
                throw new IllegalArgumentException("a sampling rate must be in (0, 1], got " + samplingRate);
            }
        }

        /** The view of a recorded sampled release, the others' sum {@code others} and the canary's {@code canary}. */
        public static View of(Release release, double[] others, double[] canary) {
            if (release.samplingRate() == null) {
                throw new IllegalArgumentException(release.mechanism().id() + " release '" + release.name()
                        + "' records no sampling rate");
            }
            double[] plus = others.clone();
            double[] minus = others.clone();
            for (int p = 0; p < others.length; p++) {
                plus[p] += canary[p];
                minus[p] -= canary[p];
            }
            return new View(release.samplingRate(), GaussianWhiteBox.View.of(release, others, plus),
                    GaussianWhiteBox.View.of(release, others, minus));
        }

        /** ln LR_step of {@code observed}. */
        @Override
        public double llr(double[] observed) {
            return SampledGaussianWhiteBox.mix(samplingRate, plus.llr(observed))
                    - SampledGaussianWhiteBox.mix(samplingRate, minus.llr(observed));
        }
    }

    /** The score of everything observed: {@code observed.get(i)} is what release {@code views.get(i)} released. */
    public static double llr(List<View> views, List<double[]> observed) {
        return GaussianWhiteBox.sum(views, observed);
    }
}
