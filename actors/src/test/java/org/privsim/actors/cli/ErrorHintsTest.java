package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors that suggest the fix (issue 45): each near miss of a new user prints one line saying what
 * was meant, a file that is not a scenario is never quoted, and counts agree with their nouns.
 */
class ErrorHintsTest {
    private static final String SCENARIO = """
            name: s
            seed: 1
            task:
              type: low-rank-regression
              users: 40
              samplesPerUser: 6
              dimension: 3
              rank: 1
              labelNoise: 0.1
            experiments:
              - { algorithm: priv-altmin, epsilon: [1], delta: 1.0e-5, epochs: 1 }
            """;

    @TempDir
    Path dir;

    private List<String> validate(String text) throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), text);
        CliCall r = CliCall.of("validate", file.toString());
        assertEquals(2, r.code(), r.all());
        assertEquals("", r.out());
        return r.err().lines().toList();
    }

    @Test
    void eachNearMissPrintsOneLineWithTheFix() throws Exception {
        assertEquals(List.of("error: experiments[0].epsilion: unknown field; did you mean epsilon?"),
                validate(SCENARIO.replace("epsilon:", "epsilion:")));
        assertEquals(List.of("error: experiments[0].algorithm: unknown value \"priv-altmn\"; did you mean priv-altmin?"),
                validate(SCENARIO.replace("priv-altmin", "priv-altmn")));
        assertEquals(List.of("error: task.type: unknown value \"low-rank-regresion\"; did you mean low-rank-regression?"),
                validate(SCENARIO.replace("low-rank-regression", "low-rank-regresion")));
        assertEquals(List.of("error: " + dir.resolve("s.yaml") + ": line 6, column 2: this line is not indented like"
                        + " the lines above it; the fields of one mapping, and the items (-) of one list, must start in"
                        + " the same column"),
                validate(SCENARIO.replace("  samplesPerUser", " samplesPerUser")));
        assertEquals(List.of("error: experiment: unknown field; did you mean experiments?"),
                validate(SCENARIO.replace("experiments:", "experiment:")));
    }

    @Test
    void anUnknownFieldListsOnlyItsAlgorithmsFields() throws Exception {
        List<String> lines = validate(SCENARIO.replace("epochs: 1", "epochs: 1, frobnicate: 2"));
        assertEquals(1, lines.size(), lines.toString());
        assertFalse(lines.get(0).contains("noiseMultiplier"), lines.get(0));
        assertEquals(true, lines.get(0).startsWith("error: experiments[0].frobnicate: unknown field (priv-altmin reads:"
                + " algorithm, epsilon, delta,"), lines.get(0));
    }

    @Test
    void filesThatAreNotScenariosAreNeverQuoted() throws Exception {
        CliCall passwd = CliCall.of("validate", "/etc/passwd");
        assertEquals(2, passwd.code());
        assertEquals(List.of("error: /etc/passwd: expected a mapping at the top level, got text (is it a scenario file?)"),
                passwd.err().lines().toList());
        for (String text : List.of("SECRET-42 = {\n  value: [\n", "SECRET-42: a: b\n", "\"SECRET-42\n",
                "key: SECRET-42\n\tother: 1\n", "{\"SECRET-42\": secret-42}")) {
            Path file = Files.writeString(dir.resolve(text.startsWith("{") ? "c.json" : "c.conf"), text);
            CliCall r = CliCall.of("validate", file.toString());
            assertEquals(2, r.code(), r.all());
            assertEquals(1, r.err().lines().count(), r.err());
            assertFalse(r.err().toLowerCase().contains("secret"), r.err());
            assertFalse(r.err().contains("<block") || r.err().contains("expected <"), r.err());
        }
    }

    @Test
    void countsAgreeWithTheirNouns() throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), SCENARIO);
        CliCall r = CliCall.of("validate", file.toString());
        assertEquals(0, r.code(), r.all());
        assertEquals(file + ": valid (low-rank-regression task, 1 experiment, 0 audits)", r.out().strip().lines().findFirst().orElseThrow());
    }
}
