package org.privsim.core.family.ratings;


/**
 * What a user of a ratings run answers: its (clipped) mean residual, its residuals per item with the
 * U-step weight, or its held-out error. Guarantee: a pure function of the user's data and the request.
 */
public sealed interface RatingsAnswer permits RatingsAnswer.Mean, RatingsAnswer.Ratings, RatingsAnswer.Score {
    /**
     * A user's mean training rating minus the asked offset (clipped to ζ when private).
     *
     * @param residual the value
     */
    public record Mean(double residual) implements RatingsAnswer {}

    /**
     * A contribution: residuals of (some of) the user's training ratings by item, and for the U-step
     * the weight w_j they pair with.
     *
     * @param items     item index of each residual
     * @param residuals the residuals (clipped for the private algorithms)
     * @param weight    w_j = (v_j, 1) (clipped for priv-altmin), or null for Collect
     */
    public record Ratings(int[] items, double[] residuals, double[] weight) implements RatingsAnswer {}

    /**
     * A user's held-out error.
     *
     * @param trainRatings  how many training ratings it has
     * @param testRatings   how many held-out ratings it has (≥ 1)
     * @param squaredError  Σ over its held-out ratings of (prediction − rating)²
     */
    public record Score(int trainRatings, int testRatings, double squaredError) implements RatingsAnswer {}
}
