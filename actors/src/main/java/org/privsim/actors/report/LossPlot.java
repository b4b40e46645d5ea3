package org.privsim.actors.report;

import static org.privsim.actors.report.PlotStyle.DASHED;
import static org.privsim.actors.report.PlotStyle.PALETTE;
import static org.privsim.actors.report.PlotStyle.SOLID;
import static org.privsim.actors.report.PlotStyle.errorBar;
import static org.privsim.actors.report.PlotStyle.hidden;
import static org.privsim.actors.report.PlotStyle.positive;
import static org.privsim.actors.report.PlotStyle.unique;

import static org.privsim.core.report.Formats.brief;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.privsim.core.family.indexedmean.IndexedMeanResult;
import org.privsim.core.run.Report;

/**
 * The PNG plot of the indexed-mean loss against the number of persons t, both axes logarithmic
 * ({@code loss-vs-persons.png}).
 *
 * <p>Guarantee: one series per (experiment, ε) of the report's indexed-mean rows, in report order,
 * named by algorithm and ε: the measured loss at each t as a solid line with circle markers and a
 * vertical ±1 standard-error bar (its lower end clamped above zero for the log axis), and the
 * closed-form expected loss as a dashed line of the same colour that is left out of the legend.
 */
public final class LossPlot {
    /** What to read from this plot: the caption {@code report.html} shows under it. */
    static final String CAPTION = "The indexed-mean (or sign) loss against the number of persons t, both axes logarithmic: "
            + "the measured loss of each mechanism (solid, ±1 s.e.) and its closed-form expectation "
            + "(dashed, same colour). Lower is better: the slopes show how each threat model's cost grows "
            + "with t, and a solid line on its dashed one confirms the analysis.";

    private LossPlot() {}

    /** One measured series: the rows of one experiment at one ε, ordered by t. */
    private record Key(int experiment, Double epsilon) {}

    /** Writes the plot to {@code png}. */
    public static void write(Report report, Path png) throws IOException {
        List<IndexedMeanResult> rows = report.rows(IndexedMeanResult.class);
        boolean sign = rows.stream().allMatch(r -> "sign".equals(r.lossFunction()));
        XYChart chart = new XYChartBuilder().width(1100).height(700)
                .title(report.scenario() + ": Aliakbarpour et al.'s indexed " + (sign ? "sign" : "mean")
                        + " estimation, loss vs persons t" + shape(rows))
                .xAxisTitle("persons t (log scale)")
                .yAxisTitle((sign ? "loss |p|·1[wrong sign]" : "loss ¼(p̂ − p)²")
                        + ", mean ± stderr (log scale); dashed: closed form")
                .build();
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setXAxisLogarithmic(true);
        styler.setYAxisLogarithmic(true);
        Map<Key, List<IndexedMeanResult>> series = new LinkedHashMap<>();
        for (IndexedMeanResult r : rows) {
            series.computeIfAbsent(new Key(r.experiment(), r.epsilon()), k -> new ArrayList<>()).add(r);
        }
        Map<String, Integer> seen = new LinkedHashMap<>();
        int index = 0;
        for (List<IndexedMeanResult> group : series.values()) {
            List<IndexedMeanResult> sorted = new ArrayList<>(group);
            sorted.sort((a, b) -> Integer.compare(a.persons(), b.persons()));
            Color color = PALETTE[index++ % PALETTE.length];
            String name = unique(seen, label(sorted.get(0)));
            double[] t = sorted.stream().mapToDouble(IndexedMeanResult::persons).toArray();
            XYSeries measured = chart.addSeries(name, t,
                    sorted.stream().mapToDouble(r -> positive(r.loss())).toArray());
            measured.setMarker(SeriesMarkers.CIRCLE);
            measured.setMarkerColor(color);
            measured.setLineColor(color);
            measured.setLineStyle(SOLID);
            for (int i = 0; i < sorted.size(); i++) {
                IndexedMeanResult r = sorted.get(i);
                errorBar(chart, name + " stderr " + i, t[i], r.loss(), r.lossStdErr(), color);
            }
            hidden(chart.addSeries(name + " closed form", t,
                    sorted.stream().mapToDouble(r -> positive(r.lossClosedForm())).toArray()), color, DASHED);
        }
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** " (d = …, n = …)" when every row shares d and n; empty otherwise. */
    private static String shape(List<IndexedMeanResult> rows) {
        long dims = rows.stream().mapToInt(IndexedMeanResult::dimension).distinct().count();
        long samples = rows.stream().mapToInt(IndexedMeanResult::samplesPerPerson).distinct().count();
        if (dims != 1 || samples != 1) {
            return "";
        }
        return " (d = " + rows.get(0).dimension() + ", n = " + rows.get(0).samplesPerPerson() + ")";
    }

    private static String label(IndexedMeanResult r) {
        return r.epsilon() == null ? r.algorithm() : r.algorithm() + ", ε = " + brief(r.epsilon());
    }

}
