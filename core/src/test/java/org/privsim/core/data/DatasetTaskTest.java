package org.privsim.core.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.scenario.DatasetTask;
import org.privsim.core.scenario.PopulationMode;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The dataset task: files as spreadsheets write them are read correctly, bad files are answered at
 * the field to blame (file and row named), and the split and standardization are what they claim.
 */
class DatasetTaskTest {

    @TempDir
    Path dir;

    /** Three schools; school "b" has a quoted comma in its name, one row has a quoted label. */
    private static final String CSV = String.join("\r\n",
            "school,score,hours,sex",
            "a,1.0,2,F",
            "a,2.0,3,M",
            "a,3.0,4,F",
            "\"b, north\",\"4.5\",5,M",
            "\"b, north\",5.5,6,M",
            "\"b, north\",6.5,7,F",
            "c,0.5,1,F",
            "c,1.5,2,M",
            "c,2.5,3,M",
            "");

    private static String scenario(String file, String extra) {
        return """
                name: d
                seed: 3
                task:
                  type: dataset
                  path: %s
                  userColumn: school
                  labelColumn: score
                  features: [hours, { name: sex, categorical: true }]
                %s
                experiments:
                  - { algorithm: own-data }
                """.formatted(file, extra);
    }

    private Scenario parse(String csv, String extra) throws IOException {
        Files.writeString(dir.resolve("data.csv"), csv);
        Path yaml = Files.writeString(dir.resolve("s.yaml"), scenario("data.csv", extra));
        return ScenarioParser.parse(yaml);
    }

    private String error(String csv, String extra) throws IOException {
        return assertThrows(ScenarioException.class, () -> parse(csv, extra)).getMessage();
    }

    @Test
    void bomCrlfAndQuotedFieldsReadAsSpreadsheetsWriteThem() throws IOException {
        Scenario s = parse("\uFEFF" + CSV, "");
        DatasetTask task = s.datasetTask();
        assertEquals(dir.resolve("data.csv").toAbsolutePath().toString(), task.path(), "relative to the scenario file");
        assertEquals(3, task.users());
        assertEquals(9, task.rows());
        assertEquals(List.of(List.of(), List.of("F", "M")), task.categories());
        assertEquals(List.of("hours", "sex=F", "sex=M", "intercept"), task.columns());
        DatasetTable table = DatasetTables.get(task);
        assertEquals(List.of("a", "b, north", "c"), table.userKeys());
        assertArrayEquals(new double[] {4.5, 5.5, 6.5}, table.labels()[1]);
        // sex codes in sorted order: F = 0, M = 1
        assertArrayEquals(new double[] {5, 1, 6, 1, 7, 0}, table.features()[1]);
        // the BOM is part of the file's bytes, so it changes the hash; CRLF vs LF likewise
        assertNotEquals(task.sha256(), parse(CSV, "").datasetTask().sha256());
    }

