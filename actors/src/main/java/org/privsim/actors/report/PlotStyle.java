package org.privsim.actors.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.privsim.core.report.Chart;

/**
 * What privsim's line plots share: the palette, strokes, legend-free helper series, ±1 standard
 * error bars drawn as thin vertical segments (log-axis safe), and unique series names.
 */
final class PlotStyle {
    static final BasicStroke DASHED =
            new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    static final BasicStroke THIN = new BasicStroke(1f);
    static final BasicStroke SOLID = new BasicStroke(2f);
    /** Tableau 10: distinct on white, none too light to read. */
    static final Color[] PALETTE = {new Color(0x1F77B4), new Color(0xFF7F0E), new Color(0x2CA02C),
        new Color(0xD62728), new Color(0x9467BD), new Color(0x8C564B), new Color(0xE377C2), new Color(0x7F7F7F),
        new Color(0xBCBD22), new Color(0x17BECF)};

    private PlotStyle() {}

    /** Styles a helper series: no marker, the given colour and stroke, left out of the legend. */
    static void hidden(XYSeries series, Color color, BasicStroke stroke) {
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(color);
        series.setLineStyle(stroke);
        series.setShowInLegend(false);
    }

    /**
     * Draws a vertical bar from mean − se to mean + se at x (the lower end clamped above zero for a
     * log axis: a tenth of the mean when mean − se ≤ 0).
     */
    static void errorBar(XYChart chart, String name, double x, double mean, double se, Color color) {
        double low = mean - se > 0 ? mean - se : Chart.positive(mean) / 10;
        hidden(chart.addSeries(name, new double[] {x, x}, new double[] {low, Chart.positive(mean + se)}), color, THIN);
    }

    /** {@code name}, or {@code name #n} for its n-th use. */
    static String unique(Map<String, Integer> seen, String name) {
        int n = seen.merge(name, 1, Integer::sum);
        return n == 1 ? name : name + " #" + n;
    }
}
