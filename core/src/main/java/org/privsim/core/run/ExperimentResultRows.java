package org.privsim.core.run;

import static org.privsim.core.report.Formats.brief;
import static org.privsim.core.report.Formats.format;
import static org.privsim.core.report.Table.columns;
import static org.privsim.core.report.Table.dash;
import static org.privsim.core.report.Table.withError;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.report.Chart;
import org.privsim.core.report.CsvColumn;
import org.privsim.core.report.EpsilonLines;
import org.privsim.core.report.Plot;
import org.privsim.core.report.PrivacyLine;
import org.privsim.core.report.RowDescription;
import org.privsim.core.report.Table;
import org.privsim.core.scenario.DatasetTask;

/**
 * How {@link ExperimentResult} rows (the low-rank and federated families') appear in the report:
 * {@code experiments.csv}; a results table of population MSE, excess risk and subspace distance — or, on
 * a data set (no ground truth), held-out test MSE and R² under a line naming the data set — with a
 * {@code repeats} column when a row repeats; and {@code mse-vs-epsilon.png}: population MSE (test MSE on
 * a data set) against ε, both axes logarithmic, one marked line per private experiment (its label names
 * what distinguishes it: U-step, feature covariance, participation, calibration) with ±1 s.e. bars when
 * it repeats, each non-private algorithm a dashed horizontal reference line across the ε range
 * ({@link EpsilonLines}).
 */
public final class ExperimentResultRows implements RowDescription<ExperimentResult> {
    /** The one instance, listed by the low-rank and the federated module. */
    public static final ExperimentResultRows INSTANCE = new ExperimentResultRows();

    private static final List<CsvColumn<ExperimentResult>> CSV = List.of(
            new CsvColumn<>("algorithm", ExperimentResult::algorithm),
            new CsvColumn<>("uStep", ExperimentResult::uStep),
            new CsvColumn<>("featureCovariance", ExperimentResult::featureCovariance),
            new CsvColumn<>("epsilon", ExperimentResult::epsilon),
            new CsvColumn<>("delta", ExperimentResult::delta),
            new CsvColumn<>("calibration", ExperimentResult::calibration),
            new CsvColumn<>("zcdpRho", ExperimentResult::zcdpRho),
            new CsvColumn<>("accountedEpsilon", ExperimentResult::accountedEpsilon),
            new CsvColumn<>("accountant", ExperimentResult::accountant),
            new CsvColumn<>("rdpEpsilon", ExperimentResult::rdpEpsilon),
            new CsvColumn<>("noiseMultiplier", ExperimentResult::noiseMultiplier),
            new CsvColumn<>("repeats", ExperimentResult::repeats),
            new CsvColumn<>("populationMse", ExperimentResult::populationMse),
            new CsvColumn<>("populationMseStdErr", ExperimentResult::populationMseStdErr),
            new CsvColumn<>("excessRisk", ExperimentResult::excessRisk),
            new CsvColumn<>("excessRiskStdErr", ExperimentResult::excessRiskStdErr),
            new CsvColumn<>("subspaceDistance", ExperimentResult::subspaceDistance),
            new CsvColumn<>("testMse", ExperimentResult::testMse),
            new CsvColumn<>("testMseStdErr", ExperimentResult::testMseStdErr),
            new CsvColumn<>("testMseSamples", ExperimentResult::testMseSamples),
            new CsvColumn<>("testMseSamplesStdErr", ExperimentResult::testMseSamplesStdErr),
            new CsvColumn<>("r2", ExperimentResult::r2),
            new CsvColumn<>("r2StdErr", ExperimentResult::r2StdErr),
            new CsvColumn<>("users", ExperimentResult::users),
            new CsvColumn<>("samplesPerUser", ExperimentResult::samplesPerUser),
            new CsvColumn<>("dimension", ExperimentResult::dimension),
            new CsvColumn<>("rank", ExperimentResult::rank),
            new CsvColumn<>("rounds", ExperimentResult::rounds),
            new CsvColumn<>("epochs", ExperimentResult::epochs),
            new CsvColumn<>("maxLedgerRho", ExperimentResult::maxLedgerRho),
            new CsvColumn<>("selection", ExperimentResult::selection));

    private static final String CAPTION = "Population MSE against the target ε, both axes logarithmic: one line per private "
            + "experiment (with ±1 s.e. bars when it repeats), each non-private algorithm a dashed "
            + "horizontal line. Lower is better: compare algorithms at equal ε, and read what privacy "
            + "costs as the gap between a private line and the non-private reference.";

    private ExperimentResultRows() {}

    @Override
    public Class<ExperimentResult> rowType() {
        return ExperimentResult.class;
    }

    @Override
    public String csvFile() {
        return "experiments.csv";
    }

    @Override
    public List<CsvColumn<ExperimentResult>> csvColumns() {
        return CSV;
    }

