package org.privsim.actors.report;

import static org.privsim.actors.report.PlotStyle.DASHED;
import static org.privsim.actors.report.PlotStyle.PALETTE;
import static org.privsim.actors.report.PlotStyle.SOLID;
import static org.privsim.actors.report.PlotStyle.errorBar;
import static org.privsim.actors.report.PlotStyle.unique;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.privsim.core.run.RatingsResult;
import org.privsim.core.run.Report;

/**
 * The PNG plot of the ratings rows' held-out RMSE against ε ({@code rmse-vs-epsilon.png}): two panels
 * side by side, all users and the bottom quartile by training ratings; x = target ε on a log axis,
 * y = RMSE on a linear axis.
 *
 * <p>Guarantee: in each panel every private experiment is a solid line with circle markers over its ε
 * values and a ±1 standard-error bar at each ε whose row has one; every non-private row is a dashed
 * horizontal line across the ε range of the private rows (0.1 to 10 when there are none). Lines are
 * named by algorithm and experiment index.
 */
public final class RmsePlot {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 700;

    private RmsePlot() {}

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        List<RatingsResult> rows = report.ratingsRows();
        double[] range = epsilonRange(rows);
        BufferedImage image = new BufferedImage(2 * WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.drawImage(BitmapEncoder.getBufferedImage(chart(report.scenario() + ": held-out RMSE vs ε, all users",
                    rows, range, RatingsResult::rmse, RatingsResult::rmseStdErr)), 0, 0, null);
            g.drawImage(BitmapEncoder.getBufferedImage(chart(report.scenario()
                    + ": held-out RMSE vs ε, bottom quartile by ratings", rows, range,
                    RatingsResult::bottomQuartileRmse, RatingsResult::bottomQuartileRmseStdErr)), WIDTH, 0, null);
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", png.toFile());
    }

    private static XYChart chart(String title, List<RatingsResult> rows, double[] range,
                                 Function<RatingsResult, Double> mean, Function<RatingsResult, Double> stdErr) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("ε (target, log scale)").yAxisTitle("RMSE per user, mean ± s.e.").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        Map<Integer, List<RatingsResult>> experiments = new LinkedHashMap<>();
        List<RatingsResult> references = new ArrayList<>();
        for (RatingsResult r : rows) {
            if (r.epsilon() == null) {
                references.add(r);
            } else {
                experiments.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r);
            }
        }
        Map<String, Integer> seen = new LinkedHashMap<>();
        int index = 0;
        for (List<RatingsResult> experiment : experiments.values()) {
            List<RatingsResult> sorted = new ArrayList<>(experiment);
            sorted.sort((a, b) -> Double.compare(a.epsilon(), b.epsilon()));
            double[] x = sorted.stream().mapToDouble(RatingsResult::epsilon).toArray();
            Color color = PALETTE[index++ % PALETTE.length];
            String name = unique(seen, sorted.get(0).algorithm() + " (experiment " + sorted.get(0).experiment() + ")");
            XYSeries series = chart.addSeries(name, x, sorted.stream().mapToDouble(mean::apply).toArray());
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
            series.setLineStyle(SOLID);
            for (int i = 0; i < sorted.size(); i++) {
                Double se = stdErr.apply(sorted.get(i));
                if (se != null) {
                    errorBar(chart, name + " stderr " + i, x[i], mean.apply(sorted.get(i)), se, color);
                }
            }
        }
        for (RatingsResult r : references) {
            double y = mean.apply(r);
            Color color = PALETTE[index++ % PALETTE.length];
            XYSeries series = chart.addSeries(unique(seen, r.algorithm() + " (experiment " + r.experiment()
                    + ", non-private)"), range, new double[] {y, y});
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(color);
            series.setLineStyle(DASHED);
        }
        return chart;
    }

    /** {min ε, max ε} of the private rows, widened to a factor of 4 when they share one ε. */
    private static double[] epsilonRange(List<RatingsResult> rows) {
        double min = rows.stream().filter(r -> r.epsilon() != null).mapToDouble(RatingsResult::epsilon).min()
                .orElse(0.1);
        double max = rows.stream().filter(r -> r.epsilon() != null).mapToDouble(RatingsResult::epsilon).max()
                .orElse(10);
        return min == max ? new double[] {min / 2, max * 2} : new double[] {min, max};
    }
}
