package org.privsim.actors.report;

import java.util.Arrays;
import java.util.List;
import org.privsim.core.family.ratings.RatingsResult;
import org.privsim.core.run.Report;

/**
 * Renders a report's ratings rows as CSV ({@code ratings.csv}). Guarantee: RFC 4180, one header row
 * then one line per ratings row in report order, empty cell for null; the columns are every scalar
 * field of those rows under its own name, in report-schema order (the list {@code releases} is left to
 * {@code report.json}).
 */
public final class RatingsCsv {
    private static final List<String> HEADER = List.of("experiment", "algorithm", "epsilon", "delta", "calibration",
            "zcdpRho", "accountedEpsilon", "classicEpsilon", "conversion", "maxLedgerRho", "repeats", "rmse",
            "rmseStdErr", "bottomQuartileRmse", "bottomQuartileRmseStdErr", "pooledRmse", "bottomQuartileUsers",
            "bottomQuartileMaxRatings", "users", "items", "ratings", "rank", "rounds", "maxRatingsPerUser",
            "clipFactor", "clipRating", "ridge", "roundBudgetSplit", "flooredItems");

    private RatingsCsv() {}

    /** The CSV text. */
    public static String render(Report report) {
        Csv csv = new Csv(HEADER);
        for (RatingsResult r : report.rows(RatingsResult.class)) {
            csv.row(Arrays.asList(r.experiment(), r.algorithm(), r.epsilon(), r.delta(), r.calibration(), r.zcdpRho(),
                    r.accountedEpsilon(), r.classicEpsilon(), r.conversion(), r.maxLedgerRho(), r.repeats(), r.rmse(),
                    r.rmseStdErr(), r.bottomQuartileRmse(), r.bottomQuartileRmseStdErr(), r.pooledRmse(),
                    r.bottomQuartileUsers(), r.bottomQuartileMaxRatings(), r.users(), r.items(), r.ratings(), r.rank(),
                    r.rounds(), r.maxRatingsPerUser(), r.clipFactor(), r.clipRating(), r.ridge(),
                    r.roundBudgetSplit(), r.flooredItems()));
        }
        return csv.text();
    }
}
