package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * Every bundled scenario reads the same in a YAML 1.1 reader (PyYAML, SnakeYAML's resolver) and a
 * YAML 1.2 one (Jackson's scalar typing, the core schema): each plain scalar is typed by both
 * specifications' resolution rules, and a scalar that one reads as a number, a boolean or null and
 * the other as something else — {@code 1.0e40} (1.2: a float; 1.1: a string, the exponent has no
 * sign), {@code 1e-6} (1.1 wants a dot), {@code yes}, {@code 010} (1.1: octal 8), {@code 1_000} —
 * fails with its file, line and a spelling both read alike.
 */
class YamlSpellingTest {

    /** What a plain scalar resolves to. */
    enum Kind { NULL, BOOL, INT, OCTAL_OR_SEXAGESIMAL, FLOAT, STRING }

    /** YAML 1.2's core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution), tried in order. */
    private static final Map<Kind, Pattern> YAML_12 = resolution(
            Kind.NULL, "~|null|Null|NULL|",
            Kind.BOOL, "true|True|TRUE|false|False|FALSE",
            Kind.INT, "[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+",
            Kind.FLOAT, "[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");

    /** YAML 1.1's type repository (https://yaml.org/type/) as PyYAML and SnakeYAML resolve it, tried in order. */
    private static final Map<Kind, Pattern> YAML_11 = resolution(
            Kind.NULL, "~|null|Null|NULL|",
            Kind.BOOL, "yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF",
            Kind.OCTAL_OR_SEXAGESIMAL, "[-+]?0[0-7_]+|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+(\\.[0-9_]*)?",
            Kind.INT, "[-+]?(0|[1-9][0-9_]*)|[-+]?0b[01_]+|[-+]?0x[0-9a-fA-F_]+",
            // a dot is required, an exponent needs its sign, and "." alone is no number
            Kind.FLOAT, "[-+]?(?=[0-9._]*[0-9])([0-9][0-9_]*)?\\.[0-9_]*([eE][-+][0-9]+)?|[-+]?\\.(inf|Inf|INF)"
                    + "|\\.(nan|NaN|NAN)");

    private static Map<Kind, Pattern> resolution(Object... kindPattern) {
        Map<Kind, Pattern> rules = new LinkedHashMap<>();
        for (int i = 0; i < kindPattern.length; i += 2) {
            rules.put((Kind) kindPattern[i], Pattern.compile((String) kindPattern[i + 1]));
        }
        return rules;
    }

    /** What {@code plain} resolves to under {@code spec}: the first kind whose pattern matches it, else a string. */
    static Kind kind(Map<Kind, Pattern> spec, String plain) {
        return spec.entrySet().stream().filter(e -> e.getValue().matcher(plain).matches()).map(Map.Entry::getKey)
                .findFirst().orElse(Kind.STRING);
    }

    /** The plain scalars of {@code yaml} the two specifications type differently, as {@code line N: "x" (…)}. */
    static List<String> ambiguous(String yaml) {
        List<String> found = new ArrayList<>();
        for (Event e : new Yaml().parse(new StringReader(yaml))) {
            if (e instanceof ScalarEvent s && s.getScalarStyle() == ScalarStyle.PLAIN && s.getTag() == null) {
                String v = s.getValue();
                Kind old = kind(YAML_11, v);
                Kind now = kind(YAML_12, v);
                if (old != now) {
                    found.add("line " + (s.getStartMark().getLine() + 1) + ": \"" + v + "\" is " + name(old)
                            + " in YAML 1.1 but " + name(now) + " in YAML 1.2" + hint(v, now));
                }
            }
        }
        return found;
    }

    private static String name(Kind kind) {
        return switch (kind) {
            case NULL -> "null";
            case BOOL -> "a boolean";
            case INT -> "an integer";
            case OCTAL_OR_SEXAGESIMAL -> "an octal or base-60 integer";
            case FLOAT -> "a float";
            case STRING -> "a string";
        };
    }

    private static String hint(String v, Kind now) {
        return switch (now) {
            case FLOAT -> " (write a dot and a signed exponent, e.g. 1.0e+40, 1.0e-6)";
            case INT -> " (write it in decimal without leading zeros)";
            default -> " (quote it if a string is meant)";
        };
    }

    @Test
    void everyBundledScenarioReadsTheSameInYaml11AndYaml12() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path file : ScenarioSchemaTest.bundledScenarios()) {
            ambiguous(Files.readString(file)).forEach(p -> problems.add(file.getFileName() + " " + p));
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void numbersAndWordsOnlyOneSpecificationReadsAsSuchAreFlagged() {
        String doc = """
                a: 1.0e40
                b: 1e-6
                c: 1.5E+3
                d: 3
                e: 0.25
                f: 1.0e+40
                g: yes
                h: 010
                i: 1_000
                j: true
                k: "1.0e40"
                l: on
                m: .5
                n: 0o17
                o: .inf
                p: 1:20
                q: .
                """;
        List<String> found = ambiguous(doc);
        String aFloat = " (write a dot and a signed exponent, e.g. 1.0e+40, 1.0e-6)";
        String text = " (quote it if a string is meant)";
        String decimal = " (write it in decimal without leading zeros)";
        assertEquals(List.of(
                "line 1: \"1.0e40\" is a string in YAML 1.1 but a float in YAML 1.2" + aFloat,
                "line 2: \"1e-6\" is a string in YAML 1.1 but a float in YAML 1.2" + aFloat,
                "line 7: \"yes\" is a boolean in YAML 1.1 but a string in YAML 1.2" + text,
                "line 8: \"010\" is an octal or base-60 integer in YAML 1.1 but an integer in YAML 1.2" + decimal,
                "line 9: \"1_000\" is an integer in YAML 1.1 but a string in YAML 1.2" + text,
                "line 12: \"on\" is a boolean in YAML 1.1 but a string in YAML 1.2" + text,
                "line 14: \"0o17\" is a string in YAML 1.1 but an integer in YAML 1.2" + decimal,
                "line 16: \"1:20\" is an octal or base-60 integer in YAML 1.1 but a string in YAML 1.2" + text),
                found);
    }
}
