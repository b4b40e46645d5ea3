package org.privsim.core.family.ratings;

import static org.privsim.core.report.Formats.brief;
import static org.privsim.core.report.Table.columns;
import static org.privsim.core.report.Table.dash;
import static org.privsim.core.report.Table.withError;

import java.util.List;
import java.util.function.Function;
import org.privsim.core.report.Chart;
import org.privsim.core.report.CsvColumn;
import org.privsim.core.report.EpsilonLines;
import org.privsim.core.report.Plot;
import org.privsim.core.report.PrivacyLine;
import org.privsim.core.report.RowDescription;
import org.privsim.core.report.Table;
import org.privsim.core.scenario.DatasetTask;

/**
 * How {@link RatingsResult} rows appear in the report: {@code ratings.csv} (every scalar field under its
 * own name, in report-schema order; the lists {@code noise} and {@code releases} are left to
 * {@code report.json}), a results table of held-out RMSE per user (all, bottom quartile) with "-" where
 * ε does not apply, and {@code rmse-vs-epsilon.png}: two panels side by side, all users and the bottom
 * quartile by training ratings, x = target ε on a log axis, y = RMSE on a linear axis, each private
 * experiment a marked line with ±1 s.e. bars and each non-private row a dashed horizontal line across
 * the ε range of the private rows ({@link EpsilonLines}), lines named by algorithm and experiment index.
 */
public final class RatingsRows implements RowDescription<RatingsResult> {
    /** The one instance. */
    public static final RatingsRows INSTANCE = new RatingsRows();

    private static final int WIDTH = 900;
    private static final int HEIGHT = 700;

    private static final List<CsvColumn<RatingsResult>> CSV = List.of(
            new CsvColumn<>("experiment", RatingsResult::experiment),
            new CsvColumn<>("algorithm", RatingsResult::algorithm),
            new CsvColumn<>("epsilon", RatingsResult::epsilon),
            new CsvColumn<>("delta", RatingsResult::delta),
            new CsvColumn<>("calibration", RatingsResult::calibration),
            new CsvColumn<>("zcdpRho", RatingsResult::zcdpRho),
            new CsvColumn<>("accountedEpsilon", RatingsResult::accountedEpsilon),
            new CsvColumn<>("classicEpsilon", RatingsResult::classicEpsilon),
            new CsvColumn<>("conversion", RatingsResult::conversion),
            new CsvColumn<>("maxLedgerRho", RatingsResult::maxLedgerRho),
            new CsvColumn<>("repeats", RatingsResult::repeats),
            new CsvColumn<>("rmse", RatingsResult::rmse),
            new CsvColumn<>("rmseStdErr", RatingsResult::rmseStdErr),
            new CsvColumn<>("bottomQuartileRmse", RatingsResult::bottomQuartileRmse),
            new CsvColumn<>("bottomQuartileRmseStdErr", RatingsResult::bottomQuartileRmseStdErr),
            new CsvColumn<>("pooledRmse", RatingsResult::pooledRmse),
            new CsvColumn<>("bottomQuartileUsers", RatingsResult::bottomQuartileUsers),
            new CsvColumn<>("bottomQuartileMaxRatings", RatingsResult::bottomQuartileMaxRatings),
            new CsvColumn<>("users", RatingsResult::users),
            new CsvColumn<>("items", RatingsResult::items),
            new CsvColumn<>("ratings", RatingsResult::ratings),
            new CsvColumn<>("rank", RatingsResult::rank),
            new CsvColumn<>("rounds", RatingsResult::rounds),
            new CsvColumn<>("maxRatingsPerUser", RatingsResult::maxRatingsPerUser),
            new CsvColumn<>("clipFactor", RatingsResult::clipFactor),
            new CsvColumn<>("clipRating", RatingsResult::clipRating),
            new CsvColumn<>("ridge", RatingsResult::ridge),
            new CsvColumn<>("roundBudgetSplit", RatingsResult::roundBudgetSplit),
            new CsvColumn<>("flooredItems", RatingsResult::flooredItems));

    private static final String CAPTION = "Held-out RMSE per user against the target ε (log scale), for all users (left) and the "
            + "bottom quartile by training ratings (right): private experiments solid with ±1 s.e. bars, "
            + "non-private baselines dashed. Lower is better: the right panel shows what privacy costs "
            + "the users with the fewest ratings.";

    private RatingsRows() {}

    @Override
    public Class<RatingsResult> rowType() {
        return RatingsResult.class;
    }

    @Override
    public String csvFile() {
        return "ratings.csv";
    }

    @Override
    public List<CsvColumn<RatingsResult>> csvColumns() {
        return CSV;
    }

    @Override
    public Table table(List<RatingsResult> rows, DatasetTask dataset) {
        List<Table.Column> columns = columns("ratings algorithm", -20, "epsilon", 7, "zCDP rho", 10, "eps(acct.)", 10,
                "RMSE ± s.e.", 20, "bottom 25% ± s.e.", 20, "repeats", 7);
        return new Table(null, columns, rows.stream().map(r -> new Table.Row(r.algorithm(),
                r.epsilon() == null ? "-" : brief(r.epsilon()), dash(r.zcdpRho(), "%.4g"),
                dash(r.accountedEpsilon(), "%.4g"), withError("%.4f", r.rmse(), r.rmseStdErr()),
                withError("%.4f", r.bottomQuartileRmse(), r.bottomQuartileRmseStdErr()),
                String.valueOf(r.repeats()))).toList());
    }

    @Override
    public PrivacyLine privacy(RatingsResult r) {
        return new PrivacyLine(r.algorithm(), "ratings", r.calibration(), r.zcdpRho(),
                r.classicEpsilon() == null ? null : brief(r.classicEpsilon()),
                r.maxLedgerRho() == null ? null : "ρ " + brief(r.maxLedgerRho()),
                r.epsilon() == null ? "non-private" : "user-level zCDP, at most " + r.maxRatingsPerUser()
                        + " ratings per user per release");
    }

    /** The row's calibration, as for every zCDP row (null for a non-private row). */
    @Override
    public String eventCalibration(RatingsResult row) {
        return row.calibration();
    }

    @Override
    public List<Plot<RatingsResult>> plots() {
        return List.of(new Plot<>("rmse-vs-epsilon.png", CAPTION, RatingsRows::panels));
    }

    private static List<Chart> panels(String scenario, List<RatingsResult> rows) {
        double[] range = EpsilonLines.range(rows.stream().map(RatingsResult::epsilon).toList());
        return List.of(panel(scenario + ": held-out RMSE vs ε, all users", rows, range, RatingsResult::rmse,
                        RatingsResult::rmseStdErr),
                panel(scenario + ": held-out RMSE vs ε, bottom quartile by ratings", rows, range,
                        RatingsResult::bottomQuartileRmse, RatingsResult::bottomQuartileRmseStdErr));
    }

    private static Chart panel(String title, List<RatingsResult> rows, double[] range,
                               Function<RatingsResult, Double> mean, Function<RatingsResult, Double> stdErr) {
        List<EpsilonLines.Point> points = rows.stream().map(r -> new EpsilonLines.Point(r.experiment(), r.epsilon(),
                mean.apply(r), stdErr.apply(r), r.algorithm() + " (experiment " + r.experiment()
                + (r.epsilon() == null ? ", non-private)" : ")"))).toList();
        return new Chart(title, "ε (target, log scale)", "RMSE per user, mean ± s.e.", true, false, WIDTH, HEIGHT,
                Chart.Legend.BELOW, EpsilonLines.series(points, range, false));
    }
}
