package org.privsim.core.family.indexedmean;

import static org.privsim.core.report.Formats.brief;
import static org.privsim.core.report.Formats.format;
import static org.privsim.core.report.Table.columns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.privsim.core.report.Chart;
import org.privsim.core.report.CsvColumn;
import org.privsim.core.report.Plot;
import org.privsim.core.report.PrivacyLine;
import org.privsim.core.report.RowDescription;
import org.privsim.core.report.Table;
import org.privsim.core.scenario.DatasetTask;

/**
 * How {@link IndexedMeanResult} rows appear in the report: {@code indexed-mean.csv} (the report fields of
 * the same names, in report order: experiment, ε, t), a results table of loss ± standard error beside its
 * closed form, and {@code loss-vs-persons.png}: the loss against the number of persons t, both axes
 * logarithmic, one marked line per (experiment, ε) in report order, named by algorithm and ε, with a ±1
 * standard-error bar at each t and the closed-form expected loss dashed in the same colour beside it.
 */
public final class IndexedMeanRows implements RowDescription<IndexedMeanResult> {
    /** The one instance. */
    public static final IndexedMeanRows INSTANCE = new IndexedMeanRows();

    private static final int WIDTH = 1100;
    private static final int HEIGHT = 700;

    private static final List<CsvColumn<IndexedMeanResult>> CSV = List.of(
            new CsvColumn<>("experiment", IndexedMeanResult::experiment),
            new CsvColumn<>("algorithm", IndexedMeanResult::algorithm),
            new CsvColumn<>("epsilon", IndexedMeanResult::epsilon),
            new CsvColumn<>("delta", IndexedMeanResult::delta),
            new CsvColumn<>("calibration", IndexedMeanResult::calibration),
            new CsvColumn<>("zcdpRho", IndexedMeanResult::zcdpRho),
            new CsvColumn<>("accountedEpsilon", IndexedMeanResult::accountedEpsilon),
            new CsvColumn<>("outputs", IndexedMeanResult::outputs),
            new CsvColumn<>("persons", IndexedMeanResult::persons),
            new CsvColumn<>("dimension", IndexedMeanResult::dimension),
            new CsvColumn<>("samplesPerPerson", IndexedMeanResult::samplesPerPerson),
            new CsvColumn<>("indices", IndexedMeanResult::indices),
            new CsvColumn<>("lossFunction", IndexedMeanResult::lossFunction),
            new CsvColumn<>("noiseVariance", IndexedMeanResult::noiseVariance),
            new CsvColumn<>("repeats", IndexedMeanResult::repeats),
            new CsvColumn<>("loss", IndexedMeanResult::loss),
            new CsvColumn<>("lossStdErr", IndexedMeanResult::lossStdErr),
            new CsvColumn<>("lossClosedForm", IndexedMeanResult::lossClosedForm));

    private static final String CAPTION = "The indexed-mean (or sign) loss against the number of persons t, both axes logarithmic: "
            + "the measured loss of each mechanism (solid, ±1 s.e.) and its closed-form expectation "
            + "(dashed, same colour). Lower is better: the slopes show how each threat model's cost grows "
            + "with t, and a solid line on its dashed one confirms the analysis.";

    private IndexedMeanRows() {}

    @Override
    public Class<IndexedMeanResult> rowType() {
        return IndexedMeanResult.class;
    }

    @Override
    public String csvFile() {
        return "indexed-mean.csv";
    }

    @Override
    public List<CsvColumn<IndexedMeanResult>> csvColumns() {
        return CSV;
    }

    @Override
    public Table table(List<IndexedMeanResult> rows, DatasetTask dataset) {
        List<Table.Column> columns = columns("indexed-mean algorithm", -24, "epsilon", 7, "persons", 8, "noise var", 11,
                "loss ± stderr", 23, "closed form", 11);
        return new Table(null, columns, rows.stream().map(r -> new Table.Row(r.algorithm(),
                r.epsilon() == null ? "-" : brief(r.epsilon()), String.valueOf(r.persons()),
                format("%.4g", r.noiseVariance()), format("%.4g ± %.2g", r.loss(), r.lossStdErr()),
                format("%.4g", r.lossClosedForm()))).toList());
    }

    @Override
    public PrivacyLine privacy(IndexedMeanResult r) {
        return new PrivacyLine(r.algorithm(), "indexed mean", r.calibration(), r.zcdpRho(), null, null,
                "t = " + r.persons() + ", outputs " + r.outputs());
    }

    @Override
    public String eventCalibration(IndexedMeanResult row) {
        return row.calibration();
    }

    @Override
    public List<Plot<IndexedMeanResult>> plots() {
        return List.of(new Plot<>("loss-vs-persons.png", CAPTION, (scenario, rows) -> List.of(chart(scenario, rows))));
    }

    /** One measured line: the rows of one experiment at one ε. */
    private record Key(int experiment, Double epsilon) {}

    private static Chart chart(String scenario, List<IndexedMeanResult> rows) {
        boolean sign = rows.stream().allMatch(r -> "sign".equals(r.lossFunction()));
        Map<Key, List<IndexedMeanResult>> lines = new LinkedHashMap<>();
        for (IndexedMeanResult r : rows) {
            lines.computeIfAbsent(new Key(r.experiment(), r.epsilon()), k -> new ArrayList<>()).add(r);
        }
        List<Chart.Series> series = new ArrayList<>();
        for (List<IndexedMeanResult> line : lines.values()) {
            List<IndexedMeanResult> sorted = new ArrayList<>(line);
            sorted.sort((a, b) -> Integer.compare(a.persons(), b.persons()));
            List<Chart.Bar> bars = new ArrayList<>();
            for (int i = 0; i < sorted.size(); i++) {
                bars.add(new Chart.Bar(i, sorted.get(i).loss(), sorted.get(i).lossStdErr()));
            }
            series.add(new Chart.Series(label(sorted.get(0)),
                    sorted.stream().mapToDouble(IndexedMeanResult::persons).toArray(),
                    sorted.stream().mapToDouble(r -> Chart.positive(r.loss())).toArray(), Chart.Line.MARKED, bars,
                    new Chart.Companion(" closed form",
                            sorted.stream().mapToDouble(r -> Chart.positive(r.lossClosedForm())).toArray())));
        }
        return new Chart(scenario + ": Aliakbarpour et al.'s indexed " + (sign ? "sign" : "mean")
                + " estimation, loss vs persons t" + shape(rows), "persons t (log scale)",
                (sign ? "loss |p|·1[wrong sign]" : "loss ¼(p̂ − p)²") + ", mean ± stderr (log scale); dashed: closed form",
                true, true, WIDTH, HEIGHT, Chart.Legend.RIGHT, series);
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
