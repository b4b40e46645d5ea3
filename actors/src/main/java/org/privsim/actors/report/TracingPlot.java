package org.privsim.actors.report;

import static org.privsim.core.report.Formats.brief;

import java.awt.BasicStroke;
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
import org.privsim.core.audit.AuditResult;
import org.privsim.core.run.Report;

/**
 * The PNG plot of a report's tracing audits ({@code tracing-auc.png}): the membership test's AUC
 * against d on a log axis, one series per (algorithm, ε, t) in scenario order with its confidence
 * interval as two thin lines, the (ε, δ)-DP ceiling of each private series dashed, and ½ (guessing)
 * dotted.
 *
 * <p>Guarantee: it shows exactly the {@code tracing} fields of the report's tracing audits; written
 * only when there is at least one.
 */
public final class TracingPlot {
    /** What to read from this plot: the caption {@code report.html} shows under it. */
    static final String CAPTION = "The tracing attack's AUC (members against fresh draws) against the dimension d, with its "
            + "confidence interval (thin lines), the (ε, δ)-DP ceiling of each private series (dashed) "
            + "and guessing at ½ (dotted). An AUC above its ceiling leaks more than the claim allows; at "
            + "½ the attack learns nothing.";

    private static final Color[] COLORS = {new Color(0xD6, 0x27, 0x28), new Color(0x1F, 0x77, 0xB4),
        new Color(0x2C, 0xA0, 0x2C), new Color(0x94, 0x67, 0xBD), new Color(0xFF, 0x7F, 0x0E)};
    private static final BasicStroke DASHED =
            new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);

    private TracingPlot() {}

    /** Whether {@code report} has a tracing audit (then the plot is written). */
    public static boolean applies(Report report) {
        return report.audits().stream().anyMatch(a -> a.tracing() != null);
    }

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        Map<String, List<AuditResult>> series = new LinkedHashMap<>();
        for (AuditResult a : report.audits()) {
            if (a.tracing() != null) {
                String name = a.algorithm() + (a.calibration() == null ? "" : " ε = " + brief(a.claimedEpsilon()))
                        + ", t = " + a.tracing().persons();
                series.computeIfAbsent(name, k -> new ArrayList<>()).add(a);
            }
        }
        XYChart chart = new XYChartBuilder().width(1000).height(750)
                .title(report.scenario() + ": tracing attack, AUC of members vs fresh draws")
                .xAxisTitle("dimension d").yAxisTitle("AUC").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(0.4);
        chart.getStyler().setYAxisMax(1.0);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        double minD = Double.POSITIVE_INFINITY;
        double maxD = 0;
        int k = 0;
        for (Map.Entry<String, List<AuditResult>> e : series.entrySet()) {
            List<AuditResult> rows = new ArrayList<>(e.getValue());
            rows.sort((a, b) -> Integer.compare(a.tracing().dimension(), b.tracing().dimension()));
            double[] d = rows.stream().mapToDouble(a -> a.tracing().dimension()).toArray();
            Color color = COLORS[k++ % COLORS.length];
            XYSeries auc = chart.addSeries(e.getKey(), d, rows.stream().mapToDouble(a -> a.tracing().auc()).toArray());
            auc.setLineColor(color);
            auc.setMarkerColor(color);
            auc.setMarker(SeriesMarkers.CIRCLE);
            auc.setLineStyle(new BasicStroke(2.5f));
            thin(chart.addSeries(e.getKey() + ": " + brief(100 * rows.get(0).confidence()) + "% interval", d,
                    rows.stream().mapToDouble(a -> a.tracing().aucLower()).toArray()), color, new BasicStroke(0.8f));
            thin(chart.addSeries(" " + e.getKey() + ": upper end", d,
                    rows.stream().mapToDouble(a -> a.tracing().aucUpper()).toArray()), color, new BasicStroke(0.8f))
                    .setShowInLegend(false);
            if (rows.get(0).calibration() != null) {
                thin(chart.addSeries(e.getKey() + ": (ε, δ)-DP ceiling", d,
                        rows.stream().mapToDouble(a -> a.tracing().aucCeiling()).toArray()), color, DASHED);
            }
            minD = Math.min(minD, d[0]);
            maxD = Math.max(maxD, d[d.length - 1]);
        }
        thin(chart.addSeries("guessing", new double[] {minD, maxD}, new double[] {0.5, 0.5}), Color.GRAY, DASHED);
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static XYSeries thin(XYSeries series, Color color, BasicStroke stroke) {
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(color);
        series.setLineStyle(stroke);
        return series;
    }
}
