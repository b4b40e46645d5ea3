package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI's report files by row kind and its audit contract: exit 1 after writing the report when
 * an audit misses its expect, exit 0 when all are met, exit 2 with nothing written for an invalid
 * audit. Scenarios are tiny (d ≤ 30, ≤ 200 trials).
 */
class CliReportFilesTest {
    /**
     * Audit 0: the nonprivate mechanism seen by two colluders, which the attack separates perfectly
     * (a violation); audit 1: the JDP mechanism at its claim (consistent).
     */
    private static final String AUDITS = """
            name: tiny-audit
            seed: 5
            task: { type: indexed-mean, dimension: 30, persons: 30 }
            audits:
              - { algorithm: indexed-mean-nonprivate, threatModel: billboard, collusion: [1, 2], epsilon: 0.5, delta: 1.0e-5, trials: 200, expect: violated }
              - { algorithm: indexed-mean-jdp, threatModel: jdp, epsilon: 0.5, delta: 1.0e-5, trials: 200, expect: consistent }
            """;
    private static final String INDEXED_MEAN = """
            name: tiny-indexed-mean
            seed: 5
            task: { type: indexed-mean, dimension: 30, persons: 30 }
            experiments:
              - { algorithm: indexed-mean-jdp, epsilon: [1, 4], delta: 1.0e-5, persons: [5, 10, 30], repeats: 5 }
              - { algorithm: indexed-mean-nonprivate, persons: [5, 10, 30], repeats: 5 }
            """;
    private static final String LOW_RANK = """
            name: tiny
            seed: 3
            task: { type: low-rank-regression, users: 60, samplesPerUser: 8, dimension: 4, rank: 1, labelNoise: 0.1 }
            experiments:
              - { algorithm: own-data }
            """;

    @TempDir
    Path dir;

    private CliCall run(String yaml, Path out) throws Exception {
        Path file = Files.writeString(dir.resolve("scenario.yaml"), yaml);
        return CliCall.of("run", file.toString(), "--out", out.toString(), "--runner", "sequential");
    }

    private static List<String> files(Path out) throws Exception {
        try (Stream<Path> list = Files.list(out)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertPng(Path file) throws Exception {
        byte[] png = Files.readAllBytes(file);
        assertEquals((byte) 0x89, png[0], file.toString());
        assertEquals('P', png[1], file.toString());
    }

    @Test
    void unmetExpectExitsOneAfterWritingTheReport() throws Exception {
        Path out = dir.resolve("unmet");
        CliCall r = run(AUDITS.replace("expect: violated", "expect: consistent"), out);
        assertEquals(PrivsimCli.EXIT_FAILURE, r.code(), r.err());
        List<String> errors = r.err().lines().filter(l -> l.startsWith("error: ")).toList();
        assertEquals(1, errors.size(), r.err());
        assertTrue(errors.get(0).matches("error: audits\\[0\\]: expected consistent, got violated \\(empirical ε"
                + " lower bound [0-9.]+ > claimed 0\\.5\\)"), errors.get(0));
        assertTrue(r.out().contains("EXPECT UNMET"), r.out());
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertEquals(2, report.get("audits").size());
        JsonNode audit = report.get("audits").get(0);
        assertEquals("violated", audit.get("verdict").asText());
        assertEquals("consistent", audit.get("expect").asText());
        assertFalse(audit.get("expectMet").asBoolean());
        assertTrue(report.get("audits").get(1).get("expectMet").asBoolean());
        assertPng(out.resolve("audit-0-roc.png"));
    }

    @Test
    void metExpectationsExitZeroWithAuditFilesOnly() throws Exception {
        Path out = dir.resolve("met");
        CliCall r = run(AUDITS, out);
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err().lines().filter(l -> l.startsWith("error")).reduce("", String::concat));
        assertFalse(r.out().contains("EXPECT UNMET"), r.out());
        assertEquals(List.of("audit-0-roc.png", "audit-1-roc.png", "audits.csv", "privacy-events.json", "releases.jsonl",
                "report.html", "report.json"), files(out));
        List<String> csv = Files.readAllLines(out.resolve("audits.csv"));
        assertEquals(3, csv.size());
        assertTrue(csv.get(0).startsWith("audit,algorithm,threatModel,collusion,collusionSize,"), csv.get(0));
        assertTrue(csv.get(1).startsWith("0,indexed-mean-nonprivate,billboard,\"[1, 2]\",2,0,0.5,"), csv.get(1));
        assertPng(out.resolve("audit-0-roc.png"));
        assertPng(out.resolve("audit-1-roc.png"));
    }

    /** Tracing audits add tracing.csv (one row per tracing audit) and tracing-auc.png. */
    @Test
    void tracingAuditsWriteTheirTableAndPlot() throws Exception {
        Path out = dir.resolve("tracing");
        CliCall r = run("""
                name: tiny-tracing
                seed: 5
                task: { type: indexed-mean, dimension: 40, persons: 10 }
                audits:
                  - { algorithm: indexed-mean-nonprivate, threatModel: billboard, adversary: tracing, epsilon: 1, delta: 1.0e-5, trials: 40 }
                  - { algorithm: indexed-mean-billboard,  threatModel: billboard, adversary: tracing, epsilon: 1, delta: 1.0e-5, trials: 40 }
                  - { algorithm: indexed-mean-billboard,  threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 40 }
                """, out);
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("audit-0-roc.png", "audit-1-roc.png", "audit-2-roc.png", "audits.csv", "privacy-events.json",
                "releases.jsonl", "report.html", "report.json", "tracing-auc.png", "tracing.csv"), files(out));
        List<String> csv = Files.readAllLines(out.resolve("tracing.csv"));
        assertEquals(3, csv.size());
        assertEquals("audit,algorithm,claimedEpsilon,delta,trials,persons,dimension,auc,aucLower,aucUpper,aucCeiling,"
                + "empiricalEpsilonLower,verdict", csv.get(0));
        assertTrue(csv.get(1).startsWith("0,indexed-mean-nonprivate,,,40,10,40,"), csv.get(1));
        assertTrue(csv.get(2).startsWith("1,indexed-mean-billboard,1.0,1.0E-5,40,10,40,"), csv.get(2));
        JsonNode audits = new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("audits");
        assertTrue(audits.get(2).get("tracing").isNull(), audits.get(2).toString());
        assertEquals(40, audits.get(0).get("tracing").get("dimension").asInt());
        assertPng(out.resolve("tracing-auc.png"));
    }

