package org.privsim.actors.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.family.multitask.MultitaskResult.LambdaCandidate;
import org.privsim.core.family.multitask.MultitaskResult.ModelMatrices;
import org.privsim.core.family.multitask.MultitaskResult;
import org.privsim.core.family.multitask.MultitaskRows;
import org.privsim.core.report.MatrixExport;
import org.privsim.core.run.Report;

/**
 * The multi-task report outputs from hand-built rows: {@code multitask.csv}, the model CSV, the
 * console table, and the exact file set (with and without exported models, stale ones removed).
 */
class ReportMultitaskTest {
    @TempDir
    Path dir;

    /** m = 3 tasks in d = 2: task 3 an outlier pointing along feature 2; the output pulled towards it. */
    private static final ModelMatrices MODELS = new ModelMatrices(
            List.of(List.of(3.0, 4.0), List.of(1.0, 0.0), List.of(0.0, -10.0)),
            List.of(List.of(0.0, 2.0), List.of(0.0, 0.0), List.of(1.0, -1.0)));

    private static MultitaskResult privateRow(int experiment, String structure, double epsilon, double nmse,
            ModelMatrices models) {
        String algorithm = structure.equals("low-rank") ? "mp-mtl-low-rank" : "mp-mtl-group-sparse";
        return new MultitaskResult(experiment, algorithm, epsilon, 1e-5, 1.5 * epsilon, 2 * epsilon, epsilon * epsilon,
                1.2 * epsilon, 1.5 * epsilon, "wishart", null, "power(1, 2)", List.of(epsilon / 2, epsilon / 2), null,
                3, 100, 2, structure,
                2, 0.5, 0.1, null, 1.0, true, 1e-3, "stl-ridge", 4, nmse, 0.01, nmse + 0.01,
                List.of(new LambdaCandidate(0.1, null, nmse + 0.01, nmse)), models, List.of(), null, null, null);
    }

    private static MultitaskResult nonPrivateRow(int experiment, String algorithm, String structure, double nmse) {
        return new MultitaskResult(experiment, algorithm, null, null, null, null, null, null, null, null, null, null,
                null, null, 3, 100,
                2, structure, null, null, null, null, null, null, 1e-3, null, 1, nmse, null, nmse, null, null, List.of(), null,
                null, null);
    }

    private static Report report(List<MultitaskResult> rows) {
        return Report.of("mtl", 7, "sequential", 0, rows, List.of());
    }

    /** Rows of both structures, two ε for each private experiment; models on experiment 0's second ε when asked. */
    private static Report mixed(boolean withModels) {
        return report(List.of(privateRow(0, "low-rank", 0.1, 0.9, null),
                privateRow(0, "low-rank", 1e6, 0.5, withModels ? MODELS : null),
                nonPrivateRow(1, "stl-ridge", "low-rank", 0.8),
                nonPrivateRow(2, "mtl-trace-norm", "low-rank", 0.3),
                privateRow(3, "group-sparse", 0.1, 1.1, null), privateRow(3, "group-sparse", 10, 0.6, null),
                nonPrivateRow(4, "mtl-group-lasso", "group-sparse", 0.4)));
    }

    /** The multi-task rows' model exports, by base name. */
    private static Map<String, MatrixExport.Matrices> exported(List<MultitaskResult> rows) {
        return MultitaskRows.INSTANCE.exports().get(0).exported().apply("mtl", rows);
    }

    /** The model CSV of {@code row}, which carries models. */
    private static String modelsCsv(MultitaskResult row) {
        return MatrixCsv.render(exported(List.of(row)).values().iterator().next());
    }

