package org.privsim.actors.report;

import static org.privsim.core.report.Formats.brief;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.RocCurve;
import org.privsim.core.privacy.Conversions;

/**
 * The PNG plot of one audit's attack against its claimed guarantee ({@code audit-<i>-roc.png}),
 * true-positive rate against false-positive rate on linear axes from 0 to 1.
 *
 * <p>Guarantee: it shows exactly the audit's empirical ROC curve ({@link AuditResult#roc()}, the
 * evaluation half of the trials), the exact ROC curve of the Gaussian mechanism that is exactly
 * (ε, δ)-DP at the claimed ε and δ (μ = {@link Conversions#muForGaussianEpsilon}; no attack on a
 * μ-GDP mechanism rises above it; left out for a pure claim, δ = 0, which no Gaussian mechanism
 * meets), the piecewise-linear ceiling min(1, e^ε·FPR + δ,
 * 1 − e^−ε·(1 − δ − FPR)) that bounds the ROC of every (ε, δ)-DP mechanism, and the diagonal of
 * guessing. The title names the algorithm, the threat model, the verdict and ε_lower.
 */
public final class RocPlot {
    /** What to read from this plot: the caption {@code report.html} shows under it. */
    static final String CAPTION = "The audit's attack: its true-positive against false-positive rate on the evaluation "
            + "trials, beside the ROC of the Gaussian mechanism exactly at the claimed (ε, δ) and the "
            + "ceiling no (ε, δ)-DP mechanism rises above. A curve above the ceiling points to a violation "
            + "(the audits table says whether it is significant); near the Gaussian curve the audit is "
            + "tight; near the diagonal the attack learns nothing.";

    /** Points of the Gaussian trade-off curve. */
    private static final int GAUSSIAN_POINTS = 201;
    private static final BasicStroke DASHED =
            new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    private static final BasicStroke DOTTED =
            new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f);

    private RocPlot() {}

    /** The file name of audit {@code index}'s plot. */
    public static String fileName(int index) {
        return "audit-" + index + "-roc.png";
    }

    /** Writes the plot of {@code audit} to {@code png}. */
    public static void write(AuditResult audit, Path png) throws IOException {
        double epsilon = audit.claimedEpsilon();
        double delta = audit.delta();
        String claim = "ε = " + brief(epsilon) + ", δ = " + brief(delta);
        XYChart chart = new XYChartBuilder().width(1000).height(750)
                .title("audit " + audit.audit() + ": " + audit.algorithm() + ", threat model " + audit.threatModel()
                        + " (|C| = " + audit.collusionSize() + "): " + audit.verdict() + ", ε_lower = "
                        + brief(audit.empiricalEpsilonLower()) + " (claimed " + brief(epsilon) + ")")
                .xAxisTitle("false-positive rate").yAxisTitle("true-positive rate").build();
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.InsideSE);
        styler.setXAxisDecimalPattern("0.0#");
        styler.setYAxisDecimalPattern("0.0#");
        styler.setXAxisMin(0.0);
        styler.setXAxisMax(1.0);
        styler.setYAxisMin(0.0);
        styler.setYAxisMax(1.0);

        List<RocCurve.RocPoint> roc = audit.roc();
        XYSeries attack = chart.addSeries("attack: empirical ROC (" + audit.trials() / 2 + " evaluation trials)",
                roc.stream().mapToDouble(RocCurve.RocPoint::falsePositiveRate).toArray(),
                roc.stream().mapToDouble(RocCurve.RocPoint::truePositiveRate).toArray());
        attack.setMarker(SeriesMarkers.NONE);
        attack.setLineColor(new Color(0xD6, 0x27, 0x28));
        attack.setLineStyle(new BasicStroke(2.5f));

        if (delta > 0) {
            double mu = Conversions.muForGaussianEpsilon(epsilon, delta);
            List<RocCurve.RocPoint> gaussian = RocCurve.gaussianTradeoff(mu, GAUSSIAN_POINTS);
            line(chart.addSeries("Gaussian mechanism exactly (" + claim + ")-DP: μ = " + brief(mu),
                    gaussian.stream().mapToDouble(RocCurve.RocPoint::falsePositiveRate).toArray(),
                    gaussian.stream().mapToDouble(RocCurve.RocPoint::truePositiveRate).toArray()),
                    new Color(0x1F, 0x77, 0xB4), DASHED);
        }

        double corner = (1 - delta) / (Math.exp(epsilon) + 1);
        line(chart.addSeries("ceiling of any (" + claim + ")-DP mechanism",
                new double[] {0, corner, 1}, new double[] {delta, Math.exp(epsilon) * corner + delta, 1}),
                new Color(0x2C, 0xA0, 0x2C), DOTTED);
        line(chart.addSeries("guessing", new double[] {0, 1}, new double[] {0, 1}), Color.GRAY, DOTTED);
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static void line(XYSeries series, Color color, BasicStroke stroke) {
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(color);
        series.setLineStyle(stroke);
    }
}
