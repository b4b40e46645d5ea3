package org.privsim.actors.report;

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
import org.privsim.core.family.multitask.MultitaskResult;
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
    /** What to read from this plot: the caption {@code report.html} shows under it. */
    static final String CAPTION = "Multi-task test nMSE against the target ε (log scale), one panel per structure: private "
            + "experiments solid with ±1 s.e. bars, non-private baselines dashed. Lower is better: a "
            + "private line below a single-task baseline means sharing across tasks pays for its privacy.";

    private static final int WIDTH = EpsilonSeriesChart.width();
    private static final int HEIGHT = EpsilonSeriesChart.height();

    private NmsePlot() {}

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        List<MultitaskResult> rows = report.rows(MultitaskResult.class);
        double[] range = EpsilonSeriesChart.epsilonRange(rows.stream().map(MultitaskResult::epsilon).toList());
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
        List<EpsilonSeriesChart.Point> points = rows.stream().map(r -> new EpsilonSeriesChart.Point(r.experiment(),
                r.epsilon(), r.nmse(), r.nmseStdErr(), label(r, sameShape))).toList();
        return EpsilonSeriesChart.chart(scenario + ": " + structure + ", nMSE vs ε"
                + (sameShape ? " (" + shape(rows.get(0)) + ")" : ""), "test nMSE, mean ± s.e.", points, range);
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
