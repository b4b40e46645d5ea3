package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.scenario.Algorithm;

/**
 * Defaults that work (issue 31): every shipped algorithm, given only its required fields (ε and δ
 * for the private ones, δ not for the pure-ε multi-task ones), runs to a report on a small task of
 * its family with the sequential runner. The experiments are built from {@link Algorithm#values()},
 * so a new algorithm that needs more than ε and δ fails here until it gets defaults.
 */
class RequiredFieldsOnlyTest {

    /** A small task per family; every algorithm is placed in the family of its task type. */
    private static final Map<String, String> TASKS = new LinkedHashMap<>();

    static {
        TASKS.put("low-rank-regression", "{ type: low-rank-regression, users: 200, samplesPerUser: 10, dimension: 5,"
                + " rank: 2, labelNoise: 0.1 }");
        TASKS.put("ratings", "{ type: ratings, users: 100, items: 30, rank: 2 }");
        TASKS.put("indexed-mean", "{ type: indexed-mean, dimension: 50, persons: 20 }");
        TASKS.put("multitask-regression", "{ type: multitask-regression, tasks: 20, samplesPerTask: 10,"
                + " dimension: 6, structure: [low-rank, group-sparse] }");
        TASKS.put("transfer-regression", "{ type: transfer-regression, dimension: 10, rank: 2, publicTasks: 10,"
                + " publicSamples: 200, privateSamples: 50 }");
    }

    @TempDir
    Path dir;

    @Test
    void everyAlgorithmRunsWithOnlyItsRequiredFields() throws Exception {
        Set<Algorithm> covered = EnumSet.noneOf(Algorithm.class);
        for (Map.Entry<String, String> family : TASKS.entrySet()) {
            List<Algorithm> algorithms = new ArrayList<>();
            for (Algorithm a : Algorithm.values()) {
                boolean ratings = family.getKey().equals("ratings");
                if (ratings ? a.runsOn(family.getKey()) : a.taskType().equals(family.getKey())) {
                    algorithms.add(a);
                }
            }
            StringBuilder yaml = new StringBuilder("name: required-only\nseed: 5\ntask: " + family.getValue()
                    + "\nexperiments:\n");
            for (Algorithm a : algorithms) {
                yaml.append("  - { algorithm: ").append(a.id());
                if (a.isPrivate()) {
                    yaml.append(", epsilon: 10").append(a.isMultitask() ? "" : ", delta: 1.0e-6");
                }
                yaml.append(" }\n");
            }
            Path file = Files.writeString(dir.resolve(family.getKey() + ".yaml"), yaml.toString());
            Path out = dir.resolve("out-" + family.getKey());
            CliCall r = CliCall.of("run", file.toString(), "--out", out.toString(), "--runner", "sequential");
            assertEquals(0, r.code(), family.getKey() + ":\n" + yaml + r.all());
            JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
            String text = report.toString();
            for (Algorithm a : algorithms) {
                assertTrue(text.contains("\"" + a.id() + "\""), a.id() + " has no row in " + family.getKey());
            }
            covered.addAll(algorithms);
        }
        assertEquals(EnumSet.allOf(Algorithm.class), covered);
    }
}
