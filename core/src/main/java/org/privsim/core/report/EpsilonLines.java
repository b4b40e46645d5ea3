package org.privsim.core.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.privsim.core.report.Chart.Bar;
import org.privsim.core.report.Chart.Line;
import org.privsim.core.report.Chart.Series;

/**
 * The series of a utility-against-ε chart, shared by the row types that plot one metric against the
 * target ε: one line per private experiment and one horizontal reference line per non-private row.
 *
 * <p>Guarantee: every private experiment is a marked line over its ε values, sorted by ε, with a ±1
 * standard-error bar at each ε whose point has one, named by the label of its smallest ε's point;
 * every non-private point is a dashed horizontal line at its value across {@code range}, named by its
 * label; experiments come in order of first appearance, then the non-private lines in order.
 */
public final class EpsilonLines {

    /**
     * One row of the chart.
     *
     * @param experiment the row's experiment index (its line)
     * @param epsilon    the target ε, or null for a non-private row
     * @param value      the plotted mean
     * @param stdErr     its standard error, or null
     * @param label      the legend name of the row's line
     */
    public record Point(int experiment, Double epsilon, double value, Double stdErr, String label) {}

    private EpsilonLines() {}

    /**
     * The series of {@code points}; on a log y axis ({@code logY}) every plotted value is raised to
     * {@link Chart#positive} (the error bars keep the means).
     */
    public static List<Series> series(List<Point> points, double[] range, boolean logY) {
        Map<Integer, List<Point>> experiments = new LinkedHashMap<>();
        List<Point> references = new ArrayList<>();
        for (Point p : points) {
            if (p.epsilon() == null) {
                references.add(p);
            } else {
                experiments.computeIfAbsent(p.experiment(), e -> new ArrayList<>()).add(p);
            }
        }
        List<Series> series = new ArrayList<>();
        for (List<Point> experiment : experiments.values()) {
            List<Point> sorted = new ArrayList<>(experiment);
            sorted.sort((a, b) -> Double.compare(a.epsilon(), b.epsilon()));
            List<Bar> bars = new ArrayList<>();
            for (int i = 0; i < sorted.size(); i++) {
                Point p = sorted.get(i);
                if (p.stdErr() != null) {
                    bars.add(new Bar(i, p.value(), p.stdErr()));
                }
            }
            series.add(new Series(sorted.get(0).label(), sorted.stream().mapToDouble(Point::epsilon).toArray(),
                    sorted.stream().mapToDouble(p -> plotted(p.value(), logY)).toArray(), Line.MARKED, bars, null));
        }
        for (Point p : references) {
            double y = plotted(p.value(), logY);
            series.add(new Series(p.label(), range.clone(), new double[] {y, y}, Line.DASHED));
        }
        return series;
    }

    /**
     * {min ε, max ε} of the private ones of {@code epsilons} (nulls skipped), widened to a factor of 4
     * when they share one ε; 0.1 to 10 when there are none.
     */
    public static double[] range(List<Double> epsilons) {
        double min = epsilons.stream().filter(e -> e != null).mapToDouble(Double::doubleValue).min().orElse(0.1);
        double max = epsilons.stream().filter(e -> e != null).mapToDouble(Double::doubleValue).max().orElse(10);
        return min == max ? new double[] {min / 2, max * 2} : new double[] {min, max};
    }

    private static double plotted(double value, boolean logY) {
        return logY ? Chart.positive(value) : value;
    }
}
