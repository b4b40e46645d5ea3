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
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Turns the text of one YAML or JSON document into a Jackson tree.
 *
 * <p>Sources whose name ends in {@code .json} are read as JSON (exact JSON errors, tabs allowed);
 * everything else as YAML, which also accepts most JSON. Guarantees: the result is a non-missing
 * node; otherwise a {@link ScenarioException} with one {@link FieldError} at the source name is
 * thrown — for a syntax error, a duplicated key, an empty source or a second document — whose
 * reason is one line and, when the parser knows it, starts with {@code syntax error at line L,
 * column C}.
 */
final class DocumentReader {

    private static final ObjectMapper YAML =
            YAMLMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final ObjectMapper JSON =
            JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private DocumentReader() {}

    /** The tree of {@code text}, which came from {@code sourceName}. */
    static JsonNode read(String text, String sourceName) {
        ObjectMapper mapper = sourceName.toLowerCase(Locale.ROOT).endsWith(".json") ? JSON : YAML;
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
            throw new ScenarioException(sourceName, "syntax error" + lineAndColumn(e.getLocation())
                    + ": " + firstLines(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new UncheckedIOException("reading from a string failed", e);
        }
    }

    private static String lineOf(JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? "" : " at line " + location.getLineNr();
    }

    private static String lineAndColumn(JsonLocation location) {
        return location == null || location.getLineNr() < 1
                ? ""
                : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    /**
     * The parser's own words without its source excerpt: YAML errors span several lines, of which
     * only those starting at column 0 describe the problem (the rest quote the input and mark it).
     */
    private static String firstLines(String message) {
        String summary = Arrays.stream(message.split("\n"))
                .filter(line -> !line.isBlank() && !Character.isWhitespace(line.charAt(0)))
                .collect(Collectors.joining("; "));
        return summary.isEmpty() ? message.strip() : summary;
    }
}
