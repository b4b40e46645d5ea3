package org.privsim.actors.report;


import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.privsim.core.family.ratings.RatingsResult;
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
    /** What to read from this plot: the caption {@code report.html} shows under it. */
    static final String CAPTION = "Held-out RMSE per user against the target ε (log scale), for all users (left) and the "
            + "bottom quartile by training ratings (right): private experiments solid with ±1 s.e. bars, "
            + "non-private baselines dashed. Lower is better: the right panel shows what privacy costs "
            + "the users with the fewest ratings.";

    private static final int WIDTH = EpsilonSeriesChart.width();
    private static final int HEIGHT = EpsilonSeriesChart.height();

    private RmsePlot() {}

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        List<RatingsResult> rows = report.rows(RatingsResult.class);
        double[] range = EpsilonSeriesChart.epsilonRange(rows.stream().map(RatingsResult::epsilon).toList());
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
        List<EpsilonSeriesChart.Point> points = rows.stream().map(r -> new EpsilonSeriesChart.Point(r.experiment(),
                r.epsilon(), mean.apply(r), stdErr.apply(r), r.algorithm() + " (experiment " + r.experiment()
                + (r.epsilon() == null ? ", non-private)" : ")"))).toList();
        return EpsilonSeriesChart.chart(title, "RMSE per user, mean ± s.e.", points, range);
    }
}
