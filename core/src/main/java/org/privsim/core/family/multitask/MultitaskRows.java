package org.privsim.core.family.multitask;

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
import org.privsim.core.report.EpsilonLines;
import org.privsim.core.report.MatrixExport;
import org.privsim.core.report.Plot;
import org.privsim.core.report.PrivacyLine;
import org.privsim.core.report.RowDescription;
import org.privsim.core.report.Table;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.scenario.DatasetTask;

/**
 * How {@link MultitaskResult} rows appear in the report.
 *
 * <ul>
 *   <li>{@code multitask.csv}: every scalar field under its own name, in report-schema order (the lists
 *       {@code releaseEpsilons}, {@code releaseRhos}, {@code lambdasTried} and {@code models} are left to
 *       {@code report.json});</li>
 *   <li>the results table: "-" where ε, the accounted ε or λ is null, no "± s.e." for one repeat; a
 *       Gaussian-release row's algorithm carries "+gauss";</li>
 *   <li>{@code nmse-vs-epsilon.png}: one panel per structure, in order of first appearance, x = target ε on a
 *       log axis, y = nMSE, titled by the scenario and the structure (with m, n and d when every row of the
 *       panel shares them, otherwise in each line's name), private experiments marked with ±1 s.e. bars,
 *       non-private rows dashed across the ε range of all multi-task rows ({@link EpsilonLines});</li>
 *   <li>{@code models-e<experiment>-<k>.csv} and {@code .png} for each row that carries models, k its index
 *       among its experiment's rows: W⁽⁰⁾ (when carried) and Ŵ as feature × task matrices, each task's
 *       column divided by its ℓ2 norm (Liang et al. Fig. 2).</li>
 * </ul>
 */
public final class MultitaskRows implements RowDescription<MultitaskResult> {
    /** The one instance. */
    public static final MultitaskRows INSTANCE = new MultitaskRows();

    private static final int WIDTH = 900;
    private static final int HEIGHT = 700;

    private static final List<CsvColumn<MultitaskResult>> CSV = List.of(
            new CsvColumn<>("experiment", MultitaskResult::experiment),
            new CsvColumn<>("algorithm", MultitaskResult::algorithm),
            new CsvColumn<>("epsilon", MultitaskResult::epsilon),
            new CsvColumn<>("delta", MultitaskResult::delta),
            new CsvColumn<>("accountedEpsilon", MultitaskResult::accountedEpsilon),
            new CsvColumn<>("basicEpsilon", MultitaskResult::basicEpsilon),
            new CsvColumn<>("zcdpRho", MultitaskResult::zcdpRho),
            new CsvColumn<>("zcdpEpsilon", MultitaskResult::zcdpEpsilon),
            new CsvColumn<>("maxLedgerEpsilon", MultitaskResult::maxLedgerEpsilon),
            new CsvColumn<>("covarianceNoise", MultitaskResult::covarianceNoise),
            new CsvColumn<>("calibration", MultitaskResult::calibration),
            new CsvColumn<>("allocation", MultitaskResult::allocation),
            new CsvColumn<>("tasks", MultitaskResult::tasks),
            new CsvColumn<>("samplesPerTask", MultitaskResult::samplesPerTask),
            new CsvColumn<>("dimension", MultitaskResult::dimension),
            new CsvColumn<>("structure", MultitaskResult::structure),
            new CsvColumn<>("iterations", MultitaskResult::iterations),
            new CsvColumn<>("stepSize", MultitaskResult::stepSize),
            new CsvColumn<>("lambda", MultitaskResult::lambda),
            new CsvColumn<>("covarianceShift", MultitaskResult::covarianceShift),
            new CsvColumn<>("clipModel", MultitaskResult::clipModel),
            new CsvColumn<>("acceleration", MultitaskResult::acceleration),
            new CsvColumn<>("ridge", MultitaskResult::ridge),
            new CsvColumn<>("initialModels", MultitaskResult::initialModels),
            new CsvColumn<>("repeats", MultitaskResult::repeats),
            new CsvColumn<>("nmse", MultitaskResult::nmse),
            new CsvColumn<>("nmseStdErr", MultitaskResult::nmseStdErr),
            new CsvColumn<>("validationNmse", MultitaskResult::validationNmse),
            new CsvColumn<>("selection", MultitaskResult::selection));

