package org.privsim.core.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Turns the text of one YAML or JSON document into a Jackson tree.
 *
 * <p>Sources whose name ends in {@code .json} are read as JSON (exact JSON errors, tabs allowed);
 * everything else as YAML, which also accepts most JSON. Guarantees: the result is a non-missing
 * node; otherwise a {@link ScenarioException} with one {@link FieldError} at the source name is
 * thrown — for a syntax error, a duplicated key, an empty source or a second document — whose
 * reason is one line in plain words: {@code line L[, column C]: <what is wrong>; <how to fix it>}.
 * A syntax error's reason never quotes the text of the source (which may be a file that is not a
 * scenario at all) and never the parser's grammar terms ({@code <block end>}, {@code <block mapping
 * start>}); the line is the one to edit (an unclosed quote or bracket: the line that opened it).
 */
final class DocumentReader {

    private static final ObjectMapper YAML =
            YAMLMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final ObjectMapper JSON =
            JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '([^']*)'");

    private DocumentReader() {}

    /** The tree of {@code text}, which came from {@code sourceName}. */
    static JsonNode read(String text, String sourceName) {
        boolean json = sourceName.toLowerCase(Locale.ROOT).endsWith(".json");
        ObjectMapper mapper = json ? JSON : YAML;
        try (JsonParser parser = mapper.createParser(text)) {
            JsonNode root = mapper.readTree(parser);
            if (root == null || root.isMissingNode()) {
                throw new ScenarioException(sourceName, "the document is empty");
            }
            if (parser.nextToken() != null) {
                throw new ScenarioException(sourceName, "only one document is allowed, found another"
                        + lineOf(parser.currentTokenLocation()));
            }
            return root;
        } catch (JsonProcessingException e) {
            throw new ScenarioException(sourceName, e.getCause() instanceof MarkedYAMLException yaml
                    ? yamlProblem(yaml) : jsonProblem(e, json ? "JSON" : "YAML"));
        } catch (IOException e) {
            throw new UncheckedIOException("reading from a string failed", e);
        }
    }

    private static String lineOf(JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? "" : " at line " + location.getLineNr();
    }

    /** A YAML scanner's or parser's error in plain words, at the line to edit. */
    static String yamlProblem(MarkedYAMLException e) {
        String problem = String.valueOf(e.getProblem());
        String context = String.valueOf(e.getContext());
        String at = at(e.getProblemMark());
        String opened = e.getContextMark() == null ? at : at(e.getContextMark());
        if (problem.startsWith("expected <block end>")) {
            return at + ": this line is not indented like the lines above it; the fields of one mapping, and the"
                    + " items (-) of one list, must start in the same column";
        }
        if (problem.startsWith("mapping values are not allowed")) {
            return at + ": a ':' where none may be; this line is indented deeper than the field above it, or a"
                    + " value holds ': ' (then put the value in quotes)";
        }
        if (problem.contains("(TAB)")) {
            return at + ": a tab character; YAML indents with spaces only";
        }
        if (problem.contains("cannot start any token")) {
            return at + ": a value cannot start with this character; put the value in quotes";
        }
        if (problem.startsWith("could not find expected ':'")) {
            return opened + ": a field without a ':'; write it as 'field: value' (with a space after the colon)";
        }
        if (context.contains("quoted scalar") && problem.contains("end of stream")) {
            return opened + ": a quote opened here is never closed";
        }
        if (problem.contains("escape character")) {
            return at + ": an unknown escape (\\) in a double-quoted value; use single quotes, or write \\\\";
        }
        if (context.contains("flow mapping") || context.contains("flow sequence")) {
            return opened + ": a { } mapping or [ ] list opened here is not closed, or two of its entries lack a"
                    + " comma between them";
        }
        if (context.contains("block collection") || context.contains("block mapping")) {
            return at + ": this line does not fit the list or mapping above it; check its indentation and its '-'";
        }
        return at + ": not valid YAML here (" + (problem.matches("[\\w ,.()-]*") ? problem : "see the line") + ")";
    }

    /** A JSON (or JSON-level) syntax error in plain words, never quoting the source. */
    private static String jsonProblem(JsonProcessingException e, String language) {
        JsonLocation location = e.getLocation();
        String at = location == null || location.getLineNr() < 1 ? "syntax error"
                : "line " + location.getLineNr() + ", column " + location.getColumnNr();
        String message = String.valueOf(e.getOriginalMessage());
        Matcher duplicate = DUPLICATE.matcher(message);
        if (duplicate.find()) {
            return at + ": the field " + duplicate.group(1) + " appears twice in one mapping";
        }
        String hint = message.contains("double-quote to start field name")
                ? "a field name must be in double quotes (or a comma stands before a closing brace)"
                : message.contains("Unrecognized token") || message.contains("Unexpected character")
                ? "text values must be in double quotes, and entries separated by commas"
                : message.contains("end-of-input")
                ? "the text ends before every { and [ is closed"
                : message.contains("exceeds the maximum")
                ? "a number, a text or the nesting is larger than the parser allows"
                : "check the brackets, quotes and commas around it";
        return at + ": not valid " + language + "; " + hint;
    }

    /** {@code line L, column C} of a 0-based mark. */
    private static String at(Mark mark) {
        return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
    }
}
