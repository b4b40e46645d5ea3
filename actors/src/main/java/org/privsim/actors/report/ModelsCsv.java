package org.privsim.actors.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.privsim.core.family.multitask.MultitaskResult;
import org.privsim.core.run.Report;

/**
 * The exported model matrices of multi-task rows (the leakage example, Liang et al. Fig. 2) as CSV
 * ({@code models-e<experiment>-<k>.csv}), laid out as in the paper: columns are tasks, rows are
 * features, and each task's column is divided by its ℓ2 norm.
 *
 * <p>Guarantee: RFC 4180; header {@code matrix,feature,task1,…,task<m>}; then d lines
 * {@code input,<f>,…} for W⁽⁰⁾ (when the row carries it) followed by d lines {@code output,<f>,…}
 * for the output Ŵ, features f and tasks numbered from 1 (task i is the scenario's 1-based
 * {@code outlierTask} numbering). Every entry is w_i[f] / ‖w_i‖₂, so it lies in [−1, 1]; a zero
 * column stays zero and a column holding NaN is NaN throughout.
 */
public final class ModelsCsv {
    private ModelsCsv() {}

    /**
     * The report's multi-task rows that carry models, in report order, by base file name
     * {@code models-e<experiment>-<k>}, k the row's 0-based index among its experiment's
     * multi-task rows (its ε index; 0 for a non-private experiment).
     */
    public static Map<String, MultitaskResult> exported(Report report) {
        Map<String, MultitaskResult> exported = new LinkedHashMap<>();
        Map<Integer, Integer> seen = new LinkedHashMap<>();
        for (MultitaskResult r : report.rows(MultitaskResult.class)) {
            int k = seen.merge(r.experiment(), 1, Integer::sum) - 1;
            if (r.models() != null) {
                exported.put("models-e" + r.experiment() + "-" + k, r);
            }
        }
        return exported;
    }

    /** The CSV text of {@code row}'s models; the row must carry models. */
    public static String render(MultitaskResult row) {
        List<List<Double>> output = row.models().output();
        List<String> header = new ArrayList<>(List.of("matrix", "feature"));
        for (int t = 1; t <= output.size(); t++) {
            header.add("task" + t);
        }
        Csv csv = new Csv(header);
        if (row.models().input() != null) {
            rows(csv, "input", normalised(row.models().input()));
        }
        rows(csv, "output", normalised(output));
        return csv.text();
    }

    private static void rows(Csv csv, String matrix, double[][] features) {
        for (int f = 0; f < features.length; f++) {
            List<Object> cells = new ArrayList<>(List.of(matrix, f + 1));
            for (double v : features[f]) {
                cells.add(v);
            }
            csv.row(cells);
        }
    }

    /**
     * The d × m matrix whose column i is task i's model w_i / ‖w_i‖₂ ({@code models} holds one row
     * w_i ∈ R^d per task); a zero model stays zero.
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