    private static final String CAPTION = "Multi-task test nMSE against the target ε (log scale), one panel per structure: private "
            + "experiments solid with ±1 s.e. bars, non-private baselines dashed. Lower is better: a "
            + "private line below a single-task baseline means sharing across tasks pays for its privacy.";

    private static final String MODELS_CAPTION = "The exported models: the input W⁽⁰⁾ and the output Ŵ side by side, one column per task, "
            + "each column divided by its norm, on one scale from −1 (blue) to +1 (red). An outlier task "
            + "that leaks into the others shows as other columns taking on its pattern.";

    private MultitaskRows() {}

    @Override
    public Class<MultitaskResult> rowType() {
        return MultitaskResult.class;
    }

    @Override
    public String csvFile() {
        return "multitask.csv";
    }

    @Override
    public List<CsvColumn<MultitaskResult>> csvColumns() {
        return CSV;
    }

    @Override
    public Table table(List<MultitaskResult> rows, DatasetTask dataset) {
        List<Table.Column> columns = columns("multi-task algorithm", -26, "structure", -12, "epsilon", 7, "eps(acct.)", 10,
                "nMSE ± s.e.", 21, "lambda", 8, "repeats", 7);
        boolean selected = rows.stream().anyMatch(r -> r.selection() != null);
        if (selected) {
            columns.add(new Table.Column("selection", 9, false));
        }
        return new Table(null, columns, rows.stream().map(r -> {
            List<String> cells = new ArrayList<>(List.of(algorithm(r), r.structure(),
                    r.epsilon() == null ? "-" : brief(r.epsilon()), dash(r.accountedEpsilon(), "%.4g"),
                    withError("%.4f", r.nmse(), r.nmseStdErr()), r.lambda() == null ? "-" : brief(r.lambda()),
                    String.valueOf(r.repeats())));
            if (selected) {
                cells.add(r.selection() == null ? "-" : r.selection());
            }
            return new Table.Row(cells, null);
        }).toList());
    }

    @Override
    public PrivacyLine privacy(MultitaskResult r) {
        String calibration = r.privateSelection() != null ? ExperimentResult.SELECTION_CONVERSION : r.calibration();
        return new PrivacyLine(algorithm(r), "multi-task", calibration, r.zcdpRho(),
                r.basicEpsilon() == null ? null : "basic " + brief(r.basicEpsilon()),
                r.maxLedgerEpsilon() == null ? null : "ε " + brief(r.maxLedgerEpsilon()),
                r.covarianceNoise() == null ? (r.epsilon() == null ? "non-private" : null)
                        : r.covarianceNoise() + " covariance release, " + r.structure());
    }

    @Override
    public String eventCalibration(MultitaskResult row) {
        return row.calibration();
    }

    @Override
    public List<Plot<MultitaskResult>> plots() {
        return List.of(new Plot<>("nmse-vs-epsilon.png", CAPTION, MultitaskRows::panels));
    }

    @Override
    public List<MatrixExport<MultitaskResult>> exports() {
        return List.of(new MatrixExport<>("models-e[0-9]+-[0-9]+", MODELS_CAPTION, MultitaskRows::models));
    }

    /** The algorithm, with "+gauss" for a Gaussian covariance release. */
    private static String algorithm(MultitaskResult r) {
        return r.algorithm() + ("gaussian".equals(r.covarianceNoise()) ? "+gauss" : "");
    }

