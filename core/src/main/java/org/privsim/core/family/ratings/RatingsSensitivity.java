package org.privsim.core.family.ratings;

/**
 * The user-level L2 sensitivities of the ratings releases under the replace-one-user neighbour
 * relation (the relation of the low-rank priv-altmin, DESIGN.md), when each user contributes at most
 * L ratings to distinct items (a user's sample holds each rated item once; see docs/ratings.md for
 * the derivations).
 *
 * <p>User j adds, to each item i of its sample T_j (|T_j| ≤ L): w_j w_jᵀ to A_i and y_ij w_j to
 * b_i, with ‖w_j‖ ≤ η and |y_ij| ≤ ζ; or 1 to the count C_i and y_ij to the sum S_i. Replacing j by
 * j' changes the items of T_j ∩ T_j' by the difference of two contributions and the others by one
 * contribution each, so with o overlapping items the squared change of the whole release is at
 * most o·D² + (|T_j| − o + |T_j'| − o)·E², D the largest change of one overlapping item and E of
 * one item of only one user. D² ≤ 2E² makes o = L the worst case: L·D² = 2L·E² when D² = 2E² (A:
 * w wᵀ and w'w'ᵀ are PSD, so ‖w wᵀ − w'w'ᵀ‖²_F ≤ ‖w‖⁴ + ‖w'‖⁴ ≤ 2η⁴; counts: D = 0), and L·D²
 * = 4L·E² when D = 2E (b and sums: y w − y'w' can be 2ζη).
 *
 * <p>Guarantee: every value bounds the change over all pairs of neighbouring data sets and is
 * reached by one (tested in {@code RatingsSensitivityTest}): A and the counts by two users whose
 * samples are disjoint sets of L items (with ‖v‖ = R), b and the sums by two users with the same L
 * items, the same factor of norm R and residuals +ζ and −ζ.
 */
public final class RatingsSensitivity {
    private RatingsSensitivity() {}

    /** ‖A − A'‖_F over all items: √(2L)·η² (η² = R² + 1: w = (clip(v; R), 1)). */
    public static double gram(int limit, double clipFactor) {
        double eta2 = clipFactor * clipFactor + 1;
        return Math.sqrt(2.0 * limit) * eta2;
    }

    /** ‖b − b'‖ over all items: 2√L·ζ·η. */
    public static double moment(int limit, double clipRating, double clipFactor) {
        return 2 * Math.sqrt(limit) * clipRating * Math.sqrt(clipFactor * clipFactor + 1);
    }

    /** ‖C − C'‖ over all items' counts: √(2L) (disjoint samples; overlapping items do not change). */
    public static double counts(int limit) {
        return Math.sqrt(2.0 * limit);
    }

    /** |Σ_j m_j − Σ_j m_j'| of the users' mean residuals clipped to ζ (one value per user): 2ζ. */
    public static double userMeans(double clipRating) {
        return 2 * clipRating;
    }

    /** ‖S − S'‖ over all items' sums of residuals clipped to ζ: 2√L·ζ. */
    public static double sums(int limit, double clipRating) {
        return 2 * Math.sqrt(limit) * clipRating;
    }
}