    private List<String> files(Path out) throws Exception {
        try (Stream<Path> list = Files.list(out)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static BufferedImage image(Path png) throws Exception {
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, png.toString());
        return image;
    }

    /** Distinct colours of the image's pixels sampled every 5th pixel, to show something was drawn. */
    private static long colours(BufferedImage image) {
        List<Integer> seen = new ArrayList<>();
        for (int y = 0; y < image.getHeight(); y += 5) {
            for (int x = 0; x < image.getWidth(); x += 5) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.stream().distinct().count();
    }

    @Test
    void multitaskCsvHasOneLinePerRowWithEveryScalarFieldAndEmptyNulls() {
        List<String> lines = Csv.of(MultitaskRows.INSTANCE, mixed(true).rows(MultitaskResult.class)).lines().toList();
        assertEquals("experiment,algorithm,epsilon,delta,accountedEpsilon,basicEpsilon,zcdpRho,zcdpEpsilon,"
                + "maxLedgerEpsilon,covarianceNoise,calibration,allocation,tasks,samplesPerTask,dimension,structure,iterations,stepSize,lambda,"
                + "covarianceShift,clipModel,acceleration,ridge,initialModels,repeats,nmse,nmseStdErr,validationNmse,selection",
                lines.get(0));
        assertEquals(1 + 7, lines.size());
        assertEquals("0,mp-mtl-low-rank,0.1,1.0E-5,0.15000000000000002,0.2,0.010000000000000002,0.12,"
                + "0.15000000000000002,wishart,,\"power(1, 2)\",3,100,2,low-rank,2,0.5,0.1,,1.0,true,0.001,stl-ridge,4,0.9,0.01,"
                + "0.91,", lines.get(1));
        assertEquals("1,stl-ridge,,,,,,,,,,,3,100,2,low-rank,,,,,,,0.001,,1,0.8,,0.8,", lines.get(3));
    }

    @Test
    void modelsCsvHasTasksAsColumnsEachDividedByItsNorm() {
        List<String> lines = modelsCsv(privateRow(0, "low-rank", 1, 0.5, MODELS)).lines().toList();
        assertEquals(List.of("matrix,feature,task1,task2,task3",
                "input,1,0.6,1.0,0.0", "input,2,0.8,0.0,-1.0",
                "output,1,0.0,0.0,0.7071067811865475", "output,2,1.0,0.0,-0.7071067811865475"), lines);
        ModelMatrices outputOnly = new ModelMatrices(null, MODELS.output());
        assertEquals(List.of("matrix,feature,task1,task2,task3", "output,1,0.0,0.0,0.7071067811865475",
                "output,2,1.0,0.0,-0.7071067811865475"),
                modelsCsv(privateRow(0, "low-rank", 1, 0.5, outputOnly)).lines().toList());
    }

    @Test
    void modelExportsAreNamedByExperimentAndEpsilonIndex() {
        List<MultitaskResult> rows = List.of(privateRow(0, "low-rank", 0.1, 0.9, MODELS),
                privateRow(0, "low-rank", 1, 0.5, null), privateRow(2, "low-rank", 0.1, 0.9, null),
                privateRow(2, "low-rank", 1, 0.5, MODELS));
        assertEquals(List.of("models-e0-0", "models-e2-1"), List.copyOf(exported(rows).keySet()));
    }

    @Test
    void resultsTableShowsMultitaskRowsWithAccountedEpsilonAndStdErr() {
        List<String> table = ResultsTable.render(mixed(false)).lines().toList();
        assertEquals(1 + 7, table.size());
        assertTrue(table.get(0).startsWith("multi-task algorithm"), table.get(0));
        assertTrue(table.get(0).contains("eps(acct.)"), table.get(0));
        assertTrue(table.get(1).matches("mp-mtl-low-rank +low-rank +0\\.1 +0\\.1500 +0\\.9000 ± 0\\.010 +0\\.1 +4"),
                table.get(1));
        assertTrue(table.get(3).matches("stl-ridge +low-rank +- +- +0\\.8000 +- +1"), table.get(3));
        assertFalse(table.get(3).contains("±"), table.get(3));
    }

    @Test
    void writerProducesTheMultitaskFilesAndOneCsvAndHeatMapPerExportedModel() throws Exception {
        Path out = dir.resolve("out");
        List<Path> written = ReportWriter.write(mixed(true), out);
        assertEquals(List.of("report.json", "releases.jsonl", "privacy-events.json", "multitask.csv",
                "nmse-vs-epsilon.png", "models-e0-1.csv",
                "models-e0-1.png", "report.html"), written.stream().map(p -> p.getFileName().toString()).toList());
        assertEquals(List.of("models-e0-1.csv", "models-e0-1.png", "multitask.csv", "nmse-vs-epsilon.png",
                "privacy-events.json", "releases.jsonl", "report.html", "report.json"), files(out));
        BufferedImage nmse = image(out.resolve("nmse-vs-epsilon.png"));
        assertEquals(2 * 900, nmse.getWidth(), "one panel per structure");
        assertTrue(colours(nmse) > 5);
        BufferedImage heatMap = image(out.resolve("models-e0-1.png"));
        assertTrue(heatMap.getWidth() > 400 && heatMap.getHeight() > 200);
        assertTrue(colours(heatMap) > 5);
        assertEquals(5, Files.readAllLines(out.resolve("models-e0-1.csv")).size());
    }

    @Test
    void rerunRemovesTheEarlierRunsModelFilesButNotOtherFiles() throws Exception {
        Path out = dir.resolve("out");
        ReportWriter.write(mixed(true), out);
        Path mine = Files.writeString(out.resolve("models-notes.txt"), "kept");
        ReportWriter.write(report(List.of(privateRow(0, "low-rank", 1, 0.5, null))), out);
        assertEquals(List.of("models-notes.txt", "multitask.csv", "nmse-vs-epsilon.png", "privacy-events.json",
                "releases.jsonl", "report.html", "report.json"), files(out));
        assertEquals("kept", Files.readString(mine));
        assertEquals(900, image(out.resolve("nmse-vs-epsilon.png")).getWidth(), "one structure, one panel");
        assertEquals(2, Files.readAllLines(out.resolve("multitask.csv")).size());

        ModelMatrices outputOnly = new ModelMatrices(null, MODELS.output());
        ReportWriter.write(report(List.of(privateRow(0, "group-sparse", 1, 0.5, outputOnly))), out);
        assertEquals(List.of("models-e0-0.csv", "models-e0-0.png", "models-notes.txt", "multitask.csv",
                "nmse-vs-epsilon.png", "privacy-events.json", "releases.jsonl", "report.html", "report.json"), files(out));
        assertTrue(colours(image(out.resolve("models-e0-0.png"))) > 5);
    }
}
