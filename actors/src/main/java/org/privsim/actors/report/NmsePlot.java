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
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.privsim.core.run.MultitaskResult;
import org.privsim.core.run.Report;

/**
 * The PNG plot of the multi-task test nMSE against ε ({@code nmse-vs-epsilon.png}): x = target ε on a
 * log axis, y = nMSE on a linear axis.
 *
 * <p>Guarantee: one panel per structure ({@code low-rank}, {@code group-sparse}) of the report's
 * multi-task rows, in order of first appearance, placed side by side in one image, each titled by
 * the scenario and the structure, with m, n and d in the title when every row of the panel shares
 * them (otherwise in each series' name). In a panel every private experiment is a solid line with
 * circle markers over its ε values, with a ±1 standard-error bar at each ε whose row has one (its
 * lower end kept above zero as in {@link PlotStyle#errorBar}); every
 * non-private row is a dashed horizontal line at its nMSE across the ε range of all private
 * multi-task rows (0.1 to 10 when there are none). Every line is named in the legend by algorithm
 * and experiment index.
 */
public final class NmsePlot {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 700;

    private NmsePlot() {}

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        List<MultitaskResult> rows = report.multitaskRows();
        double[] range = epsilonRange(rows);
        Map<String, List<MultitaskResult>> panels = new LinkedHashMap<>();
        for (MultitaskResult r : rows) {
            panels.computeIfAbsent(r.structure(), s -> new ArrayList<>()).add(r);
        }
        BufferedImage image = new BufferedImage(WIDTH * panels.size(), HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            int x = 0;
            for (Map.Entry<String, List<MultitaskResult>> panel : panels.entrySet()) {
                g.drawImage(BitmapEncoder.getBufferedImage(chart(report.scenario(), panel.getKey(),
                        panel.getValue(), range)), x, 0, null);
                x += WIDTH;
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", png.toFile());
    }

    private static XYChart chart(String scenario, String structure, List<MultitaskResult> rows, double[] range) {
        boolean sameShape = rows.stream().map(NmsePlot::shape).distinct().count() == 1;
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(scenario + ": " + structure + ", nMSE vs ε"
                        + (sameShape ? " (" + shape(rows.get(0)) + ")" : ""))
                .xAxisTitle("ε (target, log scale)").yAxisTitle("test nMSE, mean ± s.e.").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        Map<Integer, List<MultitaskResult>> experiments = new LinkedHashMap<>();
        List<MultitaskResult> references = new ArrayList<>();
        for (MultitaskResult r : rows) {
            if (r.epsilon() == null) {
                references.add(r);
            } else {
                experiments.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r);
            }
        }
        Map<String, Integer> seen = new LinkedHashMap<>();
        int index = 0;
        for (List<MultitaskResult> experiment : experiments.values()) {
            List<MultitaskResult> sorted = new ArrayList<>(experiment);
            sorted.sort((a, b) -> Double.compare(a.epsilon(), b.epsilon()));
            double[] x = sorted.stream().mapToDouble(MultitaskResult::epsilon).toArray();
            Color color = PALETTE[index++ % PALETTE.length];
            String name = unique(seen, label(sorted.get(0), sameShape));
            XYSeries series = chart.addSeries(name, x, sorted.stream().mapToDouble(MultitaskResult::nmse).toArray());
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(color);
            series.setLineColor(color);
            series.setLineStyle(SOLID);
            for (int i = 0; i < sorted.size(); i++) {
                MultitaskResult r = sorted.get(i);
                if (r.nmseStdErr() != null) {
                    errorBar(chart, name + " stderr " + i, x[i], r.nmse(), r.nmseStdErr(), color);
                }
            }
        }
        for (MultitaskResult r : references) {
            double y = r.nmse();
            Color color = PALETTE[index++ % PALETTE.length];
            XYSeries series = chart.addSeries(unique(seen, label(r, sameShape)), range, new double[] {y, y});
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(color);
            series.setLineStyle(DASHED);
        }
        return chart;
    }

    /** {min ε, max ε} of the private rows, widened to a factor of 4 when they share one ε. */
    private static double[] epsilonRange(List<MultitaskResult> rows) {
        double min = rows.stream().filter(r -> r.epsilon() != null).mapToDouble(MultitaskResult::epsilon).min()
                .orElse(0.1);
        double max = rows.stream().filter(r -> r.epsilon() != null).mapToDouble(MultitaskResult::epsilon).max()
                .orElse(10);
        return min == max ? new double[] {min / 2, max * 2} : new double[] {min, max};
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
}
