package org.privsim.core.scenario;

/**
 * A recommendation task: users rate items, and personalization is matrix completion — the shared
 * item factors U are what the curator learns and publishes, each user's factor (its head) stays with
 * the user. The ratings come either from a CSV file (one row per rating: user, item, rating) or from
 * a synthetic low-rank generator with power-law user activity.
 *
 * <p>Guarantee: a validated, immutable description. For a file, the parser read the whole file, so
 * the counts describe the file with content hash {@code sha256} exactly (a node whose file has
 * another hash refuses it); for the synthetic source the ratings are a pure function of (task,
 * repeat seed, user id) — see {@link org.privsim.core.data.RatingsSource}. Every rating lies in
 * [{@code minRating}, {@code maxRating}]; every user has at least {@code minRatingsPerUser} ≥ 2
 * ratings, so each keeps at least one training and one test rating.
 *
 * @param path              file source: absolute path of the CSV (null for synthetic)
 * @param userColumn        file source: the column naming each row's user (null for synthetic)
 * @param itemColumn        file source: the column naming each row's item (null for synthetic)
 * @param ratingColumn      file source: the numeric rating column (null for synthetic)
 * @param missing           file source: what to do with a row missing a value (null for synthetic)
 * @param sha256            file source: SHA-256 of the file's bytes, hex (null for synthetic)
 * @param users             n, users kept (file) or generated (synthetic)
 * @param items             number of distinct items (file: among kept users' ratings; synthetic: as given)
 * @param ratings           file: ratings kept; synthetic: the expected number, n · E[activity] (rounded)
 * @param droppedUsers      file: users dropped for having fewer than minRatingsPerUser ratings (synthetic: 0)
 * @param droppedRows       file: rows dropped for missing values (synthetic: 0)
 * @param minRating         the smallest possible rating (the declared range's lower end)
 * @param maxRating         the largest possible rating
 * @param testFraction      share of each user's ratings held out for testing (at least 1, at most m − 1)
 * @param minRatingsPerUser file: users with fewer ratings are dropped; synthetic: the least activity, x_min
 * @param rank              synthetic: rank of the true rating matrix, else 0
 * @param noise             synthetic: standard deviation of the rating noise, else 0
 * @param activityExponent  synthetic: tail exponent a of the Pareto activity P(m &gt; x) = (x_min/x)^a, else 0
 */
public record RatingsTask(
        String path,
        String userColumn,
        String itemColumn,
        String ratingColumn,
        MissingValues missing,
        String sha256,
        int users,
        int items,
        long ratings,
        int droppedUsers,
        int droppedRows,
        double minRating,
        double maxRating,
        double testFraction,
        int minRatingsPerUser,
        int rank,
        double noise,
        double activityExponent) implements Task {

    /** Scenario name of this task type. */
    public static final String TYPE = "ratings";

    @Override
    public String type() {
        return TYPE;
    }

    /** Whether the ratings are generated rather than read from a file. */
    public boolean synthetic() {
        return path == null;
    }

    /** c, the midpoint of the rating range: every algorithm predicts residuals around it (data-independent). */
    public double center() {
        return (minRating + maxRating) / 2;
    }

    /** Half the rating range: the largest |r − c| a rating can have. */
    public double halfRange() {
        return (maxRating - minRating) / 2;
    }

    /** Default lower end of a synthetic task's rating range. */
    public static final double MIN_RATING = 1;
    /** Default upper end of a synthetic task's rating range. */
    public static final double MAX_RATING = 5;
    /** Default share of each user's ratings held out. */
    public static final double TEST_FRACTION = 0.2;
    /** Default least activity x_min of a synthetic task. */
    public static final int SYNTHETIC_MIN_RATINGS = 10;
    /** Default Pareto tail exponent a of a synthetic task's activity (mean 2·x_min). */
    public static final double ACTIVITY_EXPONENT = 2;
    /** Default rating noise σ of a synthetic task. */
    public static final double NOISE = 0.5;

    /**
     * E[min(M, X)] for X Pareto with x_min and tail exponent a &gt; 1: x_min + x_min^a (M^(1−a) −
     * x_min^(1−a)) / (1 − a) — a synthetic user's expected activity before the floor to an integer
     * (which lowers it by less than 1).
     */
    public static double meanActivity(int minRatings, double exponent, int items) {
        double x = minRatings;
        return x + Math.pow(x, exponent) * (Math.pow(items, 1 - exponent) - Math.pow(x, 1 - exponent)) / (1 - exponent);
    }
}
