package org.privsim.core.family.transfer;

import static org.privsim.core.report.Formats.brief;
import static org.privsim.core.report.Table.columns;
import static org.privsim.core.report.Table.dash;
import static org.privsim.core.report.Table.withError;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.privsim.core.report.Chart;
import org.privsim.core.report.CsvColumn;
import org.privsim.core.report.Plot;
import org.privsim.core.report.PrivacyLine;
import org.privsim.core.report.RowDescription;
import org.privsim.core.report.Table;
import org.privsim.core.scenario.DatasetTask;

/**
 * How {@link TransferResult} rows appear in the report: {@code transfer.csv} (every scalar field under
 * its own name, in report-schema order), a results table with "-" where n₁, ε or σ does not apply and
 * no "± s.e." for one repeat, and {@code parameter-error-vs-samples.png} (Thaker et al. Fig. 3): x = n₂,
 * y = ℓ2 parameter error ‖ŵ − w*‖₂, both on log axes; one marked line per (experiment, n₁, ε) over its
 * n₂ values, named by algorithm, representation, n₁ and ε, with ±1 s.e. bars where the row has one and,
 * beside it, dashed in the same colour, its {@code rateBound} (the square root of the Thm 5.4 rate with
 * constant 1); zero-shot is a dashed horizontal line across the n₂ range.
 */
public final class TransferRows implements RowDescription<TransferResult> {
    /** The one instance. */
    public static final TransferRows INSTANCE = new TransferRows();

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 760;

    private static final List<CsvColumn<TransferResult>> CSV = List.of(
            new CsvColumn<>("experiment", TransferResult::experiment),
            new CsvColumn<>("algorithm", TransferResult::algorithm),
            new CsvColumn<>("representation", TransferResult::representation),
            new CsvColumn<>("representationEpsilon", TransferResult::representationEpsilon),
            new CsvColumn<>("publicSamples", TransferResult::publicSamples),
            new CsvColumn<>("subspaceEstimator", TransferResult::subspaceEstimator),
            new CsvColumn<>("privateSamples", TransferResult::privateSamples),
            new CsvColumn<>("epsilon", TransferResult::epsilon),
            new CsvColumn<>("delta", TransferResult::delta),
            new CsvColumn<>("accountedEpsilon", TransferResult::accountedEpsilon),
            new CsvColumn<>("accountant", TransferResult::accountant),
            new CsvColumn<>("rdpEpsilon", TransferResult::rdpEpsilon),
            new CsvColumn<>("classicEpsilon", TransferResult::classicEpsilon),
            new CsvColumn<>("zcdpRho", TransferResult::zcdpRho),
            new CsvColumn<>("maxLedgerEpsilon", TransferResult::maxLedgerEpsilon),
            new CsvColumn<>("noiseMultiplier", TransferResult::noiseMultiplier),
            new CsvColumn<>("samplingRate", TransferResult::samplingRate),
            new CsvColumn<>("steps", TransferResult::steps),
            new CsvColumn<>("clipGradient", TransferResult::clipGradient),
            new CsvColumn<>("learningRate", TransferResult::learningRate),
            new CsvColumn<>("averageIterates", TransferResult::averageIterates),
            new CsvColumn<>("clipFeature", TransferResult::clipFeature),
            new CsvColumn<>("clipLabel", TransferResult::clipLabel),
            new CsvColumn<>("dimension", TransferResult::dimension),
            new CsvColumn<>("rank", TransferResult::rank),
            new CsvColumn<>("publicTasks", TransferResult::publicTasks),
            new CsvColumn<>("subspaceShift", TransferResult::subspaceShift),
            new CsvColumn<>("featureDimension", TransferResult::featureDimension),
            new CsvColumn<>("repeats", TransferResult::repeats),
            new CsvColumn<>("parameterError", TransferResult::parameterError),
            new CsvColumn<>("parameterErrorStdErr", TransferResult::parameterErrorStdErr),
            new CsvColumn<>("excessRisk", TransferResult::excessRisk),
            new CsvColumn<>("subspaceError", TransferResult::subspaceError),
            new CsvColumn<>("rateBound", TransferResult::rateBound));

    private static final String CAPTION = "The ℓ2 parameter error against the number of private samples n₂, both axes logarithmic: "
            + "each algorithm's measured error (solid, ±1 s.e.) beside the square root of Thm 5.4's rate "
            + "(dashed). Lower is better: a solid line parallel to its dashed one follows the theory's "
            + "rate; zero-shot (horizontal) is what public data alone reaches.";

    private TransferRows() {}

    @Override
    public Class<TransferResult> rowType() {
        return TransferResult.class;
    }

    @Override
    public String csvFile() {
        return "transfer.csv";
    }

    @Override
    public List<CsvColumn<TransferResult>> csvColumns() {
        return CSV;
    }