    private static List<Chart> panels(String scenario, List<MultitaskResult> rows) {
        double[] range = EpsilonLines.range(rows.stream().map(MultitaskResult::epsilon).toList());
        Map<String, List<MultitaskResult>> panels = new LinkedHashMap<>();
        for (MultitaskResult r : rows) {
            panels.computeIfAbsent(r.structure(), s -> new ArrayList<>()).add(r);
        }
        List<Chart> charts = new ArrayList<>();
        panels.forEach((structure, panel) -> {
            boolean sameShape = panel.stream().map(MultitaskRows::shape).distinct().count() == 1;
            List<EpsilonLines.Point> points = panel.stream().map(r -> new EpsilonLines.Point(r.experiment(),
                    r.epsilon(), r.nmse(), r.nmseStdErr(), label(r, sameShape))).toList();
            charts.add(new Chart(scenario + ": " + structure + ", nMSE vs ε"
                    + (sameShape ? " (" + shape(panel.get(0)) + ")" : ""), "ε (target, log scale)",
                    "test nMSE, mean ± s.e.", true, false, WIDTH, HEIGHT, Chart.Legend.BELOW,
                    EpsilonLines.series(points, range, false)));
        });
        return charts;
    }

    private static String shape(MultitaskResult r) {
        return "m = " + r.tasks() + ", n = " + r.samplesPerTask() + ", d = " + r.dimension();
    }

    /** Series name: algorithm, experiment, allocation, whether it is private and its shape when panels mix shapes. */
    private static String label(MultitaskResult r, boolean sameShape) {
        StringBuilder sb = new StringBuilder(r.algorithm()).append(" (experiment ").append(r.experiment());
        if (r.epsilon() == null) {
            sb.append(", non-private");
        } else if (r.allocation() != null) {
            sb.append(", ").append(r.allocation()).append(" allocation");
        }
        if ("gaussian".equals(r.covarianceNoise())) {
            sb.append(", Gaussian noise");
        }
        if (!sameShape) {
            sb.append(", ").append(shape(r));
        }
        return sb.append(')').toString();
    }

    /**
     * The rows that carry models, in report order, by base file name {@code models-e<experiment>-<k>}, k the
     * row's 0-based index among its experiment's rows (its ε index; 0 for a non-private experiment).
     */
    static Map<String, MatrixExport.Matrices> models(String scenario, List<MultitaskResult> rows) {
        Map<String, MatrixExport.Matrices> exported = new LinkedHashMap<>();
        Map<Integer, Integer> seen = new LinkedHashMap<>();
        for (MultitaskResult r : rows) {
            int k = seen.merge(r.experiment(), 1, Integer::sum) - 1;
            if (r.models() != null) {
                exported.put("models-e" + r.experiment() + "-" + k, matrices(scenario, r));
            }
        }
        return exported;
    }

    private static MatrixExport.Matrices matrices(String scenario, MultitaskResult row) {
        List<MatrixExport.Matrix> matrices = new ArrayList<>();
        if (row.models().input() != null) {
            matrices.add(new MatrixExport.Matrix("input", "input W⁽⁰⁾", normalised(row.models().input())));
        }
        matrices.add(new MatrixExport.Matrix("output", "output Ŵ", normalised(row.models().output())));
        int m = row.models().output().size();
        int d = matrices.get(0).entries().length;
        String title = scenario + ", experiment " + row.experiment() + ": " + row.algorithm() + ", "
                + (row.epsilon() == null ? "non-private" : "ε = " + brief(row.epsilon()))
                + (row.lambda() == null ? "" : ", λ = " + brief(row.lambda()));
        return new MatrixExport.Matrices(title, "columns = tasks 1.." + m + ", rows = features 1.." + d
                + ", each column divided by its ℓ2 norm", "feature", "task", matrices);
    }

    /**
     * The d × m matrix whose column i is task i's model w_i / ‖w_i‖₂ ({@code models} holds one row
     * w_i ∈ R^d per task); a zero model stays zero, so every entry lies in [−1, 1] (NaN stays NaN).
     */
    static double[][] normalised(List<List<Double>> models) {
        int m = models.size();
        int d = m == 0 ? 0 : models.get(0).size();
        double[][] columns = new double[d][m];
        for (int i = 0; i < m; i++) {
            List<Double> w = models.get(i);
            double norm = 0;
            for (double v : w) {
                norm += v * v;
            }
            norm = Math.sqrt(norm);
            for (int f = 0; f < d; f++) {
                columns[f][i] = norm == 0 ? 0 : w.get(f) / norm;
            }
        }
        return columns;
    }
}