    /** A pure claim (δ = 0, MP-MTL): its plot has no Gaussian reference, and the files are written as usual. */
    @Test
    void pureClaimAuditWritesItsFiles() throws Exception {
        Path out = dir.resolve("pure");
        CliCall r = run("""
                name: tiny-mp-mtl-audit
                seed: 5
                task: { type: multitask-regression, tasks: 4, samplesPerTask: 4, dimension: 3, structure: low-rank }
                audits:
                  - { algorithm: mp-mtl-low-rank, epsilon: 1, delta: 0, iterations: 1, lambda: 1.0e-3, trials: 40 }
                """, out);
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("audit-0-roc.png", "audits.csv", "privacy-events.json", "releases.jsonl",
                "report.html", "report.json"), files(out));
        JsonNode audit = new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("audits").get(0);
        assertEquals(0, audit.get("delta").asDouble());
        assertTrue(audit.get("calibration").isNull(), audit.toString());
        assertPng(out.resolve("audit-0-roc.png"));
    }

    @Test
    void indexedMeanScenarioWritesItsTableAndLossPlotOnly() throws Exception {
        Path out = dir.resolve("indexed");
        CliCall r = run(INDEXED_MEAN, out);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("indexed-mean algorithm"), r.out());
        assertFalse(r.out().contains("pop. MSE"), r.out());
        assertEquals(List.of("indexed-mean.csv", "loss-vs-persons.png", "privacy-events.json", "releases.jsonl",
                "report.html", "report.json"), files(out));
        assertEquals(1 + 9, Files.readAllLines(out.resolve("indexed-mean.csv")).size());
        assertPng(out.resolve("loss-vs-persons.png"));
    }

    @Test
    void aRerunIntoTheSameDirectoryLeavesNoFilesOfTheEarlierRun() throws Exception {
        Path out = dir.resolve("shared");
        assertEquals(0, run(LOW_RANK, out).code());
        assertEquals(List.of("experiments.csv", "mse-vs-epsilon.png", "privacy-events.json", "releases.jsonl",
                "report.html", "report.json"), files(out));
        Path mine = Files.writeString(out.resolve("notes.txt"), "kept");
        assertEquals(0, run(AUDITS, out).code());
        assertEquals(List.of("audit-0-roc.png", "audit-1-roc.png", "audits.csv", "notes.txt", "privacy-events.json",
                "releases.jsonl", "report.html", "report.json"), files(out));
        assertEquals("kept", Files.readString(mine));
    }

    @Test
    void invalidAuditFieldExitsTwoNamingItAndWritesNothing() throws Exception {
        Path out = dir.resolve("never");
        CliCall r = run(AUDITS.replace("trials: 200, expect: violated", "trials: 10, expect: violated"), out);
        assertEquals(PrivsimCli.EXIT_INVALID, r.code(), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("error: audits[0].trials: ")), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(Files.exists(out));
    }
}
