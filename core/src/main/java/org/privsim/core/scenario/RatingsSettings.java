package org.privsim.core.scenario;

/**
 * The settings of an algorithm on a {@code ratings} task (see {@code docs/ratings.md}). The
 * alternating-minimization algorithms learn item factors ũ_i = (u_i, a_i) ∈ R^(k+1) (a_i the item's
 * bias) on the billboard; each user fits its own head (v_j, b_j) locally by ridge regression and
 * predicts c + ⟨u_i, v_j⟩ + a_i + b_j, clamped to the rating range. The item-mean algorithms shrink
 * each item's mean residual towards the global one with prior weight {@code ridge}.
 *
 * <p>Guarantee: an immutable value with every default resolved; fields the algorithm does not use
 * are null.
 *
 * @param rank              k, the item factors' rank (altmin)
 * @param rounds            T, alternating rounds (altmin); each private round is one release
 * @param maxRatingsPerUser L, the most ratings a user contributes per release, sampled independently of their
 *                          values (private algorithms)
 * @param clipFactor        R, the bound ‖v_j‖ ≤ R on the user factor a user contributes with (priv-altmin)
 * @param clipRating        ζ, the bound on a contributed residual |r − c − b_j| (priv-altmin) or |r − c|
 *                          (item-mean-dp)
 * @param ridge             λ of both least-squares steps (altmin), or the prior weight κ of the item means
 *                          (item-mean, item-mean-dp); null for the others
 * @param roundBudgetSplit  share of each round's ρ spent on the item Gram matrices A_i, the rest on b_i (priv-altmin)
 */
public record RatingsSettings(Integer rank, Integer rounds, Integer maxRatingsPerUser, Double clipFactor,
                              Double clipRating, Double ridge, Double roundBudgetSplit) implements AlgorithmSettings {
    /** Default k on a file's ratings (a synthetic task's default is its own rank). */
    public static final int RANK = 5;
    /** Largest k. */
    public static final int MAX_RANK = 100;
    /** Default T of non-private-altmin. */
    public static final int ROUNDS = 10;
    /** Default T of priv-altmin: every round pays, so fewer. */
    public static final int PRIVATE_ROUNDS = 3;
    /** Largest T. */
    public static final int MAX_ROUNDS = 1_000;
    /** Default L. */
    public static final int MAX_RATINGS_PER_USER = 20;
    /** Largest L. */
    public static final int MAX_MAX_RATINGS_PER_USER = 1_000_000;
    /** Default R. */
    public static final double CLIP_FACTOR = 1.0;
    /** Default λ of the altmin algorithms. */
    public static final double RIDGE = 5.0;
    /** Default κ of the item-mean algorithms. */
    public static final double ITEM_PRIOR = 5.0;
    /** Default share of a round's ρ spent on A. */
    public static final double ROUND_BUDGET_SPLIT = 0.5;
    /** Share of item-mean-dp's ρ spent on the global mean; the counts and the sums get half the rest each. */
    public static final double GLOBAL_BUDGET_SHARE = 0.1;
    /** Default ζ of the private algorithms: one rating unit around the centre (or the user's bias). */
    public static final double CLIP_RATING = 1.0;
    /** Standard deviation of the data-independent random initial item factors (their bias part starts at 0). */
    public static final double INIT_SCALE = 0.1;
}
