package org.privsim.actors.report;

import static org.privsim.actors.report.PlotStyle.DASHED;
import static org.privsim.actors.report.PlotStyle.PALETTE;
import static org.privsim.actors.report.PlotStyle.SOLID;
import static org.privsim.actors.report.PlotStyle.errorBar;
import static org.privsim.actors.report.PlotStyle.hidden;
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
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.privsim.core.report.Chart;

/**
 * Draws a plot's panels ({@link Chart}, a row description's data) into one PNG, side by side, each as
 * its chart says: series in order, coloured from {@link PlotStyle#PALETTE}, a marked series solid with
 * circle markers, a dashed one without markers, error bars ({@link PlotStyle#errorBar}) and companion
 * lines ({@link PlotStyle#hidden}) in their series' colour.
 *
 * <p>Guarantee: the image is as wide as its panels together and as high as the highest; the same
 * panels give the same bytes.
 */
final class LinePlot {
    private LinePlot() {}

    /** Writes {@code panels} (at least one) side by side to {@code png}. */
    static void write(List<Chart> panels, Path png) throws IOException {
        List<BufferedImage> images = new ArrayList<>();
        for (Chart panel : panels) {
            images.add(BitmapEncoder.getBufferedImage(chart(panel)));
        }
        int width = images.stream().mapToInt(BufferedImage::getWidth).sum();
        int height = images.stream().mapToInt(BufferedImage::getHeight).max().orElseThrow();
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            int x = 0;
            for (BufferedImage panel : images) {
                g.drawImage(panel, x, 0, null);
                x += panel.getWidth();
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", png.toFile());
    }

    private static XYChart chart(Chart c) {
        XYChart chart = new XYChartBuilder().width(c.width()).height(c.height()).title(c.title())
                .xAxisTitle(c.xAxis()).yAxisTitle(c.yAxis()).build();
        XYStyler styler = chart.getStyler();
        styler.setXAxisLogarithmic(c.logX());
        styler.setYAxisLogarithmic(c.logY());
        styler.setLegendPosition(c.legend() == Chart.Legend.BELOW ? Styler.LegendPosition.OutsideS
                : Styler.LegendPosition.OutsideE);
        Map<String, Integer> seen = new LinkedHashMap<>();
        int index = 0;
        for (Chart.Series s : c.series()) {
            Color color = PALETTE[index++ % PALETTE.length];
            String name = unique(seen, s.name());
            XYSeries series = chart.addSeries(name, s.x(), s.y());
            series.setLineColor(color);
            if (s.line() == Chart.Line.MARKED) {
                series.setMarker(SeriesMarkers.CIRCLE);
                series.setMarkerColor(color);
                series.setLineStyle(SOLID);
            } else {
                series.setMarker(SeriesMarkers.NONE);
                series.setLineStyle(DASHED);
            }
            for (Chart.Bar bar : s.bars()) {
                errorBar(chart, name + " stderr " + bar.point(), s.x()[bar.point()], bar.mean(), bar.stdErr(), color);
            }
            if (s.companion() != null) {
                hidden(chart.addSeries(unique(seen, name + s.companion().suffix()), s.x(), s.companion().y()),
                        color, DASHED);
            }
        }
        return chart;
    }
}
