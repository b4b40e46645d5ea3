package org.privsim.actors.report;

import static org.privsim.actors.report.PlotStyle.DASHED;
import static org.privsim.actors.report.PlotStyle.PALETTE;
import static org.privsim.actors.report.PlotStyle.SOLID;
import static org.privsim.actors.report.PlotStyle.errorBar;
import static org.privsim.actors.report.PlotStyle.positive;
import static org.privsim.actors.report.PlotStyle.unique;

import java.awt.Color;
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
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Report;

/**
 * The PNG plot of population MSE against ε (both axes logarithmic): one line per private
 * experiment (its label names what distinguishes it: U-step, feature covariance, participation,
 * calibration), with a ±1 standard-error bar at each ε when the row averages several repeats, and
 * each non-private algorithm as a dashed horizontal reference line across the ε range.
 */
public final class MsePlot {
    /** What to read from this plot: the caption {@code report.html} shows under it. */
    static final String CAPTION = "Population MSE against the target ε, both axes logarithmic: one line per private "
            + "experiment (with ±1 s.e. bars when it repeats), each non-private algorithm a dashed "
            + "horizontal line. Lower is better: compare algorithms at equal ε, and read what privacy "
            + "costs as the gap between a private line and the non-private reference.";

    private MsePlot() {}

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(1000).height(750)
                .title(report.scenario() + ": population MSE vs ε")
                .xAxisTitle("ε (target, log scale)").yAxisTitle("population MSE (log scale)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
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
        int index = 0;
        for (Map.Entry<Integer, List<ExperimentResult>> e : privateRows.entrySet()) {
            List<ExperimentResult> rows = new ArrayList<>(e.getValue());
            rows.sort((a, b) -> Double.compare(a.epsilon(), b.epsilon()));
            double[] x = rows.stream().mapToDouble(ExperimentResult::epsilon).toArray();
            double[] y = rows.stream().mapToDouble(r -> positive(r.comparedMse())).toArray();
            Color color = PALETTE[index++ % PALETTE.length];
            String name = unique(seen, label(rows.get(0)));
            XYSeries series = chart.addSeries(name, x, y);
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
            series.setLineStyle(SOLID);
            for (int i = 0; i < rows.size(); i++) {
                ExperimentResult r = rows.get(i);
                if (r.comparedMseStdErr() != null) {
                    errorBar(chart, name + " stderr " + i, x[i], r.comparedMse(), r.comparedMseStdErr(), color);
                }
            }
        }
        for (ExperimentResult r : references) {
            double y = positive(r.comparedMse());
            Color color = PALETTE[index++ % PALETTE.length];
            XYSeries s = chart.addSeries(unique(seen, r.algorithm() + " (reference)"),
                    new double[] {minEps, maxEps}, new double[] {y, y});
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(color);
            s.setLineStyle(DASHED);
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
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
        sb.append(r.calibration()).append(" calibration");
        if (r.repeats() > 1) {
            sb.append(", ").append(r.repeats()).append(" repeats, ± s.e.");
        }
        return sb.append(')').toString();
    }
}
