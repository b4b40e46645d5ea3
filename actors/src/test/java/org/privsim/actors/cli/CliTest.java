package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.privsim.core.family.MemoryModel;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/** The CLI contract: exit codes, error lines naming the field, files written only on success. */
class CliTest {
    private static final String VALID = """
            name: tiny
            seed: 3
            task: { type: low-rank-regression, users: 120, samplesPerUser: 8, dimension: 4, rank: 1, labelNoise: 0.1 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [2, 8], delta: 1.0e-5, epochs: 2 }
              - { algorithm: non-private-altmin, epochs: 10 }
              - { algorithm: own-data }
              - { algorithm: single-model-dp, epsilon: [8], delta: 1.0e-5 }
            """;

    @TempDir
    Path dir;

    private CliCall cli(String... args) {
        return CliCall.of(args);
    }

    @Test
    void runWritesReportCsvAndPlot() throws Exception {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), VALID);
        Path out = dir.resolve("out");
        CliCall r = cli("run", file.toString(), "--out", out.toString(), "--runner", "sequential");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("priv-altmin"), r.out());
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        for (String field : List.of("scenario", "seed", "runner", "wallMillis", "experiments")) {
            assertTrue(report.has(field), field);
        }
        assertEquals(5, report.get("experiments").size());
        for (String field : List.of("algorithm", "epsilon", "delta", "calibration", "zcdpRho", "accountedEpsilon",
                "conversion", "populationMse", "excessRisk", "subspaceDistance", "users", "samplesPerUser",
                "dimension", "rank", "rounds", "epochs", "maxLedgerRho")) {
            assertTrue(report.get("experiments").get(0).has(field), field);
        }
        assertEquals(6, Files.readAllLines(out.resolve("experiments.csv")).size());
        byte[] png = Files.readAllBytes(out.resolve("mse-vs-epsilon.png"));
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        try (var files = Files.list(out)) {
            // report.json, report.html, releases.jsonl, privacy-events.json, experiments.csv, the plot
            assertEquals(6, files.count(), "no staging leftovers");
        }
    }

    @Test
    void runDefaultsToTheLocalActorRunner() throws Exception {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), VALID);
        Path out = dir.resolve("local");
        CliCall r = cli("run", file.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertEquals("local", report.get("runner").asText());
        assertEquals(5, report.get("experiments").size());
    }

    @Test
    void benchJsonHasExactlyTheContractFields() throws Exception {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), VALID);
        CliCall r = cli("bench", file.toString(), "--repetitions", "1", "--warmup", "0", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        List<String> fields = new java.util.ArrayList<>();
        json.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("sequentialMedianMillis", "sequentialEpochMillis", "sequentialCpuMillis",
                "sequentialPeakHeapBytes", "sequentialBytesPerUser", "localMedianMillis", "localEpochMillis",
                "localCpuMillis", "localPeakHeapBytes", "localBytesPerUser", "ratio", "epochRatio", "cpuRatio",
                "repetitions", "population", "populationMode", "auditTrials", "maxHeapBytes", "liveEveryMillis",
                "kernel"), fields);
        assertEquals("stored", json.get("populationMode").asText());
        assertTrue(json.get("liveEveryMillis").isNull());
        assertEquals(org.privsim.core.linalg.PackedSymmetric.kernel(), json.get("kernel").asText());
        assertEquals(1, json.get("repetitions").asInt());
        assertEquals(120, json.get("population").asInt());
        assertTrue(json.get("ratio").asDouble() > 0);
        assertTrue(json.get("epochRatio").asDouble() > 0, "the 2-epoch run has a round-to-round interval");
        assertTrue(json.get("localCpuMillis").asLong() > 0, "a run with an actor system costs CPU time");
        assertTrue(json.get("cpuRatio").asDouble() > 0);
        assertTrue(json.get("localPeakHeapBytes").asLong() > 0);
        assertEquals(json.get("localPeakHeapBytes").asLong() / 120, json.get("localBytesPerUser").asLong());
    }

    @Test
    void benchOverridesUsersRestrictsRunnersAndWritesTheJson() throws Exception {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), VALID);
        Path json = dir.resolve("bench.json");
        CliCall r = cli("bench", file.toString(), "--repetitions", "1", "--warmup", "0", "--users", "300",
                "--runners", "sequential", "--out", json.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode written = new ObjectMapper().readTree(json.toFile());
        assertEquals(300, written.get("population").asInt());
        assertTrue(written.get("localMedianMillis").isNull());
        assertTrue(written.get("ratio").isNull());
        assertTrue(written.get("sequentialMedianMillis").asLong() >= 0);
        assertTrue(written.get("localCpuMillis").isNull());
        assertTrue(written.get("cpuRatio").isNull());
        assertEquals(2, cli("bench", file.toString(), "--users", "1").code());
        assertEquals(2, cli("bench", file.toString(), "--runners", "cluster").code());
    }

    /**
     * --live-every: a full collection every MS ms, only full collections counted, so the peak is the
     * live data at a sampled moment — at least this test JVM's own live heap (its classes' static
     * data, picocli's model, JUnit: well above 1 MB); the option is echoed in the JSON and the text,
     * and refused below 1 ms.
     */
    @Test
    void benchLiveEverySamplesTheLiveHeap() throws Exception {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), VALID);
        CliCall r = cli("bench", file.toString(), "--repetitions", "1", "--warmup", "0", "--runners", "sequential",
                "--live-every", "5", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(5, json.get("liveEveryMillis").asInt());
        assertTrue(json.get("sequentialPeakHeapBytes").asLong() > 1_000_000, json.toString());
        CliCall text = cli("bench", file.toString(), "--repetitions", "1", "--warmup", "0", "--runners", "sequential",
                "--live-every", "5");
        assertTrue(text.out().contains("peak heap = peak live data (a full collection every 5 ms)"), text.out());
        CliCall bad = cli("bench", file.toString(), "--live-every", "0");
        assertEquals(2, bad.code());
        assertEquals("error: --live-every: must be at least 1 (ms)", bad.err().strip());
    }

    /** A task without a population (transfer) has no per-user heap figure: null in the JSON, absent from the text. */
    @Test
    void benchOfATaskWithoutPopulationGivesNoBytesPerUser() throws Exception {
        Path file = Files.writeString(dir.resolve("transfer.yaml"), "name: t\nseed: 1\ntask: { type: transfer-regression,"
                + " dimension: 4, rank: 2, publicTasks: 2, publicSamples: [20], privateSamples: [30] }\nexperiments:\n"
                + "  - { algorithm: sufficient-statistics, representation: none, epsilon: [1], delta: 1.0e-5 }\n");
        CliCall r = cli("bench", file.toString(), "--repetitions", "1", "--warmup", "0", "--runners", "sequential");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("population 0") && r.out().contains("peak heap"), r.out());
        assertFalse(r.out().contains("bytes/user"), r.out());
        JsonNode json = new ObjectMapper().readTree(cli("bench", file.toString(), "--repetitions", "1", "--warmup", "0",
                "--runners", "sequential", "--json").out());
        assertTrue(json.get("sequentialBytesPerUser").isNull());
        assertTrue(json.get("sequentialPeakHeapBytes").asLong() > 0);
    }

    /**
     * A population that cannot fit this JVM's heap is refused before any work, naming the field and the
     * flag (validate warns): stored as the file says, with the regenerated mode named when that would
     * fit; and a run whose curator alone cannot fit (d = 2000, k = 10: 12.8 GB of dk×dk matrices) even
     * when regenerated, one line.
     */
    @Test
    void aScenarioThatCannotFitIsRefusedBeforeAnyWork() throws Exception {
        Path file = Files.writeString(dir.resolve("huge.yaml"), VALID.replace("users: 120", "users: 10000000")
                .replace("dimension: 4", "dimension: 2000").replace("labelNoise: 0.1", "labelNoise: 0.1, population: stored"));
        Path out = dir.resolve("huge");
        long start = System.nanoTime();
        CliCall r = cli("run", file.toString(), "--out", out.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("error: task.users: needs about "), r.err());
        assertTrue(r.err().contains("GB of heap, this JVM has ") && r.err().contains("PRIVSIM_JAVA_OPTS=-Xmx"), r.err());
        assertFalse(Files.exists(out));
        assertTrue((System.nanoTime() - start) / 1e9 < 10, "refused in seconds");
        CliCall bench = cli("bench", file.toString());
        assertEquals(2, bench.code());
        assertTrue(bench.err().startsWith("error: task.users: needs about "), bench.err());
        CliCall validate = cli("validate", file.toString());
        assertEquals(0, validate.code(), "the file itself is valid");
        assertTrue(validate.err().startsWith("warning: task.users: needs about "), validate.err());
        assertTrue(validate.err().contains("would refuse it"), validate.err());
        CliCall small = cli("validate", Files.writeString(dir.resolve("small.yaml"), VALID).toString());
        assertEquals("", small.err());

        Path curator = Files.writeString(dir.resolve("curator.yaml"), VALID.replace("users: 120", "users: 10000000")
                .replace("dimension: 4, rank: 1", "dimension: 2000, rank: 10"));
        CliCall refused = cli("run", curator.toString(), "--out", out.toString());
        assertEquals(2, refused.code(), refused.err());
        assertEquals(1, refused.err().lines().count(), refused.err());
        assertTrue(refused.err().startsWith("error: task.users: needs about "), refused.err());
        assertFalse(refused.err().contains("population: regenerated, which"), "regenerated cannot fit either");
        assertFalse(Files.exists(out));
    }

    /**
     * {@code validate} states the heap on one JVM, in the mode run would use, and per node on
     * {@code --nodes} nodes; a population left open that cannot be stored in this JVM is regenerated
     * (10⁷ users at d = 20: about 21 GB stored), said on one line, and the report records the mode.
     */
    @Test
    void validateStatesTheHeapAndAnOpenPopulationIsSettledByIt() throws Exception {
        Path small = Files.writeString(dir.resolve("small.yaml"), VALID);
        CliCall validate = cli("validate", small.toString(), "--nodes", "3");
        assertEquals(0, validate.code(), validate.err());
        assertTrue(validate.out().lines().anyMatch(l -> l.matches("heap: about \\d+\\.\\d GB on one JVM \\(local runner,"
                + " population stored\\); about \\d+\\.\\d GB per node on 3 nodes")), validate.out());
        assertEquals(2, cli("validate", small.toString(), "--nodes", "0").code());

        Path large = Files.writeString(dir.resolve("large.yaml"), VALID.replace("users: 120", "users: 10000000")
                .replace("dimension: 4", "dimension: 20"));
        Scenario open = ScenarioParser.parse(Files.readString(large), "large.yaml");
        HeapCheck.Settled settled = HeapCheck.settle(open, "local");
        boolean storedFits = MemoryModel.estimate(open, "local") <= 0.9 * Runtime.getRuntime().maxMemory();
        assertEquals(storedFits ? "stored" : "regenerated", settled.population());
        assertTrue(settled.line().startsWith("population: " + settled.population() + " ("), settled.line());
        CliCall large10m = cli("validate", large.toString());
        assertTrue(large10m.out().contains("population " + settled.population() + ")"), large10m.out());

        Path out = dir.resolve("tiny-out");
        CliCall run = cli("run", small.toString(), "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.err().lines().anyMatch(l -> l.startsWith("population: stored (the run needs about ")), run.err());
        assertEquals("stored", new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("population").asText());
        Path regenerated = Files.writeString(dir.resolve("regen.yaml"), VALID.replace("labelNoise: 0.1",
                "labelNoise: 0.1, population: regenerated"));
        CliCall stated = cli("run", regenerated.toString(), "--out", out.toString());
        assertEquals(0, stated.code(), stated.err());
        assertFalse(stated.err().contains("population:"), "a stated mode is not announced");
        assertEquals("regenerated", new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("population")
                .asText());
    }

    /**
     * The heap check on a ratings task, whose participants are no actors: a synthetic population
     * sized to fill about 3/4 of the 90% of this JVM's heap the check allows (at most the 10⁷ users a
     * task may have) is not refused, and 10⁷ users who each send about 1,000 ratings a round (12 KB of
     * answers each: about 145 GB) are refused before any work, exit 2, naming task.users, with
     * nothing written.
     */
    @Test
    void aRatingsPopulationThatFitsIsNotRefusedAndOneThatCannotIs() throws Exception {
        String yaml = "name: r\nseed: 1\ntask: { type: ratings, users: %d, items: 1000, rank: 3 }\n"
                + "experiments:\n  - { algorithm: priv-altmin, epsilon: [5], delta: 1.0e-7 }\n";
        long heap = Runtime.getRuntime().maxMemory();
        Scenario million = ScenarioParser.parse(yaml.formatted(1_000_000), "r.yaml");
        long perUser = (MemoryModel.estimate(million, "local") - org.privsim.core.scenario.HeapBytes.BASE_BYTES) / 1_000_000;
        int users = (int) Math.min(10_000_000, (long) (0.75 * (0.9 * heap - org.privsim.core.scenario.HeapBytes.BASE_BYTES) / perUser));
        Path fits = Files.writeString(dir.resolve("fits.yaml"), yaml.formatted(users));
        assertNull(HeapCheck.problem(ScenarioParser.parse(Files.readString(fits), "fits.yaml"), "local"));
        CliCall validate = cli("validate", fits.toString());
        assertEquals(0, validate.code(), validate.err());
        assertEquals("", validate.err(), "no heap warning for " + users + " users");

        Path huge = Files.writeString(dir.resolve("huge.yaml"), "name: h\nseed: 1\ntask: { type: ratings,"
                + " users: 10000000, items: 2000, rank: 3, minRatingsPerUser: 1000 }\n"
                + "experiments:\n  - { algorithm: non-private-altmin }\n");
        Path out = dir.resolve("huge-out");
        CliCall r = cli("run", huge.toString(), "--out", out.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("error: task.users: needs about "), r.err());
        assertFalse(Files.exists(out));
    }

    /**
     * {@code validate} prints the run's estimated time on this machine; {@code run} announces a run
     * expected to take more than an hour (10⁹ epochs) on stderr before starting it, and nothing for a
     * short one or a submission to another machine's cluster.
     */
    @Test
    void validateEstimatesTheRunTimeAndRunAnnouncesADaysLongRun() throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        String machine = "(local runner, " + cores + (cores == 1 ? " core)" : " cores)");
        CliCall small = cli("validate", Files.writeString(dir.resolve("small.yaml"), VALID).toString());
        assertTrue(small.out().lines().anyMatch(l -> l.startsWith("estimated run time on this machine: about ")
                && l.endsWith(" s " + machine)), small.out());
        String days = VALID.replace("epochs: 2 }", "epochs: 1000000000 }");
        CliCall validate = cli("validate", Files.writeString(dir.resolve("days.yaml"), days).toString());
        assertEquals(0, validate.code(), validate.err());
        assertTrue(validate.out().contains("estimated run time on this machine: about "), validate.out());
        assertFalse(validate.out().contains(" s " + machine), validate.out());

        Scenario scenario = ScenarioParser.parse(days, "days.yaml");
        RunOptions options = new RunOptions();
        options.runner = "local";
        StringWriter err = new StringWriter();
        ScenarioExecution.announce(scenario, options, new PrintWriter(err));
        assertTrue(err.toString().startsWith("warning: this run is expected to take about "), err.toString());
        assertTrue(err.toString().contains(" on this machine " + machine), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());

        options.runner = "cluster";
        StringWriter remote = new StringWriter();
        ScenarioExecution.announce(scenario, options, new PrintWriter(remote));
        assertEquals("", remote.toString(), "another machine's cluster is not estimated");
        options.runner = "local";
        StringWriter quick = new StringWriter();
        ScenarioExecution.announce(ScenarioParser.parse(VALID, "tiny.yaml"), options, new PrintWriter(quick));
        assertEquals("", quick.toString());
    }

    @Test
    void seedOptionOverridesTheScenarioSeed() throws Exception {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), VALID);
        assertEquals(0, cli("run", file.toString(), "--out", dir.resolve("a").toString(), "--seed", "99").code());
        JsonNode report = new ObjectMapper().readTree(dir.resolve("a/report.json").toFile());
        assertEquals(99, report.get("seed").asLong());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "users: 120|users: abc|task.users",
        "rank: 1|rank: 9|task.rank",
        "delta: 1.0e-5, epochs: 2|delta: 2, epochs: 2|experiments[0].delta",
        "epsilon: [2, 8]|epsilon: [2, -1]|experiments[0].epsilon[1]",
        "algorithm: own-data|algorithm: own-data, epsilon: 1|experiments[2].epsilon",
        "algorithm: own-data|algorithm: ownn-data|experiments[2].algorithm",
        "seed: 3|seed: 3\\nbogus: 1|bogus",
        "labelNoise: 0.1|labelNoise: -0.1|task.labelNoise",
    })
    void invalidScenarioExitsTwoNamingTheFieldAndWritesNothing(String from, String to, String path) throws Exception {
        Path file = Files.writeString(dir.resolve("bad.yaml"), VALID.replace(from, to.replace("\\n", "\n")));
        Path out = dir.resolve("never");
        CliCall r = cli("run", file.toString(), "--out", out.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("error: " + path + ": ")), r.err());
        assertFalse(r.err().contains("Exception"), "no stack trace: " + r.err());
        assertFalse(Files.exists(out), "nothing may be written for an invalid scenario");
        assertEquals(2, cli("validate", file.toString()).code());
    }

    @Test
    void validateAcceptsBundledScenarios() throws Exception {
        List<Path> files;
        try (var listing = Files.list(Path.of("..", "scenarios"))) {
            files = listing.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 9, "bundled scenarios: " + files);
        for (Path file : files) {
            CliCall r = cli("validate", file.toString());
            assertEquals(0, r.code(), file + ": " + r.err());
        }
    }

    /** {@code privsim schema} prints the committed schema and {@code --markdown} the committed reference. */
    @Test
    void schemaPrintsTheCommittedSchemaAndReference() throws Exception {
        CliCall schema = cli("schema");
        assertEquals(0, schema.code(), schema.err());
        assertEquals(Files.readString(Path.of("..", "docs", "privsim.schema.json")), schema.out());
        CliCall markdown = cli("schema", "--markdown");
        assertEquals(0, markdown.code(), markdown.err());
        assertEquals(Files.readString(Path.of("..", "docs", "scenario-reference.md")), markdown.out());
    }

    /**
     * The real-data scenarios in scenarios/real/ name files that scripts/datasets/mlmrev.sh writes (not
     * in the repository). Each is validated twice: as bundled, it is valid when its file is present and
     * otherwise refused with exit 2 at task.path (no such file); and copied next to a small stand-in CSV
     * with the same columns, so its fields and column names are checked on every machine.
     */
    @Test
    void realScenariosNameColumnsTheirDataHasAndAMissingFileIsAnsweredAtThePath() throws Exception {
        Map<String, String> header = Map.of(
                "exam", "school,normexam,schgend,schavg,vr,intake,standLRT,sex,type,student",
                "hsb82", "school,minrty,sx,ses,mAch,meanses,sector,cses",
                "chem97", "lea,school,student,score,gender,age,gcsescore,gcsecnt");
        Path standIn = Files.createDirectories(dir.resolve("data/mlmrev"));
        Path real = Files.createDirectories(dir.resolve("scenarios/real"));
        for (Map.Entry<String, String> e : header.entrySet()) {
            Path bundled = Path.of("..", "scenarios", "real", e.getKey() + ".yaml");
            Path data = Path.of("..", "data", "mlmrev", e.getKey() + ".csv");
            CliCall r = cli("validate", bundled.toString());
            if (Files.exists(data)) {
                assertEquals(0, r.code(), bundled + ": " + r.err());
            } else {
                assertEquals(2, r.code(), bundled + ": " + r.err());
                assertTrue(r.err().startsWith("error: task.path: cannot read ") && r.err().contains("no such file"),
                        r.err());
            }
            StringBuilder csv = new StringBuilder(e.getValue()).append('\n');
            int columns = e.getValue().split(",").length;
            for (int row = 0; row < 24; row++) {
                for (int c = 0; c < columns; c++) {
                    String name = e.getValue().split(",")[c];
                    boolean user = name.equals("school");
                    boolean categorical = List.of("sex", "intake", "vr", "minrty", "sx", "gender", "schgend", "type")
                            .contains(name);
                    csv.append(c == 0 ? "" : ",").append(user ? "s" + row % 3
                            : categorical ? "\"level " + row % 2 + "\"" : String.valueOf(0.5 * ((row * 7 + c) % 5)));
                }
                csv.append('\n');
            }
            Files.writeString(standIn.resolve(e.getKey() + ".csv"), csv.toString());
            Path copy = Files.copy(bundled, real.resolve(e.getKey() + ".yaml"));
            r = cli("validate", copy.toString());
            assertEquals(0, r.code(), copy + ": " + r.err());
        }
    }

    /**
     * Bad ratings files exit 2 naming the task field (and the row where there is one), write nothing;
     * scenarios/real/movielens.yaml is valid next to a stand-in with dslabs' columns.
     */
    @Test
    void aBadRatingsFileExitsTwoAtTheFieldAndRowAndWritesNothing() throws Exception {
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        Path csvFile = dir.resolve("r.csv").toAbsolutePath();
        cases.put("u,item,r\na,x,1\nb,y,2\n", "error: task.itemColumn: no column \"i\"");
        cases.put("u,i,r\na,x,1\na,y,five\nb,x,2\nb,y,3\n", "error: task.ratingColumn: " + csvFile
                + " row 3: \"five\" is not a number");
        cases.put("u,i,r\na,x,1\na,y,2\n", "error: task.userColumn: ");
        cases.put("", "error: task.path: ");
        cases.put("u,i,r\na,x,1\na,y,2\nb,x,9\nb,y,3\n", "error: task.ratingColumn: " + csvFile
                + " row 4: 9 is outside the declared range [1.0, 5.0]");
        Path file = Files.writeString(dir.resolve("ratings.yaml"), """
                name: ratings
                task: { type: ratings, path: r.csv, userColumn: u, itemColumn: i, ratingColumn: r, minRating: 1,
                        maxRating: 5 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5 }
                """);
        Path out = dir.resolve("never");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Files.writeString(dir.resolve("r.csv"), c.getKey());
            CliCall r = cli("run", file.toString(), "--out", out.toString());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().startsWith(c.getValue()), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(Files.exists(out), "nothing may be written for an invalid ratings file");
        }
        Path standIn = Files.createDirectories(dir.resolve("data/movielens"));
        StringBuilder csv = new StringBuilder("\"userId\",\"movieId\",\"rating\",\"timestamp\"\n");
        for (int row = 0; row < 30; row++) {
            csv.append(row % 3 + 1).append(',').append(100 + row % 7).append(',').append(0.5 + row % 10 * 0.5)
                    .append(',').append(1_000_000 + row).append('\n');
        }
        Files.writeString(standIn.resolve("movielens.csv"), csv.toString());
        Path real = Files.createDirectories(dir.resolve("scenarios/real"));
        Path copy = Files.copy(Path.of("..", "scenarios", "real", "movielens.yaml"), real.resolve("movielens.yaml"));
        CliCall valid = cli("validate", copy.toString());
        assertEquals(0, valid.code(), valid.err());
    }

    @Test
    void aBadDatasetFileExitsTwoAtTheFieldAndWritesNothing() throws Exception {
        Files.writeString(dir.resolve("users.csv"), "user,y,x\na,1,2\na,2,3\nb,1,oops\nb,2,4\n");
        Path file = Files.writeString(dir.resolve("data.yaml"), """
                name: data
                task: { type: dataset, path: users.csv, userColumn: user, labelColumn: y, features: [x] }
                experiments:
                  - { algorithm: own-data }
                """);
        Path out = dir.resolve("never");
        CliCall r = cli("run", file.toString(), "--out", out.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals("error: task.features[0]: " + dir.resolve("users.csv").toAbsolutePath() + " row 4: \"oops\" is"
                + " not a number (declare the feature categorical: true if it is one)", r.err().strip());
        assertFalse(Files.exists(out), "nothing may be written for an invalid data set");
    }

    @Test
    void missingFileAndUnknownRunnerAreInvalidInput() throws Exception {
        CliCall r = cli("run", dir.resolve("nope.yaml").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: "), r.err());
        Path file = Files.writeString(dir.resolve("tiny.yaml"), VALID);
        Path out = dir.resolve("x");
        r = cli("run", file.toString(), "--runner", "warp", "--out", out.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("error: --runner:"), r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void clusterOptionsAreCheckedBeforeAnythingStarts() throws Exception {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), VALID);
        Path out = dir.resolve("c");
        String[][] invalid = {
            {"run", file.toString(), "--nodes", "2", "--out", out.toString()},
            {"run", file.toString(), "--runner", "cluster", "--nodes", "0", "--out", out.toString()},
            {"run", file.toString(), "--runner", "cluster", "--nodes", "2", "--seed-nodes", "127.0.0.1:2551"},
            {"run", file.toString(), "--runner", "cluster", "--seed-nodes", "localhost"},
            {"node", "--roles", "users,wizard"},
            {"node", "--port", "70000"},
            {"run", file.toString(), "--roles", "users", "--out", out.toString()},
            {"run", file.toString(), "--runner", "cluster", "--nodes", "2", "--roles", "users", "--out", out.toString()},
            {"run", file.toString(), "--runner", "cluster", "--roles", "users,curator", "--out", out.toString()},
        };
        String[] named = {"--nodes", "--nodes", "--nodes", "--seed-nodes", "--roles", "--port", "--roles", "--roles",
            "--roles"};
        for (int i = 0; i < invalid.length; i++) {
            CliCall r = cli(invalid[i]);
            assertEquals(2, r.code(), String.join(" ", invalid[i]));
            assertTrue(r.err().startsWith("error: " + named[i] + ":"), r.err());
        }
        assertFalse(Files.exists(out));
    }

    @Test
    void clusterEnvironmentVariablesAreCheckedLikeTheOptionsTheyStandFor() {
        assertEquals("PRIVSIM_SEED_NODES: 'localhost' is not HOST:PORT",
                NodeCommand.problem(null, null, null, Map.of("PRIVSIM_SEED_NODES", "127.0.0.1:2551, localhost")));
        assertEquals("PRIVSIM_ROLES: unknown role 'wizard' (expected curator, users or adversary)",
                NodeCommand.problem(null, null, null, Map.of("PRIVSIM_ROLES", "users,wizard")));
        assertEquals("PRIVSIM_PORT: 'http' is not a port between 0 and 65535",
                NodeCommand.problem(null, null, null, Map.of("PRIVSIM_PORT", "http")));
        assertEquals("PRIVSIM_PORT: '70000' is not a port between 0 and 65535",
                NodeCommand.problem(null, null, null, Map.of("PRIVSIM_PORT", "70000")));
        // The options win over the environment, which is then not looked at.
        Map<String, String> bad = Map.of("PRIVSIM_SEED_NODES", "x", "PRIVSIM_ROLES", "x", "PRIVSIM_PORT", "x");
        assertNull(NodeCommand.problem(List.of("users"), 2552, List.of("127.0.0.1:2551"), bad));
        assertNull(NodeCommand.problem(null, null, null, Map.of("PRIVSIM_SEED_NODES", "10.0.0.1:2551,h:1",
                "PRIVSIM_ROLES", "curator, users", "PRIVSIM_PORT", "2551")));

        RunOptions submit = new RunOptions();
        submit.runner = "cluster";
        assertEquals("PRIVSIM_SEED_NODES: 'x' is not HOST:PORT", ScenarioExecution.problem(submit, bad));
        submit.nodes = 3;
        assertNull(ScenarioExecution.problem(submit, bad), "--nodes N does not use the seed nodes");
        RunOptions local = new RunOptions();
        local.runner = "local";
        assertNull(ScenarioExecution.problem(local, bad));

        RunOptions node = new RunOptions();
        node.runner = "cluster";
        node.roles = List.of("curator");
        assertEquals("--roles: unknown role 'curator' (expected users or adversary)",
                ScenarioExecution.problem(node, Map.of()));
        node.roles = List.of("users", "adversary");
        assertNull(ScenarioExecution.problem(node, Map.of()), "a submitter may host users and adversaries");
    }
}
