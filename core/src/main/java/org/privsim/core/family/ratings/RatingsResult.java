package org.privsim.core.family.ratings;

import org.privsim.core.privacy.ReleaseLog;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.privsim.core.run.ExperimentRow;

/**
 * One row of a report for an algorithm on a {@code ratings} task at one ε: held-out RMSE averaged
 * over repeats. Field names are the report schema (docs/report-schema.md, docs/ratings.md).
 *
 * @param experiment          index of the experiment in the scenario
 * @param algorithm           algorithm id
 * @param epsilon             target ε, or null (non-private)
 * @param delta               δ, or null
 * @param calibration         how (ε, δ) became ρ ({@code tight}, {@code paper}, {@code gdp}), or null
 * @param zcdpRho             total ρ charged to every user, or null
 * @param accountedEpsilon    the calibration's reading of zcdpRho at δ (tight conversion, or exact GDP), or null
 * @param classicEpsilon      ρ + 2√(ρ ln(1/δ)), or null
 * @param conversion          name of the conversion of accountedEpsilon, or null
 * @param maxLedgerRho        the largest per-user spend any repeat's ledger recorded (equals zcdpRho), or null
 * @param repeats             independent runs (data split or synthetic data, sampling, noise) averaged
 * @param rmse                mean over repeats of the users' held-out RMSE (√(per-user mean squared error)),
 *                            averaged over users
 * @param rmseStdErr          its standard error over repeats (null with one repeat)
 * @param bottomQuartileRmse  the same over the ⌈n/4⌉ users with the fewest training ratings (ties: lower id)
 * @param bottomQuartileRmseStdErr its standard error over repeats (null with one repeat)
 * @param pooledRmse          mean over repeats of √(Σ squared errors / Σ test ratings) over all test ratings
 * @param bottomQuartileUsers ⌈n/4⌉
 * @param bottomQuartileMaxRatings the most training ratings a bottom-quartile user has (first repeat)
 * @param users               n
 * @param items               number of items
 * @param ratings             ratings in the file (synthetic: expected number)
 * @param rank                k (altmin), else null
 * @param rounds              T (altmin), else null
 * @param maxRatingsPerUser   L (private), else null
 * @param clipFactor          R (priv-altmin), else null
 * @param clipRating          ζ (private), else null
 * @param ridge               λ (altmin) or κ (item means), else null
 * @param roundBudgetSplit    share of a round's ρ on A (priv-altmin), else null
 * @param flooredItems        mean over repeats of the items whose noisy system had an eigenvalue floored in
 *                            the last round (priv-altmin), else null
 * @param noise               every Gaussian release of one run, with its sensitivity, σ and ρ (private), else empty
 * @param releases            each run's recorded releases (the ledger's log), in run order
 */
@JsonPropertyOrder({"experiment", "algorithm", "epsilon", "delta", "calibration", "zcdpRho", "accountedEpsilon",
    "classicEpsilon", "conversion", "maxLedgerRho", "repeats", "rmse", "rmseStdErr", "bottomQuartileRmse",
    "bottomQuartileRmseStdErr", "pooledRmse", "bottomQuartileUsers", "bottomQuartileMaxRatings", "users", "items",
    "ratings", "rank", "rounds", "maxRatingsPerUser", "clipFactor", "clipRating", "ridge", "roundBudgetSplit",
    "flooredItems", "releases"})
public record RatingsResult(
        int experiment,
        String algorithm,
        Double epsilon,
        Double delta,
        String calibration,
        Double zcdpRho,
        Double accountedEpsilon,
        Double classicEpsilon,
        String conversion,
        Double maxLedgerRho,
        int repeats,
        double rmse,
        Double rmseStdErr,
        double bottomQuartileRmse,
        Double bottomQuartileRmseStdErr,
        double pooledRmse,
        int bottomQuartileUsers,
        int bottomQuartileMaxRatings,
        int users,
        int items,
        long ratings,
        Integer rank,
        Integer rounds,
        Integer maxRatingsPerUser,
        Double clipFactor,
        Double clipRating,
        Double ridge,
        Double roundBudgetSplit,
        Double flooredItems,
        List<Release> noise,
        List<ReleaseLog> releases) implements ExperimentRow {

    public RatingsResult {
        noise = List.copyOf(noise);
        releases = List.copyOf(releases);
    }

    /**
     * One kind of Gaussian release of a run.
     *
     * @param mechanism   what is released, e.g. {@code item Gram matrices A}
     * @param times       how often per run (rounds)
     * @param sensitivity its user-level L2 sensitivity (replace-one)
     * @param sigma       the noise standard deviation per coordinate
     * @param rho         zCDP ρ = sensitivity²/(2σ²) of one release
     */
    public record Release(String mechanism, int times, double sensitivity, double sigma, double rho) {}
}