    @Test
    void gzipReadsTheSameRows() throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("data.csv.gz")))) {
            out.write(CSV.getBytes(StandardCharsets.UTF_8));
        }
        Path yaml = Files.writeString(dir.resolve("g.yaml"), scenario("data.csv.gz", ""));
        DatasetTask gz = ScenarioParser.parse(yaml).datasetTask();
        DatasetTask plain = parse(CSV, "").datasetTask();
        assertArrayEquals(DatasetTables.get(plain).labels()[2], DatasetTables.get(gz).labels()[2]);
        assertEquals(plain.rows(), gz.rows());
    }

    @Test
    void badFilesAreAnsweredAtTheFieldToBlame() throws IOException {
        String file = dir.resolve("data.csv").toAbsolutePath().toString();
        Files.deleteIfExists(dir.resolve("data.csv"));
        Path yaml = Files.writeString(dir.resolve("s.yaml"), scenario("data.csv", ""));
        String missingFile = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(yaml)).getMessage();
        assertTrue(missingFile.contains("error: task.path: cannot read " + file + ": no such file"), missingFile);

        assertTrue(error("", "").contains("error: task.path: " + file + " is empty"), "empty");
        String noColumn = error(CSV.replace("hours", "hrs"), "");
        assertTrue(noColumn.contains("error: task.features[0]: no column \"hours\" in " + file), noColumn);
        String notNumber = error(CSV.replace("c,1.5,2,M", "c,1.5,two,M"), "");
        assertTrue(notNumber.contains("error: task.features[0]: " + file + " row 9: \"two\" is not a number"),
                notNumber);
        String label = error(CSV.replace("c,1.5,2,M", "c,x,2,M"), "");
        assertTrue(label.contains("error: task.labelColumn: " + file + " row 9: \"x\" is not a number"), label);
        String single = error("school,score,hours,sex\na,1,2,F\na,2,3,M\n", "");
        assertTrue(single.contains("error: task.userColumn: " + file + " has a single user"), single);
        String fewRows = error("school,score,hours,sex\na,1,2,F\nb,2,3,M\nc,1,1,F\nc,2,2,M\n", "");
        assertTrue(fewRows.contains("error: task.minSamplesPerUser: " + file + ": only 1 of 3 users have at least 2"
                + " rows"), fewRows);
        String missing = error(CSV.replace("c,1.5,2,M", "c,1.5,NA,M"), "");
        assertTrue(missing.contains("error: task.features[0]: " + file + " row 9: missing value"), missing);
        String shortRow = error(CSV.replace("c,1.5,2,M", "c,1.5"), "");
        assertTrue(shortRow.contains("error: task.path: " + file + " row 9: 2 fields"), shortRow);
        for (String message : List.of(missingFile, noColumn, notNumber, single, fewRows, missing, shortRow)) {
            assertFalse(message.contains("Exception"), message);
        }
    }

    @Test
    void missingRowsAndSmallUsersAreDroppedAndCounted() throws IOException {
        String csv = CSV.replace("c,1.5,2,M", "c,1.5,,M") + "d,1,1,F\r\n";
        DatasetTask task = parse(csv, "  missing: drop\n  minSamplesPerUser: 3").datasetTask();
        assertEquals(1, task.droppedRows());
        assertEquals(2, task.droppedUsers(), "c (2 rows left) and d (1 row)");
        assertEquals(2, task.users());
        assertEquals(6, task.rows());
    }

    @Test
    void splitIsPureInTheSeedAndStandardizationUsesTrainingRowsOnly() throws IOException {
        StringBuilder csv = new StringBuilder("school,score,hours,sex\n");
        for (int u = 0; u < 5; u++) {
            for (int i = 0; i < 10; i++) {
                csv.append(u).append(',').append(u + 0.1 * i * i).append(',').append(3 * i + u).append(',')
                        .append(i % 3 == 0 ? "F" : "M").append('\n');
            }
        }
        DatasetTask task = parse(csv.toString(), "").datasetTask();
        DatasetTable table = DatasetTables.get(task);
        DatasetPopulation a = new DatasetPopulation(task, table, 11);
        DatasetPopulation b = new DatasetPopulation(task, table, 11);
        DatasetPopulation c = new DatasetPopulation(task, table, 12);
        UserDataset ua = a.user(2);
        assertArrayEquals(ua.testY(), b.user(2).testY(), "same seed, same split");
        assertFalse(java.util.Arrays.equals(ua.testY(), c.user(2).testY()), "another seed, another split");
        assertEquals(3, ua.testY().length, "round(0.3 · 10)");
        assertEquals(7, ua.samples());
        assertNull(ua.thetaStar());
        // Over all users' training rows the standardized numeric feature and label have mean 0 and
        // variance 1 (population); only rounding error remains (tolerance 1e-12 on values of order 1).
        double sum = 0;
        double squares = 0;
        double labels = 0;
        int rows = 0;
        for (int j = 0; j < task.users(); j++) {
            UserDataset u = a.user(j);
            for (int i = 0; i < u.samples(); i++) {
                double h = u.x()[i * task.dimension()];
                sum += h;
                squares += h * h;
                labels += u.y()[i];
                rows++;
                // one-hot sex and the intercept are left as 0/1
                assertEquals(1.0, u.x()[i * task.dimension() + 1] + u.x()[i * task.dimension() + 2]);
                assertEquals(1.0, u.x()[i * task.dimension() + 3]);
            }
        }
        assertEquals(0, sum / rows, 1e-12);
        assertEquals(1, squares / rows, 1e-12);
        assertEquals(0, labels / rows, 1e-12);
        // The test rows were not used: standardizing them with the training statistics does not give mean 0.
        double testSum = 0;
        for (int j = 0; j < task.users(); j++) {
            UserDataset u = a.user(j);
            for (int i = 0; i < u.testY().length; i++) {
                testSum += u.testX()[i * task.dimension()];
            }
        }
        assertNotEquals(0, testSum, 1e-6);
    }

    @Test
    void fieldsAreValidated() throws IOException {
        Files.writeString(dir.resolve("data.csv"), CSV);
        String text = """
                name: d
                task:
                  type: dataset
                  path: data.csv
                  userColumn: school
                  labelColumn: score
                  features: [hours, score, { name: sex, categorical: yes please }]
                  testFraction: 1
                  minSamplesPerUser: 1
                  missing: ignore
                experiments:
                  - { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, rank: 9, split: paper }
                """;
        Path yaml = Files.writeString(dir.resolve("v.yaml"), text);
        String message = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(yaml)).getMessage();
        for (String expected : List.of("error: task.features[2].categorical:", "error: task.testFraction:",
                "error: task.minSamplesPerUser:", "error: task.missing:")) {
            assertTrue(message.contains(expected), expected + " in " + message);
        }
        Path ok = Files.writeString(dir.resolve("w.yaml"), text.replace("score, { name: sex, categorical: yes please }",
                "{ name: sex, categorical: true }").replace("  testFraction: 1\n", "")
                .replace("  minSamplesPerUser: 1\n", "").replace("  missing: ignore\n", ""));
        message = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(ok)).getMessage();
        assertTrue(message.contains("error: experiments[0].rank: must be ≤ the model columns d (4), got 9"), message);
        assertTrue(message.contains("error: experiments[0].split: paper split is not available"), message);
        Path synthetic = Files.writeString(dir.resolve("x.yaml"), """
                name: x
                task: { type: low-rank-regression, users: 4, samplesPerUser: 4, dimension: 3, rank: 1, labelNoise: 0 }
                experiments:
                  - { algorithm: non-private-altmin, rank: 1 }
                """);
        message = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(synthetic)).getMessage();
        assertTrue(message.contains("error: experiments[0].rank: only used with a dataset task"), message);
    }

    /**
     * A data set is always stored: {@code population: stored} is accepted, anything else refused at the
     * field; a synthetic task's unknown mode gets a did-you-mean.
     */
    @Test
    void aDataSetIsOnlyStored() throws IOException {
        assertEquals(PopulationMode.STORED, parse(CSV, "  population: stored").population());
        assertEquals(PopulationMode.STORED, parse(CSV, "").population());
        String message = error(CSV, "  population: regenerated");
        assertTrue(message.contains("error: task.population: unknown value \"regenerated\" (expected one of: stored)"),
                message);
        Path synthetic = Files.writeString(dir.resolve("y.yaml"), """
                name: y
                task: { type: low-rank-regression, users: 4, samplesPerUser: 4, dimension: 3, rank: 1, labelNoise: 0, population: regenrated }
                experiments:
                  - { algorithm: own-data }
                """);
        message = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(synthetic)).getMessage();
        assertEquals("error: task.population: unknown value \"regenrated\"; did you mean regenerated?", message);
    }
}