    @Override
    public Table table(List<TransferResult> rows, DatasetTask dataset) {
        List<Table.Column> columns = columns("transfer algorithm", -22, "representation", -14, "n1", 7, "n2", 7,
                "epsilon", 7, "eps(acct.)", 10, "sigma", 7, "param error ± s.e.", 21, "sin θ", 9, "repeats", 7);
        return new Table(null, columns, rows.stream().map(r -> new Table.Row(r.algorithm(),
                r.representation() == null ? "-" : r.representation(),
                r.publicSamples() == null ? "-" : r.publicSamples() + ("pairs".equals(r.subspaceEstimator()) ? "p" : ""),
                String.valueOf(r.privateSamples()), r.epsilon() == null ? "-" : brief(r.epsilon()),
                dash(r.accountedEpsilon(), "%.4g"), dash(r.noiseMultiplier(), "%.3g"),
                withError("%.4f", r.parameterError(), r.parameterErrorStdErr()), dash(r.subspaceError(), "%.3f"),
                String.valueOf(r.repeats()))).toList());
    }

    @Override
    public PrivacyLine privacy(TransferResult r) {
        return new PrivacyLine(r.algorithm(), "transfer", null, r.zcdpRho(),
                r.classicEpsilon() == null ? null : brief(r.classicEpsilon()),
                r.maxLedgerEpsilon() == null ? null : "ε " + brief(r.maxLedgerEpsilon()),
                "n₂ = " + r.privateSamples() + (r.representationEpsilon() == null ? ""
                        : ", representation ε " + brief(r.representationEpsilon())));
    }

    /** None: a transfer row states no zCDP calibration. */
    @Override
    public String eventCalibration(TransferResult row) {
        return null;
    }

    @Override
    public List<Plot<TransferResult>> plots() {
        return List.of(new Plot<>("parameter-error-vs-samples.png", CAPTION, (scenario, rows) -> List.of(chart(scenario, rows))));
    }

    private static Chart chart(String scenario, List<TransferResult> rows) {
        Map<String, List<TransferResult>> curves = new LinkedHashMap<>();
        for (TransferResult r : rows) {
            curves.computeIfAbsent(r.experiment() + "/" + r.publicSamples() + "/" + r.epsilon(),
                    key -> new ArrayList<>()).add(r);
        }
        double minX = rows.stream().mapToDouble(TransferResult::privateSamples).min().orElse(1);
        double maxX = rows.stream().mapToDouble(TransferResult::privateSamples).max().orElse(10);
        List<Chart.Series> series = new ArrayList<>();
        for (List<TransferResult> curve : curves.values()) {
            List<TransferResult> sorted = new ArrayList<>(curve);
            sorted.sort((a, b) -> Integer.compare(a.privateSamples(), b.privateSamples()));
            String name = label(sorted.get(0));
            double[] x = sorted.stream().mapToDouble(TransferResult::privateSamples).toArray();
            double[] y = sorted.stream().mapToDouble(r -> Math.max(r.parameterError(), Double.MIN_NORMAL)).toArray();
            if (sorted.get(0).representation() == null) {
                series.add(new Chart.Series(name, new double[] {minX, maxX}, new double[] {y[0], y[0]}, Chart.Line.DASHED));
                continue;
            }
            List<Chart.Bar> bars = new ArrayList<>();
            for (int i = 0; i < sorted.size(); i++) {
                TransferResult r = sorted.get(i);
                if (r.parameterErrorStdErr() != null) {
                    bars.add(new Chart.Bar(i, r.parameterError(), r.parameterErrorStdErr()));
                }
            }
            series.add(new Chart.Series(name, x, y, Chart.Line.MARKED, bars, new Chart.Companion(" √rate",
                    sorted.stream().mapToDouble(TransferResult::rateBound).toArray())));
        }
        return new Chart(scenario + ": parameter error vs private samples", "n₂, private samples (log scale)",
                "‖ŵ − w*‖₂, mean ± s.e. (log scale); dashed: √rate of Thm 5.4", true, true, WIDTH, HEIGHT,
                Chart.Legend.BELOW, series);
    }

    /** Series name: algorithm, representation (with n₁), ε and experiment index. */
    private static String label(TransferResult r) {
        StringBuilder sb = new StringBuilder(r.algorithm());
        if (r.representation() != null) {
            sb.append(", ").append(r.representation().equals("public") ? "B̂ (" + r.subspaceEstimator() + ") from n₁ = "
                    + r.publicSamples() : r.representation().equals("true") ? "true B" : "d dims (scratch)");
        }
        if (r.epsilon() != null) {
            sb.append(", ε = ").append(r.epsilon());
        }
        return sb.append(" (experiment ").append(r.experiment()).append(')').toString();
    }
}
