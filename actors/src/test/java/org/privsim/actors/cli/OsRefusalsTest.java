package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the operating system refuses is invalid input (issue 45): exit 2 with one {@code error:}
 * line naming the option or field, before any work — output folders the OS will not create, paths
 * it cannot name, CSV rows that do not match their header, hosts that do not resolve.
 */
class OsRefusalsTest {
    private static final String TASK =
            "task: { type: low-rank-regression, users: 40, samplesPerUser: 6, dimension: 3, rank: 1, labelNoise: 0.1 }";

    @TempDir
    Path dir;

    private Path scenario(String text) throws Exception {
        return Files.writeString(dir.resolve("s.yaml"), text);
    }

    private Path ownData() throws Exception {
        return scenario("name: s\nseed: 1\n" + TASK + "\nexperiments:\n  - { algorithm: own-data }\n");
    }

    private static void assertRefused(CliCall r, String expected) {
        assertEquals(2, r.code(), r.all());
        assertTrue(r.err().startsWith("error: " + expected), "expected 'error: " + expected + "' in: " + r.err());
        assertFalse(r.err().contains("unexpectedly") || r.err().contains("Exception"), r.err());
    }

    @Test
    void outputFoldersTheOsRefusesAreInvalidInput() throws Exception {
        Path file = ownData();
        for (String out : List.of("/proc/privsim-out", "/sys/privsim-out")) {
            assertRefused(CliCall.of("run", file.toString(), "--runner", "sequential", "--out", out),
                    "--out: cannot create " + out + ": ");
        }
        Path folder = Files.createDirectories(dir.resolve("o/report.json"));
        assertRefused(CliCall.of("run", file.toString(), "--runner", "sequential", "--out", folder.getParent().toString()),
                "--out: " + folder + " is a folder where the report writes a file");
        try (var left = Files.list(dir)) {
            assertEquals(List.of("o", "s.yaml"), left.map(p -> p.getFileName().toString()).sorted().toList(),
                    "the probe leaves nothing behind");
        }
    }

    @Test
    void dataPathsTheOsCannotNameAreInvalidInput() throws Exception {
        for (String[] c : new String[][] {
            {"a\\0b.csv", "task.path: must not contain a NUL character"},
            {"x".repeat(300) + ".csv", "task.path: has a name longer than the 255 bytes"},
            {"abc/".repeat(1100) + "d.csv", "task.path: is longer than the 4095 bytes"},
            {"a\\ud800.csv", "task.path: is not a path this system can name"},
        }) {
            Path file = scenario("name: p\nseed: 1\ntask: { type: dataset, path: \"" + c[0] + "\", userColumn: u,"
                    + " labelColumn: y, features: [x] }\nexperiments:\n  - { algorithm: own-data }\n");
            assertRefused(CliCall.of("validate", file.toString()), c[1]);
        }
        assertRefused(CliCall.of("run", ownData().toString(), "--out", dir.resolve("o\uFFFD").toString()),
                "--out: the name is not valid UTF-8");
    }

    @Test
    void csvRowsWithMoreOrFewerFieldsThanTheHeaderAreNamed() throws Exception {
        StringBuilder rows = new StringBuilder("u,x,y\n");
        for (int i = 0; i < 24; i++) {
            rows.append("u").append(i % 6).append(',').append(i * 0.3).append(',').append(i % 5).append('\n');
        }
        for (String[] c : new String[][] {{"u1,0.5,1,7\n", "row 26: 4 fields"}, {"u1,0.5\n", "row 26: 2 fields"}}) {
            Path csv = Files.writeString(dir.resolve("d.csv"), rows + c[0]);
            Path file = scenario("name: d\nseed: 1\ntask: { type: dataset, path: d.csv, userColumn: u, labelColumn: y,"
                    + " features: [x] }\nexperiments:\n  - { algorithm: own-data }\n");
            CliCall r = CliCall.of("validate", file.toString());
            assertRefused(r, "task.path: " + csv + " " + c[1] + ", but the header has 3");
        }
    }

    @Test
    void aHostMustBeNamedAndResolveWithinTenSeconds() throws Exception {
        Path file = ownData();
        assertRefused(CliCall.of("run", file.toString(), "--host", ""), "--host: must name a host");
        assertRefused(CliCall.of("node", "--host", ""), "--host: must name a host");
        String longName = "y".repeat(300);
        assertEquals(List.of("error: " + longName + ": cannot read file: File name too long"),
                CliCall.of("validate", longName).err().lines().toList());
        long start = System.nanoTime();
        assertRefused(CliCall.of("run", file.toString(), "--runner", "cluster", "--seed-nodes", "127.0.0.1:2999",
                "--host", "bogus.invalid"), "--host: 'bogus.invalid' ");
        assertTrue(System.nanoTime() - start < 10e9, "answered within 10 s");
    }
}
