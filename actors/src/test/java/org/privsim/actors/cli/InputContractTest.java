package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.privsim.actors.report.ReportWriter;

/**
 * One regression test per class of input that used to pass validation and then fail, hang or
 * leak at run time (issue 33). Each asserts the contract: exit 2 with {@code error: <field>:
 * <reason>} lines and nothing written, or a completed run, never an exception's class name.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InputContractTest {
    private static final String TASK =
            "task: { type: low-rank-regression, users: 40, samplesPerUser: 6, dimension: 3, rank: 1, labelNoise: 0.1 }";
    private static final String TRANSFER_TASK = "task: { type: transfer-regression, dimension: 4, rank: 2,"
            + " publicTasks: 4, publicSamples: [40], privateSamples: [50] }\n";
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:java|org|com)\\.[a-z]+\\.|Exception|\\tat ");

    @TempDir
    Path dir;

    private static CliCall cli(String... args) {
        return CliCall.of(args);
    }

    private Path scenario(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name + ".yaml"), text);
    }

    private Path lowRank(String experiment) throws Exception {
        return scenario("s", "name: s\nseed: 1\n" + TASK + "\nexperiments:\n  - " + experiment + "\n");
    }

    /** Exit 2, every stderr line an error line containing {@code expected}, no class name, nothing written. */
    private void assertRefused(CliCall r, String expected) throws Exception {
        assertEquals(2, r.code(), r.all());
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
        assertFalse(CLASS_NAME.matcher(r.all()).find(), r.all());
        assertFalse(Files.exists(dir.resolve("out")), "nothing written");
    }

    private CliCall runSequential(Path file) {
        return cli("run", file.toString(), "--runner", "sequential", "--out", dir.resolve("out").toString());
    }

    // --- validate says valid, run dies: numeric domains --------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {
        "{ algorithm: priv-altmin, epsilon: [1.0e308], delta: 1.0e-5, epochs: 1 }|experiments[0].epsilon[0]: must be ≤",
        "{ algorithm: priv-altmin, epsilon: [1.0e-300], delta: 1.0e-5, epochs: 1 }|experiments[0].epsilon[0]: must be ≥",
        "{ algorithm: single-model-dp, epsilon: [1.0e50], delta: 1.0e-5 }|experiments[0].epsilon[0]: must be ≤",
        "{ algorithm: priv-altmin, epsilon: [1], delta: 1.0e-5, epochs: 1, clipModel: 1.0e308 }|experiments[0].clipModel: must be ≤",
        "{ algorithm: priv-altmin, epsilon: [1], delta: 1.0e-5, epochs: 1, clipLabel: 1.0e-300 }|experiments[0].clipLabel: must be ≥",
    })
    void numericDomainsAreCheckedByValidate(String caseText) throws Exception {
        String[] parts = caseText.split("\\|");
        Path file = lowRank(parts[0]);
        assertRefused(cli("validate", file.toString()), "error: " + parts[1]);
        assertRefused(runSequential(file), "error: " + parts[1]);
    }

    @Test
    void deltasThatNoAccountantCanMeetAreRefusedByValidate() throws Exception {
        Path tiny = scenario("a", "name: a\nseed: 8\n" + TRANSFER_TASK + "audits:\n  - { algorithm: dp-sgd, representation: none,"
                + " epsilon: 1, delta: 5.0e-324, samplingRate: 0.1, steps: 10, trials: 40 }\n");
        assertRefused(cli("validate", tiny.toString()), "error: audits[0].delta: must be ≥ 1.0E-12");
        for (String delta : List.of("0.5", "0.999999")) {
            Path large = scenario("b", "name: b\nseed: 8\n" + TRANSFER_TASK + "experiments:\n  - { algorithm: dp-sgd,"
                    + " representation: none, epsilon: 1, delta: " + delta + " }\n");
            assertRefused(runSequential(large), "error: experiments[0].delta: must be ≤ 0.1");
        }
    }

    @Test
    void theLargestDeltaRunsAndWritesNoNaN() throws Exception {
        Path file = scenario("b", "name: b\nseed: 8\n" + TRANSFER_TASK + "experiments:\n  - { algorithm: dp-sgd,"
                + " representation: none, epsilon: 1, delta: 0.1, samplingRate: 0.1, steps: 20, noiseMultiplier: 4,"
                + " repeats: 1 }\n");
        CliCall r = runSequential(file);
        assertEquals(0, r.code(), r.all());
        try (var files = Files.list(dir.resolve("out"))) {
            for (Path written : files.filter(p -> !p.toString().endsWith(".png")).toList()) {
                // a NaN not inside a word or an embedded plot's base64
                assertFalse(Pattern.compile("(?<![A-Za-z0-9+/])NaN(?![A-Za-z0-9+/])").matcher(Files.readString(written))
                        .find(), written.toString());
            }
        }
    }

    @Test
    void labelNoiseBeyondTheScaleDomainIsRefused() throws Exception {
        Path file = scenario("s", "name: s\n" + TASK.replace("labelNoise: 0.1", "labelNoise: 1.0e308")
                + "\nexperiments:\n  - { algorithm: own-data }\n");
        assertRefused(cli("validate", file.toString()), "error: task.labelNoise: must be ≤");
    }

    @Test
    void auditInjectionAndEpsilonDomainsAreChecked() throws Exception {
        String text = "name: a\nseed: 8\ntask: { type: transfer-regression, dimension: 4, rank: 2, publicTasks: 4,"
                + " publicSamples: [40], privateSamples: [50] }\naudits:\n"
                + "  - { algorithm: dp-sgd, representation: none, epsilon: 1, delta: 1.0e-5, samplingRate: 0.1,"
                + " steps: 10, trials: 40, inject: { noiseMultiplier: 1.0e308 } }\n"
                + "  - { algorithm: dp-sgd, representation: none, epsilon: 1.0e308, delta: 1.0e-5, samplingRate: 0.1,"
                + " steps: 10, trials: 40 }\n";
        CliCall r = cli("validate", scenario("a", text).toString());
        assertRefused(r, "error: audits[0].inject.noiseMultiplier: must be ≤");
        assertTrue(r.err().contains("error: audits[1].epsilon: must be ≤"), r.err());
    }

    @Test
    void anAllocationThatCannotSplitTheBudgetIsRefused() throws Exception {
        Path file = scenario("m", "name: m\nseed: 2\ntask: { type: multitask-regression, tasks: 6, samplesPerTask: 10,"
                + " dimension: 4, structure: [low-rank] }\nexperiments:\n"
                + "  - { algorithm: mp-mtl-low-rank, epsilon: [1], delta: 1.0e-5, iterations: 200, lambda: [1],"
                + " allocation: geometric(1.0e308) }\n");
        assertRefused(cli("validate", file.toString()), "error: experiments[0].allocation: geometric(");
    }

    @Test
    void dpSgdTargetsBelowTheAccountantsFloorAndDerivedStepsOverTheCapAreRefused() throws Exception {
        Path floor = scenario("f", "name: f\nseed: 1\n" + TRANSFER_TASK + "experiments:\n"
                + "  - { algorithm: dp-sgd, accountant: rdp, representation: none, epsilon: 0.001, delta: 1.0e-5 }\n");
        assertRefused(cli("validate", floor.toString()), "error: experiments[0].epsilon: dp-sgd cannot reach");
        Path derived = scenario("d", "name: d\nseed: 1\n" + TRANSFER_TASK + "experiments:\n"
                + "  - { algorithm: dp-sgd, representation: none, epsilon: 1, delta: 1.0e-5, samplingRate: 1.0e-9 }\n");
        assertRefused(cli("validate", derived.toString()), "error: experiments[0].samplingRate: at sampling rate");
        Path explicit = scenario("e", "name: e\nseed: 1\n" + TRANSFER_TASK + "experiments:\n"
                + "  - { algorithm: dp-sgd, representation: none, epsilon: 1, delta: 1.0e-5, samplingRate: 1.0e-9,"
                + " steps: 50000000000 }\n");
        assertRefused(cli("validate", explicit.toString()), "error: experiments[0].steps:");
    }

    @Test
    void thePairsEstimatorNeedsTwoRowsOfOnePublicTask() throws Exception {
        Path file = scenario("p", "name: p\nseed: 1\ntask: { type: transfer-regression, dimension: 4, rank: 2,"
                + " publicTasks: 4, publicSamples: [3], privateSamples: [50] }\nexperiments:\n"
                + "  - { algorithm: nonprivate-regression, representation: public, subspaceEstimator: pairs }\n");
        assertRefused(cli("validate", file.toString()), "error: experiments[0].subspaceEstimator: pairs needs two rows");
    }

    // --- degenerate data -----------------------------------------------------------------------

    private Path dataset(String csvName, String csv, String extra) throws Exception {
        Files.writeString(dir.resolve(csvName), csv);
        return scenario("d", "name: d\nseed: 5\ntask: { type: dataset, path: " + csvName + ", userColumn: u,"
                + " labelColumn: y, features: [x]" + extra + " }\nexperiments:\n  - { algorithm: own-data }\n"
                + "  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, rank: 1, epochs: 1 }\n");
    }

    private static String rows(int users, int perUser, String labelOf) {
        StringBuilder csv = new StringBuilder("u,x,y\n");
        for (int u = 0; u < users; u++) {
            for (int i = 0; i < perUser; i++) {
                csv.append("u").append(u).append(',').append(u * 0.37 + i * 0.11).append(',')
                        .append(labelOf.equals("constant") ? "1" : String.valueOf(u - i * 0.5)).append('\n');
            }
        }
        return csv.toString();
    }

    @Test
    void degenerateDataIsRefusedWithTheReason() throws Exception {
        assertRefused(cli("validate", dataset("c.csv", rows(6, 4, "constant"), "").toString()),
                "error: task.labelColumn: ");
        assertRefused(cli("validate", dataset("t.csv", rows(6, 4, "varied"), ", testFraction: 0.999").toString()),
                "error: task.testFraction: holding out");
        String huge = rows(6, 4, "varied").replaceFirst("\nu0,0.0,", "\nu0,1e308,");
        assertRefused(cli("validate", dataset("h.csv", huge, "").toString()), "error: task.features[0]: ");
        String constant = rows(6, 4, "varied").replaceAll("\n(u\\d+),[^,]+,", "\n$1,3,");
        assertRefused(cli("validate", dataset("k.csv", constant, "").toString()), "error: task.features[0]: ");
    }

    // --- files ---------------------------------------------------------------------------------

    @Test
    void scenarioPathsMustBeRegularFilesOfBoundedSize() throws Exception {
        assertRefused(cli("validate", "/dev/zero"), "error: /dev/zero: cannot read file: not a regular file");
        Path fifo = dir.resolve("fifo.yaml");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        assertRefused(cli("validate", fifo.toString()), "not a regular file");
        Path big = Files.writeString(dir.resolve("big.yaml"), "name: x\n# " + "x".repeat(1 << 20) + "\n");
        assertRefused(cli("validate", big.toString()), "more than the 1048576 a scenario may have");
        long start = System.nanoTime();
        Path longLine = Files.writeString(dir.resolve("line.yaml"), "name: " + "y".repeat(200_000) + "\n");
        assertRefused(cli("validate", longLine.toString()), "error: " + longLine + ": line 1 has 200006 characters");
        assertTrue(System.nanoTime() - start < 5e9, "refused before parsing");
    }

    @Test
    void dataPathsMustBeRegularCsvFilesAndAreNeverEchoed() throws Exception {
        for (String path : List.of("/dev/zero", "/etc/passwd", "/proc/self/environ")) {
            Path file = scenario("p", "name: p\nseed: 1\ntask: { type: dataset, path: " + path + ", userColumn: u,"
                    + " labelColumn: y, features: [x] }\nexperiments:\n  - { algorithm: own-data }\n");
            CliCall r = cli("validate", file.toString());
            assertRefused(r, "error: task.path: ");
            assertFalse(r.err().contains("root:") || r.err().contains("PATH="), "no file content echoed: " + r.err());
        }
        Path fifo = dir.resolve("data.csv");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path file = scenario("q", "name: q\nseed: 1\ntask: { type: dataset, path: data.csv, userColumn: u,"
                + " labelColumn: y, features: [x] }\nexperiments:\n  - { algorithm: own-data }\n");
        assertRefused(cli("validate", file.toString()), "not a regular file");
    }

    @Test
    void longCsvLinesAndTruncatedGzipAreRefusedWithoutExceptionNames() throws Exception {
        String longLine = rows(6, 4, "varied") + "u1," + "7".repeat(1 << 21) + ",1\n";
        assertRefused(cli("validate", dataset("l.csv", longLine, "").toString()), "is longer than 1048576 characters");
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gz)) {
            out.write(rows(30, 5, "varied").getBytes());
        }
        Files.write(dir.resolve("t.csv.gz"), Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
        Path file = scenario("g", "name: g\nseed: 1\ntask: { type: dataset, path: t.csv.gz, userColumn: u,"
                + " labelColumn: y, features: [x] }\nexperiments:\n  - { algorithm: own-data }\n");
        assertRefused(cli("validate", file.toString()), "the compressed data ends early");
    }

    // --- memory and time -----------------------------------------------------------------------

    @Test
    void indexedMeanTasksGoThroughTheMemoryModel() throws Exception {
        Path file = scenario("i", "name: i\nseed: 1\ntask: { type: indexed-mean, dimension: 1000000000, persons: 1000000,"
                + " indices: random }\nexperiments:\n  - { algorithm: indexed-mean-billboard, epsilon: [1],"
                + " delta: 1.0e-5 }\n");
        assertEquals(0, cli("validate", file.toString()).code());
        CliCall r = runSequential(file);
        assertRefused(r, "error: task.persons: needs");
    }

    @Test
    void theDimensionErrorNeverShowsANegativeHeap() throws Exception {
        Path file = scenario("s", "name: s\nseed: 1\ntask: { type: low-rank-regression, users: 1000000,"
                + " samplesPerUser: 10, dimension: 1000000000, rank: 5, labelNoise: 0.1 }\n"
                + "experiments:\n  - { algorithm: own-data }\n");
        CliCall r = cli("validate", file.toString());
        assertRefused(r, "error: task.dimension: must be ≤ 2000");
        assertFalse(Pattern.compile("-[0-9]").matcher(r.err()).find(), r.err());
    }

    @Test
    void progressAppearsWithinTwoSecondsEvenWhenAPhaseReportsNothing() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (java.io.PrintStream err = new java.io.PrintStream(bytes, true);
             ProgressBarReporter progress = new ProgressBarReporter(err)) {
            progress.update(1, 4, "audit 0 trial 1/4000");
            Thread.sleep(3_000);
        }
        assertTrue(bytes.toString().contains("audit 0 trial 1/4000"), "a heartbeat line: " + bytes);
    }

    // --- cluster options -----------------------------------------------------------------------

    @Test
    void seedPortsAndNodeCountsAreValidated() throws Exception {
        Path file = lowRank("{ algorithm: own-data }");
        assertRefused(cli("run", file.toString(), "--runner", "cluster", "--seed-nodes", "127.0.0.1:99999"),
                "error: --seed-nodes: '127.0.0.1:99999': the port must be between 1 and 65535");
        assertRefused(cli("node", "--seed-nodes", "127.0.0.1:0"), "error: --seed-nodes: '127.0.0.1:0'");
        assertRefused(cli("run", file.toString(), "--runner", "cluster", "--nodes", "100000"),
                "error: --nodes: must be between 1 and 16");
        assertRefused(cli("run", file.toString(), "--runner", "cluster", "--join-timeout", "0"),
                "error: --join-timeout: must be between 1 and");
        assertRefused(cli("run", file.toString(), "--runner", "cluster", "--port", "70000"),
                "error: --port: must be between 0 (any free port) and 65535, got 70000");
        assertRefused(cli("run", file.toString(), "--runner", "sequential", "--port", "2552"),
                "error: --port: only with --runner cluster");
    }

    @Test
    void aPortInUseIsNamedWithoutAStackTrace() throws Exception {
        int seedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            seedPort = socket.getLocalPort();
        }
        Path file = lowRank("{ algorithm: own-data }");
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            CliCall r = cli("run", file.toString(), "--runner", "cluster", "--seed-nodes", "127.0.0.1:" + seedPort,
                    "--port", String.valueOf(port), "--join-timeout", "2", "--out", dir.resolve("out").toString());
            assertEquals(1, r.code(), r.all());
            assertTrue(r.err().lines().anyMatch(l -> l.startsWith("error: --port: cannot listen on 127.0.0.1:" + port)),
                    r.err());
            assertFalse(r.err().contains("\tat "), r.err());
            assertFalse(Files.exists(dir.resolve("out")));

            CliCall node = cli("node", "--host", "127.0.0.1", "--port", String.valueOf(port));
            assertEquals(1, node.code(), node.all());
            assertTrue(node.err().lines().anyMatch(l -> l.equals("error: --port: cannot listen on 127.0.0.1:" + port
                    + ": Address already in use")), node.err());
            assertFalse(node.err().contains("\tat "), node.err());
        }
    }

    @Test
    void aClusterRunWithNoReachableSeedGivesUpAfterTheJoinTimeout() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // free once closed: nobody listens there
        }
        Path file = lowRank("{ algorithm: own-data }");
        long start = System.nanoTime();
        CliCall r = cli("run", file.toString(), "--runner", "cluster", "--seed-nodes", "127.0.0.1:" + port,
                "--join-timeout", "2", "--out", dir.resolve("out").toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(1, r.code(), r.all());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("error: could not join the cluster at seed nodes 127.0.0.1:"
                + port + " within 2 s")), r.err());
        assertTrue(seconds < 30, "gave up after " + seconds + " s");
        assertFalse(Files.exists(dir.resolve("out")));
    }

    // --- output --------------------------------------------------------------------------------

    @Test
    void theOutputDirectoryIsCheckedBeforeTheRun() throws Exception {
        Path file = lowRank("{ algorithm: own-data }");
        Path existing = Files.writeString(dir.resolve("a-file"), "x");
        assertRefused(cli("run", file.toString(), "--runner", "sequential", "--out", existing.toString()),
                "error: --out: " + existing + " exists and is not a directory");
        assertRefused(cli("run", file.toString(), "--runner", "sequential", "--out="), "error: --out: must name a directory");
        assertRefused(cli("run", file.toString(), "--runner", "sequential", "--out", existing.resolve("sub").toString()),
                "is not a directory");
        assertRefused(cli("run", file.toString(), "--runner", "sequential", "--out", dir.resolve("n".repeat(250)).toString()),
                "error: --out: ");
        assertEquals("x", Files.readString(existing));
    }

    @Test
    void aScenarioNameTooLongForAFolderIsRefusedByValidate() throws Exception {
        Path file = scenario("n", "name: " + "n".repeat(256) + "\nseed: 1\n" + TASK
                + "\nexperiments:\n  - { algorithm: own-data }\n");
        assertRefused(cli("validate", file.toString()), "error: name: must be at most 200 characters");
    }

    // --- messages ------------------------------------------------------------------------------

    @Test
    void parseErrorsNameTheOptionAndPointAtHelp() throws Exception {
        CliCall r = cli("run", "x.yaml", "--nodes", "abc");
        assertEquals(2, r.code());
        assertEquals(List.of("error: --nodes: 'abc' is not an int", "Run 'privsim run --help' for usage."),
                r.err().lines().toList());
        CliCall unknown = cli("validate", "x.yaml", "--frobnicate");
        assertEquals(2, unknown.code());
        assertEquals("error: --frobnicate: unknown option", unknown.err().lines().findFirst().orElseThrow());
        CliCall missing = cli("validate");
        assertEquals("error: SCENARIO: required, but missing", missing.err().lines().findFirst().orElseThrow());
        assertFalse(r.all().contains("Usage:") || unknown.all().contains("Usage:"));
    }

    @Test
    void benchUsersOnATaskWithoutUsersSaysWhy() throws Exception {
        Path file = scenario("t", "name: t\nseed: 1\ntask: { type: transfer-regression, dimension: 4, rank: 2,"
                + " publicTasks: 4, publicSamples: [40], privateSamples: [50] }\nexperiments:\n"
                + "  - { algorithm: zero-shot }\n");
        assertRefused(cli("bench", file.toString(), "--users", "10"), "error: --users: only for a low-rank-regression task");
    }

    @Test
    void reportJsonHoldsNullAndAReasonInsteadOfNaN() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("r2", Double.NaN);
        row.put("accountedEpsilon", Double.POSITIVE_INFINITY);
        row.put("mse", 0.5);
        row.put("curve", new double[] {1, Double.NaN});
        JsonNode json = ReportWriter.json(Map.of("rows", List.of(row)));
        JsonNode written = json.get("rows").get(0);
        assertTrue(written.get("r2").isNull());
        assertTrue(written.get("r2Undefined").asText().contains("constant"));
        assertTrue(written.get("accountedEpsilon").isNull());
        assertTrue(written.has("accountedEpsilonUndefined"));
        assertEquals(0.5, written.get("mse").asDouble());
        assertTrue(written.get("curve").get(1).isNull());
        assertFalse(json.toString().contains("NaN") || json.toString().contains("Infinity"), json.toString());
    }
}
