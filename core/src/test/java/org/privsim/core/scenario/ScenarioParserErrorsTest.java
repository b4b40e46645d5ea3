package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioParserErrorsTest {

    private static final String TASK =
            "task: { type: low-rank-regression, users: 2000, samplesPerUser: 8, dimension: 20, rank: 2, labelNoise: 0.01 }\n";
    private static final String PRIV = "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-6";

    /** The errors of {@code yaml}, which must be rejected. */
    private static List<FieldError> errors(String yaml) {
        List<FieldError> errors =
                assertThrows(ScenarioException.class, () -> ScenarioParser.parse(yaml, "test.yaml")).errors();
        SchemaCheck.assertSchemaAgrees(yaml, errors);
        return errors;
    }

    /** A scenario named t with the standard task and these experiment lines. */
    private static String withExperiments(String... experiments) {
        StringBuilder yaml = new StringBuilder("name: t\n" + TASK + "experiments:\n");
        for (String e : experiments) {
            yaml.append("  - { ").append(e).append(" }\n");
        }
        return yaml.toString();
    }

    /** A scenario named t with the task's fields replaced by {@code task} and one own-data experiment. */
    private static String withTask(String task) {
        return "name: t\ntask: { " + task + " }\nexperiments: [ { algorithm: own-data } ]\n";
    }

    private static void assertSingleError(String yaml, String path, String reason) {
        assertEquals(List.of(new FieldError(path, reason)), errors(yaml));
    }

    @Test
    void missingRequiredFields() {
        assertSingleError(withTask("type: low-rank-regression, samplesPerUser: 8, dimension: 20, rank: 2, labelNoise: 0"),
                "task.users", "required field missing");
        assertSingleError(withExperiments("algorithm: priv-altmin, delta: 1.0e-6"),
                "experiments[0].epsilon", "required field missing");
        assertSingleError(withExperiments("epsilon: 1"), "experiments[0].algorithm", "required field missing");
        assertEquals(List.of(new FieldError("name", "required field missing"),
                        new FieldError("task", "required field missing"),
                        new FieldError("experiments", "required field missing")),
                errors("seed: 1\n"));
    }

    @Test
    void wrongTypesSayWhatWasFound() {
        String task = "type: low-rank-regression, samplesPerUser: 8, dimension: 20, rank: 2, labelNoise: 0, users: ";
        assertSingleError(withTask(task + "abc"), "task.users", "expected an integer, got \"abc\"");
        assertSingleError(withTask(task + "\"2000\""), "task.users", "expected an integer, got \"2000\"");
        assertSingleError(withTask(task + "2.5"), "task.users", "expected an integer, got 2.5");
        assertSingleError(withTask(task + "[1]"), "task.users", "expected an integer, got a list");
        assertSingleError(withTask(task + "null"), "task.users", "expected an integer, got null");
        assertEquals(2000, ScenarioParser.parse(withTask(task + "2000.0"), "t.yaml").lowRankTask().users());

        assertSingleError(withExperiments(PRIV + ", clipLabel: true"),
                "experiments[0].clipLabel", "expected a number, got true");
        assertSingleError(withExperiments("algorithm: priv-altmin, epsilon: [1, two], delta: 1.0e-6"),
                "experiments[0].epsilon[1]", "expected a number, got \"two\"");
        assertSingleError("name: t\n" + TASK + "experiments: { algorithm: own-data }\n",
                "experiments", "expected a list, got a mapping");
        assertSingleError("name: t\n" + TASK + "experiments: [ own-data ]\n",
                "experiments[0]", "expected a mapping, got \"own-data\"");
        assertSingleError("name: 12\n" + TASK + "experiments: [ { algorithm: own-data } ]\n",
                "name", "expected a string, got 12");
        assertSingleError("name: t\nseed: 1.5\n" + TASK + "experiments: [ { algorithm: own-data } ]\n",
                "seed", "expected an integer, got 1.5");
        assertSingleError("name: t\nseed: 9223372036854775808\n" + TASK + "experiments: [ { algorithm: own-data } ]\n",
                "seed", "must fit in a signed 64-bit integer, got 9223372036854775808");
    }

    @Test
    void outOfRangeValues() {
        String task = "type: low-rank-regression, samplesPerUser: 8, rank: 1, labelNoise: 0, ";
        assertSingleError(withTask(task + "dimension: 20, users: 1"), "task.users", "must be ≥ 2, got 1");
        assertSingleError(withTask(task + "dimension: 20, users: 10000001"),
                "task.users", "must be ≤ 10000000, got 10000001");
        // 0.10 GB base + 10 users' data (1.4 MB) + curator 4·(2001²·8 B) + 2001·2002/2·8 B = 0.14 GB → 0.2 GB
        assertSingleError(withTask(task + "users: 10, dimension: 2001"), "task.dimension",
                "must be ≤ 2000, got 2001 (at this dimension the users' data and the curator's dk×dk matrices alone"
                        + " need about 0.2 GB of heap)");
        // curator 4·(dk)²·8 B = 320 GB with dk = 10⁵, plus k(k+1)/2 = 15 packed d×d blocks, 24 GB
        assertSingleError(withTask("type: low-rank-regression, samplesPerUser: 8, rank: 5, labelNoise: 0, users: 10,"
                + " dimension: 20000"), "task.dimension", "must be ≤ 2000, got 20000 (at this dimension the users' data"
                + " and the curator's dk×dk matrices alone need about 344.1 GB of heap)");
        assertSingleError(withExperiments("algorithm: priv-altmin, epsilon: [1, -1], delta: 1.0e-6"),
                "experiments[0].epsilon[1]", "must be > 0, got -1");
        assertSingleError(withExperiments("algorithm: priv-altmin, epsilon: 1, delta: 1"),
                "experiments[0].delta", "must be ≤ 0.1, got 1");
        assertSingleError(withExperiments(PRIV + ", epochs: [5, 0]"), "experiments[0].epochs[1]", "must be ≥ 1, got 0");
        assertSingleError(withExperiments("algorithm: priv-altmin, delta: 1.0e-5, epsilon: 1e400"),
                "experiments[0].epsilon", "must be a finite number, got Infinity");
        assertSingleError(withExperiments("algorithm: own-data, ridge: -0.5"),
                "experiments[0].ridge", "must be ≥ 0, got -0.5");
        assertSingleError("name: t\n" + TASK + "aggregation: { rangeSize: 0 }\nexperiments: [ { algorithm: own-data } ]\n",
                "aggregation.rangeSize", "must be ≥ 1, got 0");
    }

    @Test
    void unknownFields() {
        assertSingleError(withExperiments("algorithm: priv-altmin, epsilonn: 1, delta: 1.0e-6"),
                "experiments[0].epsilonn", "unknown field; did you mean epsilon?");
        assertSingleError(withExperiments("algorithm: priv-altmin, epsilon: 1, delta: 1.0e-6, frobnicate: 1"),
                "experiments[0].frobnicate", "unknown field (priv-altmin reads: " + String.join(", ",
                        ScenarioFields.namesOf(ScenarioFields.usedBy(ScenarioFields.experiment(), Algorithm.PRIV_ALTMIN)))
                        + ")");
        assertSingleError(withExperiments("algoritm: own-data"), "experiments[0].algoritm",
                "unknown field; did you mean algorithm?");
        assertSingleError("name: t\n" + TASK + "audits:\n  - { algoritm: priv-altmin, epsilon: 1, delta: 1.0e-5,"
                + " trials: 40 }\n", "audits[0].algoritm", "unknown field; did you mean algorithm?");
        assertSingleError(withExperiments("algorithm: own-data, epsilion: 1"), "experiments[0].epsilion",
                "unknown field; did you mean epsilon?");
        assertSingleError("name: t\nsed: 3\n" + TASK + "experiments: [ { algorithm: own-data } ]\n",
                "sed", "unknown field; did you mean seed?");
        assertSingleError("name: t\n" + TASK + "experiment: [ { algorithm: own-data } ]\n",
                "experiment", "unknown field; did you mean experiments?");
        assertSingleError(withTask("type: low-rank-regression, users: 10, samplesPerUser: 8, dimension: 20, "
                        + "rank: 2, labelNoise: 0, noise: 1"),
                "task.noise", "unknown field (expected one of: type, users, samplesPerUser, dimension, rank, labelNoise, population)");
        assertSingleError("name: t\n" + TASK + "aggregation: { size: 3 }\nexperiments: [ { algorithm: own-data } ]\n",
                "aggregation.size", "unknown field (expected one of: rangeSize)");
    }

    @Test
    void nearMissesSuggestTheNearestName() {
        assertSingleError(withExperiments("algorithm: priv-altmn"),
                "experiments[0].algorithm", "unknown value \"priv-altmn\"; did you mean priv-altmin?");
        assertSingleError(withTask("type: low-rank-regresion, users: 10"),
                "task.type", "unknown value \"low-rank-regresion\"; did you mean low-rank-regression?");
        assertSingleError(withExperiments(PRIV + ", calibration: tihgt"),
                "experiments[0].calibration", "unknown value \"tihgt\"; did you mean tight?");
        assertEquals(1, Spelling.distance("epsilon", "epsilion"));
        assertEquals(1, Spelling.distance("tight", "tihgt"));
        assertEquals(java.util.Optional.empty(), Spelling.nearest("prv", List.of("rdp", "pld")));
    }

    @Test
    void unknownChoices() {
        assertSingleError(withExperiments(PRIV + ", calibration: loose"),
                "experiments[0].calibration", "unknown value \"loose\" (expected one of: paper, tight, gdp)");
        assertSingleError(withExperiments("algorithm: altmin"),
                "experiments[0].algorithm", "unknown value \"altmin\" (expected one of: " + Algorithm.ids() + ")");
        assertSingleError(withExperiments("algorithm: non-private-altmin, participation: all"),
                "experiments[0].participation", "unknown value \"all\" (expected one of: epochs, disjoint-batches)");
        assertSingleError(withExperiments("algorithm: non-private-altmin, split: halves"),
                "experiments[0].split", "unknown value \"halves\" (expected one of: paper, reuse)");
        assertSingleError(withTask("type: mean, users: 10"),
                "task.type", "unknown value \"mean\" (expected one of: low-rank-regression, indexed-mean, indexed-sign, multitask-regression, transfer-regression, ratings, dataset)");
    }

    @Test
    void fieldsNotUsedByTheAlgorithm() {
        assertSingleError(withExperiments("algorithm: own-data", "algorithm: non-private-altmin, epsilon: [1, 2]"),
                "experiments[1].epsilon", "not used by non-private-altmin");
        assertSingleError(withExperiments("algorithm: own-data, epochs: 3"), "experiments[0].epochs", "not used by own-data");
        assertSingleError(withExperiments("algorithm: single-model-dp, epsilon: 1, delta: 0.1, initBudgetFraction: 0.3"),
                "experiments[0].initBudgetFraction", "not used by single-model-dp");
        assertSingleError(withExperiments(PRIV + ", tolerance: 0.1"), "experiments[0].tolerance", "not used by priv-altmin");
        assertSingleError(withExperiments("algorithm: non-private-altmin, uStep: kronecker"),
                "experiments[0].uStep", "not used by non-private-altmin");
    }

    @Test
    void kroneckerFieldsAreCheckedAgainstTheUStep() {
        assertSingleError(withExperiments(PRIV + ", uStep: diagonal"),
                "experiments[0].uStep", "unknown value \"diagonal\" (expected one of: full, kronecker)");
        assertSingleError(withExperiments(PRIV + ", featureCovariance: identity"), "experiments[0].featureCovariance",
                "only used with uStep kronecker (the full U-step releases A itself)");
        assertSingleError(withExperiments(PRIV + ", uStep: kronecker, featureCovariance: sample"),
                "experiments[0].featureCovariance", "unknown value \"sample\" (expected one of: identity, private)");
        assertSingleError(withExperiments(PRIV + ", uStep: kronecker, featureCovariance: identity, clipFeature: 2"),
                "experiments[0].clipFeature", "only used with featureCovariance private");
        assertSingleError(withExperiments(PRIV + ", clipFeature: 2"),
                "experiments[0].clipFeature", "only used with featureCovariance private");
        assertSingleError(withExperiments(PRIV + ", uStep: kronecker, clipFeature: -1"),
                "experiments[0].clipFeature", "must be > 0, got -1");
        assertSingleError(withExperiments(PRIV + ", uStep: kronecker, featureBudgetFraction: 1"),
                "experiments[0].featureBudgetFraction", "must be < 1, got 1");
        assertSingleError(withExperiments(PRIV + ", uStep: kronecker, initBudgetFraction: 0.5, featureBudgetFraction: 0.5"),
                "experiments[0].featureBudgetFraction", "initBudgetFraction + featureBudgetFraction must be < 1 (the "
                        + "rounds need a share), got 0.5 + 0.5");
        assertSingleError(withExperiments(PRIV + ", uStep: kronecker, roundBudgetSplit: 0.5"),
                "experiments[0].roundBudgetSplit", "only used with uStep full (kronecker releases only b)");
        assertSingleError(withExperiments(PRIV + ", roundBudgetSplit: 0"),
                "experiments[0].roundBudgetSplit", "must be > 0, got 0");
        assertSingleError(withExperiments(PRIV + ", clipMoment: 3"),
                "experiments[0].clipMoment", "only used with uStep kronecker");
        assertSingleError(withExperiments(PRIV + ", uStep: kronecker, clipMoment: 0"),
                "experiments[0].clipMoment", "must be > 0, got 0");
        assertSingleError(withExperiments(PRIV + ", repeats: 0"), "experiments[0].repeats", "must be ≥ 1, got 0");
        assertSingleError(withExperiments("algorithm: own-data, repeats: 1001"),
                "experiments[0].repeats", "must be ≤ 1000, got 1001");
    }

    @Test
    void rankAboveDimension() {
        assertSingleError(withTask("type: low-rank-regression, users: 10, samplesPerUser: 8, dimension: 20, rank: 21, "
                + "labelNoise: 0"), "task.rank", "must be ≤ dimension (20), got 21");
    }

    @Test
    void paperSplitNeedsQuarters() {
        String yaml = "name: t\ntask: { type: low-rank-regression, users: 100, samplesPerUser: 10, dimension: 20, "
                + "rank: 2, labelNoise: 0.01 }\nexperiments: [ { " + PRIV + ", split: paper } ]\n";
        assertSingleError(yaml, "experiments[0].split", "paper split needs samplesPerUser divisible by 4 (got 10)");
    }

    @Test
    void duplicateListValues() {
        assertSingleError(withExperiments("algorithm: priv-altmin, epsilon: [1, 2, 1.0], delta: 1.0e-6"),
                "experiments[0].epsilon[2]", "duplicate of experiments[0].epsilon[0]");
        assertSingleError(withExperiments(PRIV + ", epochs: [3, 3]"),
                "experiments[0].epochs[1]", "duplicate of experiments[0].epochs[0]");
        assertSingleError(withExperiments("algorithm: priv-altmin, epsilon: [], delta: 1.0e-6"),
                "experiments[0].epsilon", "must not be empty");
    }

    @Test
    void participationRules() {
        assertSingleError(withExperiments(PRIV + ", rounds: 3"),
                "experiments[0].rounds", "not used with participation epochs (only with disjoint-batches)");
        assertSingleError(withExperiments(PRIV + ", participation: epochs, rounds: 3"),
                "experiments[0].rounds", "not used with participation epochs (only with disjoint-batches)");
        assertSingleError(withExperiments(PRIV + ", participation: disjoint-batches, epochs: 3"),
                "experiments[0].epochs", "not used with participation disjoint-batches; use rounds");
        assertSingleError(withExperiments(PRIV + ", participation: disjoint-batches, rounds: 2001"),
                "experiments[0].rounds", "must be ≤ task.users (2000), got 2001");
        assertSingleError(withExperiments("algorithm: non-private-altmin, epochs: [10, 20]"), "experiments[0].epochs",
                "must be a single integer for non-private-altmin (the epoch cap), got a list");
        assertSingleError("name: t\ntask: { type: low-rank-regression, users: 3, samplesPerUser: 8, dimension: 2, "
                        + "rank: 1, labelNoise: 0 }\nexperiments: [ { algorithm: non-private-altmin, "
                        + "participation: disjoint-batches } ]\n",
                "experiments[0].rounds", "the default 5 must be ≤ task.users (3); set rounds");
    }

    @Test
    void invalidNames() {
        String rest = TASK + "experiments: [ { algorithm: own-data } ]\n";
        assertSingleError("name: my demo\n" + rest, "name", "must be non-empty and use only letters, digits, '.', "
                + "'_' and '-' (it names the output folder), got \"my demo\"");
        assertSingleError("name: ''\n" + rest, "name", "must be non-empty and use only letters, digits, '.', "
                + "'_' and '-' (it names the output folder), got \"\"");
        assertSingleError("name: ..\n" + rest, "name", "must not be \".\" or \"..\" (it names the output folder)");
    }

    @Test
    void yamlSyntaxErrorNamesTheSourceAndLine() {
        List<FieldError> errors = assertThrows(ScenarioException.class,
                () -> ScenarioParser.parse("name: t\nseed: 1\n  task: x\n", "broken.yaml")).errors();
        assertEquals(1, errors.size());
        assertEquals("broken.yaml", errors.get(0).path());
        assertEquals("line 3, column 7: a ':' where none may be; this line is indented deeper than the field above it,"
                + " or a value holds ': ' (then put the value in quotes)", errors.get(0).reason());
    }

    @Test
    void yamlSlipsAreNamedInPlainWordsAtTheLineToEdit() {
        String[][] cases = {
            {"name: t\ntask:\n  type: x\n users: 4\n", "line 4, column 2: this line is not indented like the lines above it"},
            {"name: t\n\tseed: 1\n", "line 2, column 1: a tab character; YAML indents with spaces only"},
            {"name: \"t\nseed: 1\n", "line 1, column 7: a quote opened here is never closed"},
            {"name: t\nseed 1\ntask: 2\n", "line 2, column 1: a field without a ':'"},
            {"name: t\ntask: { type: x, users: 4\nseed: 1\n", "line 2, column 7: a { } mapping or [ ] list opened here"},
            {"name: t\nexperiments:\n  - a\n  b: 3\n", "line 4, column 3: this line is not indented like"},
            {"name: @secret\n", "line 1, column 7: a value cannot start with this character; put the value in quotes"},
        };
        for (String[] c : cases) {
            FieldError error = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(c[0], "s.yaml"))
                    .errors().get(0);
            assertTrue(error.reason().startsWith(c[1]), c[0] + " gave " + error.reason());
            assertFalse(error.reason().contains("<") || error.reason().contains("secret"), error.reason());
        }
    }

    @Test
    void documentLevelProblems() {
        assertSingleError("name: t\nname: u\n", "test.yaml", "line 2, column 5: the field name appears twice in one mapping");
        assertSingleError("", "test.yaml", "the document is empty");
        assertSingleError("- 1\n- 2\n", "test.yaml", "expected a mapping at the top level, got a list");
        assertSingleError("name: t\n---\nname: u\n", "test.yaml", "only one document is allowed, found another at line 3");
        FieldError json = assertThrows(ScenarioException.class, () -> ScenarioParser.parse("{\"name\": }", "s.json"))
                .errors().get(0);
        assertEquals("s.json", json.path());
        assertTrue(json.reason().startsWith("line 1, column 10: not valid JSON; "), json.reason());
    }

    @Test
    void missingFile(@TempDir Path dir) {
        Path file = dir.resolve("absent.yaml");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(file));
        assertEquals(List.of(new FieldError(file.toString(), "cannot read file: no such file")), e.errors());
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        String yaml = """
                name: bad name
                seed: x
                task: { type: low-rank-regression, users: 1, samplesPerUser: 8, dimension: 20, rank: 30, labelNoise: -1 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [1, 1], delta: 2, epsilonn: 3 }
                  - { algorithm: own-data, epsilon: 1 }
                  - { algorithm: nope }
                """;
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(yaml, "multi.yaml"));

        assertEquals(List.of(
                        "name",
                        "seed",
                        "task.users",
                        "task.labelNoise",
                        "task.rank",
                        "experiments[0].epsilonn",
                        "experiments[0].epsilon[1]",
                        "experiments[0].delta",
                        "experiments[1].epsilon",
                        "experiments[2].algorithm"),
                e.errors().stream().map(FieldError::path).toList());
        String[] lines = e.getMessage().split("\n");
        assertEquals(10, lines.length);
        assertEquals("error: seed: expected an integer, got \"x\"", lines[1]);
        assertEquals("error: task.rank: must be ≤ dimension (20), got 30", lines[4]);
    }
}