    @Override
    public Table table(List<ExperimentResult> rows, DatasetTask dataset) {
        boolean repeated = rows.stream().anyMatch(r -> r.repeats() > 1);
        String note = dataset == null ? null : format("dataset %s: %d users, %d rows, d = %d (no ground truth: population"
                + " MSE, excess risk and subspace distance do not apply)", dataset.path(), dataset.users(), dataset.rows(),
                dataset.dimension());
        List<Table.Column> columns = dataset == null
                ? columns("algorithm", -30, "epsilon", 8, "zCDP rho", 10, "eps(acct.)", 10, "pop. MSE", 12,
                        "excess risk ± s.e.", 22, "subspace", 9, "epochs", 7)
                : columns("algorithm", -30, "epsilon", 8, "zCDP rho", 10, "eps(acct.)", 10, "test MSE ± s.e.", 22,
                        "MSE(rows)", 12, "R2 ± s.e.", 18, "epochs", 7, "k", 4);
        boolean selected = rows.stream().anyMatch(r -> r.selection() != null);
        if (selected) {
            columns.add(new Table.Column("selection", 9, false));
        }
        if (repeated) {
            columns.add(new Table.Column("repeats", 7, false));
        }
        List<Table.Row> cells = new ArrayList<>();
        for (ExperimentResult r : rows) {
            List<String> row = new ArrayList<>(List.of(name(r), dash(r.epsilon(), "%.3g"), dash(r.zcdpRho(), "%.4g"),
                    dash(r.accountedEpsilon(), "%.4g")));
            if (dataset == null) {
                row.addAll(List.of(format("%.6f", r.populationMse()),
                        withError("%.6f", r.excessRisk(), r.excessRiskStdErr()), dash(r.subspaceDistance(), "%.4f"),
                        String.valueOf(r.epochs())));
            } else {
                row.addAll(List.of(withError("%.4f", r.testMse(), r.testMseStdErr()), format("%.4f", r.testMseSamples()),
                        withError("%.4f", r.r2(), r.r2StdErr()), String.valueOf(r.epochs()),
                        r.algorithm().endsWith("altmin") ? String.valueOf(r.rank()) : "-"));
            }
            if (selected) {
                row.add(r.selection() == null ? "-" : r.selection());
            }
            if (repeated) {
                row.add(String.valueOf(r.repeats()));
            }
            cells.add(new Table.Row(row, null));
        }
        return new Table(note, columns, cells);
    }

    @Override
    public PrivacyLine privacy(ExperimentResult r) {
        String calibration = r.privateSelection() != null ? ExperimentResult.SELECTION_CONVERSION : r.calibration();
        return new PrivacyLine(algorithm(r), "low-rank", calibration, r.zcdpRho(),
                r.classicEpsilon() == null ? null : brief(r.classicEpsilon()),
                r.maxLedgerRho() == null ? null : "ρ " + brief(r.maxLedgerRho()),
                r.epsilon() == null ? "non-private" : "user-level zCDP" + (r.algorithm().endsWith("altmin")
                        ? ", " + r.epochs() + (r.epochs() == 1 ? " epoch" : " epochs") : ""));
    }

    @Override
    public String eventCalibration(ExperimentResult row) {
        return row.calibration();
    }

    @Override
    public List<Plot<ExperimentResult>> plots() {
        return List.of(new Plot<>("mse-vs-epsilon.png", CAPTION, (scenario, rows) -> List.of(chart(scenario, rows))));
    }

    private static Chart chart(String scenario, List<ExperimentResult> rows) {
        double[] range = EpsilonLines.range(rows.stream().map(ExperimentResult::epsilon).toList());
        List<EpsilonLines.Point> points = rows.stream().map(r -> new EpsilonLines.Point(r.experiment(), r.epsilon(),
                r.comparedMse(), r.comparedMseStdErr(),
                r.epsilon() == null ? r.algorithm() + " (reference)" : label(r))).toList();
        return new Chart(scenario + ": population MSE vs ε", "ε (target, log scale)", "population MSE (log scale)", true,
                true, 1000, 750, Chart.Legend.BELOW, EpsilonLines.series(points, range, true));
    }

    /** The algorithm with its U-step when Kronecker. */
    private static String algorithm(ExperimentResult r) {
        return r.uStep() == null || r.uStep().equals("full") ? r.algorithm()
                : r.algorithm() + " kron/" + r.featureCovariance();
    }

    /** The algorithm, its U-step when Kronecker, and its accountant when it has one (e.g. {@code dp-fedavg (pld)}). */
    private static String name(ExperimentResult r) {
        return r.accountant() == null ? algorithm(r) : algorithm(r) + " (" + r.accountant() + ")";
    }

    /** Series name: the algorithm plus what distinguishes experiments of the same algorithm. */
    private static String label(ExperimentResult r) {
        StringBuilder sb = new StringBuilder(r.algorithm()).append(" (");
        if (r.uStep() != null && !r.uStep().equals("full")) {
            sb.append(r.uStep()).append(" U-step, ").append(r.featureCovariance()).append(" S, ");
        }
        if (r.participation() != null) {
            sb.append(r.participation()).append(", ");
        }
        sb.append(r.calibration() == null ? r.selection() + " selection" : r.calibration() + " calibration");
        if (r.repeats() > 1) {
            sb.append(", ").append(r.repeats()).append(" repeats, ± s.e.");
        }
        return sb.append(')').toString();
    }
}
