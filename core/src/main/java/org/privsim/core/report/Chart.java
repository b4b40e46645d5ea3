package org.privsim.core.report;

import java.util.List;

/**
 * One line chart as data: its titles, axes, size, legend place and series; the report's writer draws
 * it (palette, strokes, markers) without knowing what it shows.
 *
 * <p>Guarantee of the drawing: series are drawn in order, each in the next colour of the palette;
 * a series' name is made unique ({@code name #n} for its n-th use); after each series come its error
 * bars, named {@code <name> stderr <point>}, each from mean − s.e. to mean + s.e. at its point's x
 * (the lower end kept above zero for a log axis), then its companion line, in the same colour, dashed,
 * left out of the legend and named {@code <name><suffix>}.
 *
 * @param title  the chart's title
 * @param xAxis  the x axis title
 * @param yAxis  the y axis title
 * @param logX   whether the x axis is logarithmic
 * @param logY   whether the y axis is logarithmic
 * @param width  width in pixels
 * @param height height in pixels
 * @param legend where the legend sits
 * @param series the series, in drawing order
 */
public record Chart(String title, String xAxis, String yAxis, boolean logX, boolean logY, int width, int height,
        Legend legend, List<Series> series) {

    /** Where the legend sits: below the plot or to its right. */
    public enum Legend { BELOW, RIGHT }

    /** How a series is drawn: a solid line with circle markers, or a dashed line without markers. */
    public enum Line { MARKED, DASHED }

    /**
     * One series.
     *
     * @param name      its legend name
     * @param x         the x values
     * @param y         the y values, one per x
     * @param line      how it is drawn
     * @param bars      its error bars
     * @param companion a dashed line over the same x beside it, or null
     */
    public record Series(String name, double[] x, double[] y, Line line, List<Bar> bars, Companion companion) {
        /** A series without error bars or companion. */
        public Series(String name, double[] x, double[] y, Line line) {
            this(name, x, y, line, List.of(), null);
        }
    }

    /**
     * A ±1 standard-error bar at point {@code point} of its series.
     *
     * @param point  the index of the point in the series' x values
     * @param mean   the mean
     * @param stdErr its standard error
     */
    public record Bar(int point, double mean, double stdErr) {}

    /**
     * A dashed line beside a series, left out of the legend (a closed form, a theoretical rate).
     *
     * @param suffix appended to the series' name to name it
     * @param y      its y values, one per x of the series
     */
    public record Companion(String suffix, double[] y) {}

    /** v, raised to 1e-12 so that it can sit on a log axis. */
    public static double positive(double v) {
        return Math.max(v, 1e-12);
    }
}
