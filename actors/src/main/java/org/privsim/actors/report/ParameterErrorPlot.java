package org.privsim.actors.report;

import static org.privsim.actors.report.PlotStyle.DASHED;
import static org.privsim.actors.report.PlotStyle.PALETTE;
import static org.privsim.actors.report.PlotStyle.SOLID;
import static org.privsim.actors.report.PlotStyle.errorBar;
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
import org.privsim.core.run.Report;
import org.privsim.core.family.transfer.TransferResult;

/**
 * The PNG plot of Thaker et al. Fig. 3 ({@code parameter-error-vs-samples.png}): x = n₂ (private
 * samples), y = ℓ2 parameter error ‖ŵ − w*‖₂, both on log axes.
 *
 * <p>Guarantee: one solid line with circle markers per (experiment, n₁, ε) over its n₂ values,
 * named by algorithm, representation, n₁ and ε, with a ±1 standard-error bar where the row has
 * one (lower end kept above zero, {@link PlotStyle#errorBar}); beside each line, in the same colour
 * and dashed, its {@code rateBound} — the square root of the Thm 5.4 rate k/n₂ + k² ln(1/δ)/(ε²n₂²)
 * + γ̂², with constant 1 — so a reader compares the measured slope with the theory's. Zero-shot is
 * a dashed horizontal line.
 */
public final class ParameterErrorPlot {
    /** What to read from this plot: the caption {@code report.html} shows under it. */
    static final String CAPTION = "The ℓ2 parameter error against the number of private samples n₂, both axes logarithmic: "
            + "each algorithm's measured error (solid, ±1 s.e.) beside the square root of Thm 5.4's rate "
            + "(dashed). Lower is better: a solid line parallel to its dashed one follows the theory's "
            + "rate; zero-shot (horizontal) is what public data alone reaches.";

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 760;

    private ParameterErrorPlot() {}

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        BitmapEncoder.saveBitmap(chart(report), png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    static XYChart chart(Report report) {
        List<TransferResult> rows = report.rows(TransferResult.class);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(report.scenario() + ": parameter error vs private samples")
                .xAxisTitle("n₂, private samples (log scale)")
                .yAxisTitle("‖ŵ − w*‖₂, mean ± s.e. (log scale); dashed: √rate of Thm 5.4").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        Map<String, List<TransferResult>> curves = new LinkedHashMap<>();
        for (TransferResult r : rows) {
            curves.computeIfAbsent(r.experiment() + "/" + r.publicSamples() + "/" + r.epsilon(),
                    key -> new ArrayList<>()).add(r);
        }
        double minX = rows.stream().mapToDouble(TransferResult::privateSamples).min().orElse(1);
        double maxX = rows.stream().mapToDouble(TransferResult::privateSamples).max().orElse(10);
        Map<String, Integer> seen = new LinkedHashMap<>();
        int index = 0;
        for (List<TransferResult> curve : curves.values()) {
            List<TransferResult> sorted = new ArrayList<>(curve);
            sorted.sort((a, b) -> Integer.compare(a.privateSamples(), b.privateSamples()));
            Color color = PALETTE[index++ % PALETTE.length];
            String name = unique(seen, label(sorted.get(0)));
            double[] x = sorted.stream().mapToDouble(TransferResult::privateSamples).toArray();
            double[] y = sorted.stream().mapToDouble(r -> Math.max(r.parameterError(), Double.MIN_NORMAL)).toArray();
            if (sorted.get(0).representation() == null) {
                XYSeries flat = chart.addSeries(name, new double[] {minX, maxX}, new double[] {y[0], y[0]});
                flat.setMarker(SeriesMarkers.NONE);
                flat.setLineColor(color);
                flat.setLineStyle(DASHED);
                continue;
            }
            XYSeries series = chart.addSeries(name, x, y);
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
            series.setLineStyle(SOLID);
            for (int i = 0; i < sorted.size(); i++) {
                TransferResult r = sorted.get(i);
                if (r.parameterErrorStdErr() != null) {
                    errorBar(chart, name + " stderr " + i, x[i], r.parameterError(), r.parameterErrorStdErr(), color);
                }
            }
            XYSeries rate = chart.addSeries(unique(seen, name + " √rate"), x,
                    sorted.stream().mapToDouble(TransferResult::rateBound).toArray());
            rate.setMarker(SeriesMarkers.NONE);
            rate.setLineColor(color);
            rate.setLineStyle(DASHED);
            rate.setShowInLegend(false);
        }
        return chart;
    }

    /** Series name: algorithm, representation (with n₁), ε and experiment index. */
    private static String label(TransferResult r) {
        StringBuilder sb = new StringBuilder(r.algorithm());
        if (r.representation() != null) {
            sb.append(", ").append(r.representation().equals("public") ? "B̂ (" + r.subspaceEstimator() + ") from n₁ = " + r.publicSamples()
                    : r.representation().equals("true") ? "true B" : "d dims (scratch)");
        }
        if (r.epsilon() != null) {
            sb.append(", ε = ").append(r.epsilon());
        }
        return sb.append(" (experiment ").append(r.experiment()).append(')').toString();
    }
}
