package org.privsim.actors.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Report;

/**
 * The PNG plot of population MSE against ε (both axes logarithmic): one line per private
 * algorithm, and each non-private algorithm as a dashed horizontal reference line across the ε
 * range.
 */
public final class MsePlot {
    private MsePlot() {}

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(600)
                .title(report.scenario() + ": population MSE vs ε")
                .xAxisTitle("ε (target, log scale)").yAxisTitle("population MSE (log scale)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendVisible(true);
        Map<Integer, List<ExperimentResult>> privateRows = new LinkedHashMap<>();
        List<ExperimentResult> references = new ArrayList<>();
        double minEps = Double.POSITIVE_INFINITY;
        double maxEps = Double.NEGATIVE_INFINITY;
        for (ExperimentResult r : report.lowRankRows()) {
            if (r.epsilon() == null) {
                references.add(r);
            } else {
                privateRows.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r);
                minEps = Math.min(minEps, r.epsilon());
                maxEps = Math.max(maxEps, r.epsilon());
            }
        }
        if (minEps > maxEps) {
            minEps = 0.1;
            maxEps = 10;
        }
        if (minEps == maxEps) {
            minEps /= 2;
            maxEps *= 2;
        }
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (Map.Entry<Integer, List<ExperimentResult>> e : privateRows.entrySet()) {
            List<ExperimentResult> rows = new ArrayList<>(e.getValue());
            rows.sort((a, b) -> Double.compare(a.epsilon(), b.epsilon()));
            double[] x = rows.stream().mapToDouble(ExperimentResult::epsilon).toArray();
            double[] y = rows.stream().mapToDouble(r -> positive(r.populationMse())).toArray();
            chart.addSeries(unique(seen, label(rows.get(0))), x, y).setMarker(SeriesMarkers.CIRCLE);
        }
        for (ExperimentResult r : references) {
            double y = positive(r.populationMse());
            XYSeries s = chart.addSeries(unique(seen, r.algorithm() + " (reference)"),
                    new double[] {minEps, maxEps}, new double[] {y, y});
            s.setMarker(SeriesMarkers.NONE);
            s.setLineStyle(new java.awt.BasicStroke(2f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER,
                    10f, new float[] {6f, 4f}, 0f));
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** Series name: the algorithm plus what distinguishes experiments of the same algorithm. */
    private static String label(ExperimentResult r) {
        StringBuilder sb = new StringBuilder(r.algorithm()).append(" (");
        if (r.participation() != null) {
            sb.append(r.participation()).append(", ");
        }
        return sb.append(r.calibration()).append(" calibration)").toString();
    }

    private static String unique(Map<String, Integer> seen, String name) {
        int n = seen.merge(name, 1, Integer::sum);
        return n == 1 ? name : name + " #" + n;
    }

    private static double positive(double v) {
        return Math.max(v, 1e-12);
    }
}
