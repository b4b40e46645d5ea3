package org.privsim.core.family.ratings;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What a ratings run's curator asks a user: its mean, its residuals per item, its U-step contribution
 * on the current item factors, or its held-out error under a released model (a {@link Predictor}).
 * Guarantee: every request is immutable in meaning (arrays are never written after sending) and
 * crosses the wire as its record's components.
 */
public sealed interface RatingsRequest permits RatingsRequest.UserMean, RatingsRequest.Collect, RatingsRequest.Contribute,
        RatingsRequest.Evaluate {
    /**
     * Answer the mean of the training ratings minus {@code offset} (clipped to ζ when private).
     *
     * @param offset what to subtract (c)
     */
    public record UserMean(double offset) implements RatingsRequest {}

    /**
     * Answer residuals r − offset of the training ratings, per item (global and item means); when
     * private, of a data-independent sample of at most L of them, clipped to ζ.
     *
     * @param round  the release's round (the sampling stream's index)
     * @param offset what to subtract from every rating
     */
    public record Collect(int round, double offset) implements RatingsRequest {}

    /**
     * Fit the head on {@code factors} and answer the U-step contribution of round {@code round}.
     *
     * @param round   t, 1-based
     * @param factors the current item factors, items × K row-major
     */
    public record Contribute(int round, double[] factors) implements RatingsRequest {}

    /**
     * Predict the held-out ratings with {@code predictor} and answer the squared error.
     *
     * @param predictor the released model (or the instruction to use the user's own mean)
     */
    public record Evaluate(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Predictor predictor) implements RatingsRequest {}

    /** A model a user predicts its held-out ratings with. */
    public sealed interface Predictor permits OwnMean, Constant, ItemMeans, Factors {}

    /**
     * The user's own mean training rating (nothing released).
     *
     * @param ignored always 0 (a record needs a component to cross CBOR)
     */
    public record OwnMean(int ignored) implements Predictor {}

    /**
     * One rating for every item.
     *
     * @param rating the predicted rating
     */
    public record Constant(double rating) implements Predictor {}

    /**
     * A rating per item.
     *
     * @param ratings by item index
     */
    public record ItemMeans(double[] ratings) implements Predictor {}

    /**
     * Item factors; the user fits its head on its training ratings first.
     *
     * @param factors items × K row-major
     */
    public record Factors(double[] factors) implements Predictor {}
}
