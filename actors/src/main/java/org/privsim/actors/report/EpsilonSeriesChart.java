package org.privsim.actors.report;

import static org.privsim.actors.report.PlotStyle.DASHED;
import static org.privsim.actors.report.PlotStyle.PALETTE;
import static org.privsim.actors.report.PlotStyle.SOLID;
import static org.privsim.actors.report.PlotStyle.errorBar;
import static org.privsim.actors.report.PlotStyle.unique;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One panel of a utility-against-ε plot (x = target ε on a log axis, y linear), shared by the
 * multi-task and ratings plots.
 *
 * <p>Guarantee: every private experiment is a solid line with circle markers over its ε values,
 * sorted by ε, with a ±1 standard-error bar at each ε whose point has one; every non-private point
 * is a dashed horizontal line at its value across {@code range}; experiments appear in order of first
 * appearance, then the non-private lines, coloured in that order from {@link PlotStyle#PALETTE};
 * series names are the points' labels (the first point's for an experiment), made unique.
 */
final class EpsilonSeriesChart {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 700;

    /**
     * One row of the plot.
     *
     * @param experiment the row's experiment index (its line)
     * @param epsilon    the target ε, or null for a non-private row
     * @param value      the plotted mean
     * @param stdErr     its standard error, or null
     * @param label      the legend name of the row's line
     */
    record Point(int experiment, Double epsilon, double value, Double stdErr, String label) {}

    private EpsilonSeriesChart() {}

    /** The panel's width in pixels (panels are placed side by side at this pitch). */
    static int width() {
        return WIDTH;
    }

    /** The panel's height in pixels. */
    static int height() {
        return HEIGHT;
    }

    /** The panel of {@code points}, titled {@code title}, y axis {@code yTitle}. */
    static XYChart chart(String title, String yTitle, List<Point> points, double[] range) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("ε (target, log scale)").yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        Map<Integer, List<Point>> experiments = new LinkedHashMap<>();
        List<Point> references = new ArrayList<>();
        for (Point p : points) {
            if (p.epsilon() == null) {
                references.add(p);
            } else {
                experiments.computeIfAbsent(p.experiment(), e -> new ArrayList<>()).add(p);
            }
        }
        Map<String, Integer> seen = new LinkedHashMap<>();
        int index = 0;
        for (List<Point> experiment : experiments.values()) {
            List<Point> sorted = new ArrayList<>(experiment);
            sorted.sort((a, b) -> Double.compare(a.epsilon(), b.epsilon()));
            double[] x = sorted.stream().mapToDouble(Point::epsilon).toArray();
            Color color = PALETTE[index++ % PALETTE.length];
            String name = unique(seen, sorted.get(0).label());
            XYSeries series = chart.addSeries(name, x, sorted.stream().mapToDouble(Point::value).toArray());
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
            series.setLineStyle(SOLID);
            for (int i = 0; i < sorted.size(); i++) {
                Point p = sorted.get(i);
                if (p.stdErr() != null) {
                    errorBar(chart, name + " stderr " + i, x[i], p.value(), p.stdErr(), color);
                }
            }
        }
        for (Point p : references) {
            Color color = PALETTE[index++ % PALETTE.length];
            XYSeries series = chart.addSeries(unique(seen, p.label()), range, new double[] {p.value(), p.value()});
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(color);
            series.setLineStyle(DASHED);
        }
        return chart;
    }

    /** {min ε, max ε} of the private ones of {@code epsilons} (nulls skipped), widened to a factor of 4 when they share one ε; 0.1 to 10 when there are none. */
    static double[] epsilonRange(List<Double> epsilons) {
        double min = epsilons.stream().filter(e -> e != null).mapToDouble(Double::doubleValue).min().orElse(0.1);
        double max = epsilons.stream().filter(e -> e != null).mapToDouble(Double::doubleValue).max().orElse(10);
        return min == max ? new double[] {min / 2, max * 2} : new double[] {min, max};
    }
}
