package org.privsim.core.audit;

import java.util.List;
import org.privsim.core.privacy.Release;

/**
 * The white-box adversary of recorded Gaussian releases, for any family: it knows, per release, the
 * record (the σ the mechanism added) and the release's pre-noise values in both worlds — which the
 * family's mechanism side computes for the canary pair — and scores what was observed with the exact
 * Gaussian log-likelihood ratio of world 1 against world 0:
 *
 * <pre>  LLR = Σ_releases Σ_k [(x_k − m⁰_k)(m¹_k − m⁰_k) − (m¹_k − m⁰_k)²/2] / σ_k²</pre>
 *
 * the optimal test of the two worlds by Neyman–Pearson. For one release with mean shift Δ (in L2
 * norm) it is N(∓Δ²/(2σ²), Δ²/σ²) in world 0/1, so the test at false-positive rate α has true
 * positive rate Φ(Δ/σ − Φ⁻¹(1 − α)); for a correct ρ-zCDP Gaussian composition the worlds separate by
 * exactly the composed μ = √(2ρ)·(Δ/sensitivity).
 *
 * <p>Guarantee: the score depends only on the views and the observed values, in view order, so it has
 * the same bits wherever it is computed.
 */
public final class GaussianWhiteBox {
    private GaussianWhiteBox() {}

    /**
     * One Gaussian release as the white-box adversary knows it.
     *
     * @param sigma  the standard deviation of the noise on each coordinate
     * @param world0 the pre-noise values in world 0
     * @param world1 the pre-noise values in world 1 (same length)
     */
    public record View(double sigma, double[] world0, double[] world1) implements Scored {
        public View {
            if (!(sigma > 0)) {
                throw new IllegalArgumentException("a white-box view needs σ > 0, got " + sigma);
            }
            if (world0.length != world1.length) {
                throw new IllegalArgumentException(world0.length + " values in world 0, " + world1.length
                        + " in world 1");
            }
        }

        /** The view of a recorded Gaussian release with these pre-noise values. */
        public static View of(Release release, double[] world0, double[] world1) {
            return new View(release.sigma(), world0, world1);
        }

        /**
         * The view of the sum over {@code count} coordinates of a recorded Gaussian release whose
         * pre-noise values shift by the same amount in each: the sum is N(Σm, count·σ²), and, the shift
         * being equal in every coordinate, its LLR equals the LLR of all {@code count} coordinates.
         */
        public static View ofSum(Release release, long count, double world0Sum, double world1Sum) {
            return new View(release.sigma() * Math.sqrt((double) count), new double[] {world0Sum},
                    new double[] {world1Sum});
        }

        /** The exact LLR of world 1 against world 0 of {@code observed} (same length as the values). */
        @Override
        public double llr(double[] observed) {
            double sum = 0;
            for (int k = 0; k < observed.length; k++) {
                double shift = world1[k] - world0[k];
                sum += (observed[k] - world0[k]) * shift - shift * shift / 2;
            }
            return sum / (sigma * sigma);
        }
    }

    /** The LLR of everything observed: {@code observed.get(i)} is what release {@code views.get(i)} released. */
    public static double llr(List<View> views, List<double[]> observed) {
        return sum(views, observed);
    }

    /** A release as the white-box adversary scores it: the LLR of what it released. */
    interface Scored {
        double llr(double[] observed);
    }

    /** Σ_i LLR_i of {@code observed.get(i)} under {@code views.get(i)}, in view order. */
    static double sum(List<? extends Scored> views, List<double[]> observed) {
        if (views.size() != observed.size()) {
            throw new IllegalArgumentException(views.size() + " views, " + observed.size() + " observations");
        }
        double sum = 0;
        for (int i = 0; i < views.size(); i++) {
            sum += views.get(i).llr(observed.get(i));
        }
        return sum;
    }
}
