package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The published scenario schema: a valid draft 2020-12 schema (by the meta-schema of an independent
 * implementation, networknt), accepted by every bundled scenario, refusing per-field mistakes and
 * the rules between fields with fixed values that validate refuses (the parser tests run their
 * malformed scenarios through {@link SchemaCheck} too), referenced by every bundled scenario's first
 * line, and committed current with its Markdown reference.
 */
class ScenarioSchemaTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path SCHEMA_FILE = ROOT.resolve("docs/privsim.schema.json");
    private static final Path REFERENCE_FILE = ROOT.resolve("docs/scenario-reference.md");

    /** scenarios/**&#47;*.yaml, bench/**&#47;*.yaml and scripts/*.yaml. */
    static List<Path> bundledScenarios() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String folder : List.of("scenarios", "bench", "scripts")) {
            try (Stream<Path> s = Files.walk(ROOT.resolve(folder), folder.equals("scripts") ? 1 : Integer.MAX_VALUE)) {
                s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
            }
        }
        return files;
    }

    @Test
    void theSchemaIsAValidDraft202012Schema() {
        List<Error> errors = SchemaCheck.metaErrors();
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(ScenarioSchema.DIALECT, ScenarioSchema.json().get("$schema").asText());
    }

    @Test
    void everyBundledScenarioValidates() throws IOException {
        List<Path> files = bundledScenarios();
        assertTrue(files.size() >= 20, "found only " + files);
        List<String> refused = new ArrayList<>();
        for (Path file : files) {
            List<Error> errors = SchemaCheck.errors(Files.readString(file));
            if (!errors.isEmpty()) {
                refused.add(ROOT.relativize(file) + ": " + errors);
            }
        }
        assertTrue(refused.isEmpty(), String.join("\n", refused));
    }

    @Test
    void everyBundledScenarioNamesTheCommittedSchemaOnItsFirstLine() throws IOException {
        for (Path file : bundledScenarios()) {
            String expected = "# yaml-language-server: $schema="
                    + file.getParent().relativize(SCHEMA_FILE).toString().replace('\\', '/');
            String first = Files.readAllLines(file).get(0);
            assertEquals(expected, first, ROOT.relativize(file).toString());
        }
    }

    @Test
    void theCommittedSchemaAndReferenceAreCurrent() throws IOException {
        assertEquals(ScenarioSchema.text(), Files.readString(SCHEMA_FILE),
                "docs/privsim.schema.json is stale: ./privsim schema > docs/privsim.schema.json");
        assertEquals(ScenarioReference.markdown(), Files.readString(REFERENCE_FILE),
                "docs/scenario-reference.md is stale: ./privsim schema --markdown > docs/scenario-reference.md");
    }

    @Test
    void perFieldMistakesFailTheSchema() {
        String task = "task: { type: low-rank-regression, users: 100, samplesPerUser: 8, dimension: 6, rank: 2,"
                + " labelNoise: 0.1 }\n";
        String ok = "name: t\n" + task + "experiments: [ { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-6 } ]\n";
        assertTrue(SchemaCheck.errors(ok).isEmpty());
        // What validate accepts beyond the obvious: a whole number written as a float, and YAML's
        // unquoted true for the true representation.
        assertTrue(SchemaCheck.errors(ok.replace("users: 100", "users: 100.0")).isEmpty());
        String transfer = "name: t\ntask: { type: transfer-regression, dimension: 4, rank: 2, publicTasks: 2,"
                + " publicSamples: 100, privateSamples: [10, 20] }\nexperiments: [ { algorithm: dp-sgd, epsilon: 1,"
                + " delta: 1.0e-6, representation: true }, { algorithm: zero-shot } ]\n";
        ScenarioParser.parse(transfer, "t.yaml");
        assertTrue(SchemaCheck.errors(transfer).isEmpty(), SchemaCheck.errors(transfer).toString());
        for (String bad : List.of(
                ok.replace("epsilon: 1,", "epsilon: -1,"),
                ok.replace("epsilon: 1,", "epsilonn: 1,"),
                ok.replace("delta: 1.0e-6", "delta: 1.0e-6, tolerance: 0.1"),
                ok.replace("priv-altmin", "priv-altmn"),
                ok.replace("users: 100", "users: many"),
                ok.replace("name: t\n", ""),
                ok.replace("type: low-rank-regression", "type: low-rank-regression, extra: 1"))) {
            assertFalse(SchemaCheck.errors(bad).isEmpty(), bad);
        }
        // An audit runs one configuration: one epoch count, one λ, where an experiment takes candidates.
        String audit = "name: t\n" + task + "audits: [ { algorithm: priv-altmin, threatModel: billboard, epsilon: 1,"
                + " delta: 1.0e-5, epochs: 30, trials: 100 } ]\n";
        ScenarioParser.parse(audit, "t.yaml");
        assertTrue(SchemaCheck.errors(audit).isEmpty(), SchemaCheck.errors(audit).toString());
        assertTrue(SchemaCheck.errors(ok.replace("delta: 1.0e-6", "delta: 1.0e-6, epochs: [3, 5]")).isEmpty());
        assertFalse(SchemaCheck.errors(audit.replace("epochs: 30", "epochs: [30, 40]")).isEmpty());
        // What validate refuses in one field beyond types and ranges: a trial count not a multiple of 4,
        // a name that is not a folder.
        assertFalse(SchemaCheck.errors(audit.replace("trials: 100", "trials: 102")).isEmpty());
        assertFalse(SchemaCheck.errors(audit.replace("name: t", "name: ..")).isEmpty());
        assertFalse(SchemaCheck.errors(audit.replace("name: t", "name: .")).isEmpty());
        assertTrue(SchemaCheck.errors(audit.replace("name: t", "name: .t")).isEmpty());
        String mtl = "name: t\ntask: { type: multitask-regression, tasks: 20, samplesPerTask: 10, dimension: 4, structure: [low-rank] }\n"
                + "audits: [ { algorithm: mp-mtl-low-rank, epsilon: 1, delta: 0, lambda: 3, trials: 100 } ]\n";
        ScenarioParser.parse(mtl, "t.yaml");
        assertTrue(SchemaCheck.errors(mtl).isEmpty(), SchemaCheck.errors(mtl).toString());
        assertFalse(SchemaCheck.errors(mtl.replace("lambda: 3", "lambda: [3, 10]")).isEmpty());
    }

    /** Scenarios validate accepts pass the schema; the same with one rule broken fail both. */
    /**
     * {@code accepted} passes validate and the schema; each {@code (from, to)} pair of {@code edits} makes
     * a variant that breaks one rule, which both refuse.
     */
    private static void agree(String accepted, String... edits) {
        ScenarioParser.parse(accepted, "t.yaml");
        assertTrue(SchemaCheck.errors(accepted).isEmpty(), accepted + SchemaCheck.errors(accepted));
        for (int i = 0; i < edits.length; i += 2) {
            String refused = accepted.replace(edits[i], edits[i + 1]);
            assertThrows(ScenarioException.class, () -> ScenarioParser.parse(refused, "t.yaml"), refused);
            assertFalse(SchemaCheck.errors(refused).isEmpty(), "the schema accepts " + refused);
        }
    }

    @Test
    void rulesBetweenFieldsWithFixedValuesAreInTheSchema() {
        String task = "name: t\ntask: { type: low-rank-regression, users: 100, samplesPerUser: 8, dimension: 6, rank: 2,"
                + " labelNoise: 0.1 }\n";
        String kronecker = task + "experiments: [ { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-6, uStep: kronecker,"
                + " clipMoment: 2 } ]\n";
        agree(kronecker, "uStep: kronecker, ", "", "kronecker", "full");
        String batches = task + "experiments: [ { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-6,"
                + " participation: disjoint-batches, rounds: 3 } ]\n";
        agree(batches, "participation: disjoint-batches, ", "", "rounds: 3", "epochs: 3");
        String mtl = "name: t\ntask: { type: multitask-regression, tasks: 20, samplesPerTask: 10, dimension: 4,"
                + " structure: [low-rank], taskRank: 2 }\n";
        String gaussian = mtl + "experiments: [ { algorithm: mp-mtl-low-rank, epsilon: 1, delta: 1.0e-5,"
                + " covarianceNoise: gaussian, calibration: tight } ]\n";
        agree(gaussian, "covarianceNoise: gaussian, ", "", "delta: 1.0e-5", "delta: 0",
                "structure: [low-rank]", "structure: [group-sparse]");
        String audit = mtl + "audits: [ { algorithm: mp-mtl-low-rank, epsilon: 1, delta: 1.0e-5, lambda: 3, trials: 100,"
                + " covarianceNoise: gaussian, threatModel: white-box, method: gaussian-dp } ]\n";
        agree(audit, "covarianceNoise: gaussian, ", "", "white-box", "billboard");
        String indexed = "name: t\ntask: { type: indexed-mean, dimension: 30, persons: 30 }\naudits: [ { algorithm:"
                + " indexed-mean-billboard, epsilon: 0.5, delta: 1.0e-5, trials: 200, adversary: tracing } ]\n";
        agree(indexed, "indexed-mean-billboard", "indexed-mean-jdp",
                "adversary: tracing", "adversary: tracing, threatModel: jdp");
        String nonprivate = indexed.replace("indexed-mean-billboard", "indexed-mean-nonprivate")
                .replace("adversary: tracing", "threatModel: billboard, method: clopper-pearson");
        agree(nonprivate, "clopper-pearson", "gaussian-dp-auc", "threatModel: billboard, ", "",
                "clopper-pearson", "clopper-pearson, inject: { noiseMultiplier: 0.5 }");
        // the algorithms a task's type runs, for experiments and for audits on the scenario's task or their own
        String mean = "name: t\ntask: { type: indexed-mean, dimension: 30, persons: 30 }\n";
        String jdp = mean + "experiments: [ { algorithm: indexed-mean-jdp, epsilon: 1, delta: 1.0e-5 } ]\n";
        agree(jdp, "indexed-mean-jdp, epsilon: 1, delta: 1.0e-5", "own-data");
        String onScenarioTask = mean + "audits: [ { algorithm: indexed-mean-jdp, epsilon: 0.5, delta: 1.0e-5,"
                + " trials: 200 } ]\n";
        agree(onScenarioTask, mean, task);
        String own = indexed.replace("adversary: tracing", "task: { type: indexed-sign, dimension: 30, persons: 30 }");
        agree(own, "type: indexed-sign, dimension: 30, persons: 30",
                "type: low-rank-regression, users: 100, samplesPerUser: 8, dimension: 6, rank: 2, labelNoise: 0.1");
    }
}
