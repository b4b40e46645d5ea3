package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Validates documents against the generated scenario schema ({@link ScenarioSchema#json}) with an
 * independent implementation of JSON Schema 2020-12 (networknt), for the schema tests and for the
 * parser tests' malformed scenarios.
 */
final class SchemaCheck {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Schema SCENARIO = REGISTRY.getSchema(ScenarioSchema.text(), InputFormat.JSON);
    private static final ObjectMapper YAML = new YAMLMapper();

    /**
     * Reasons the schema states per field (a type, a range, a choice, a required or unknown field, a
     * field the algorithm does not use, an empty list); a scenario refused for one of them must fail
     * the schema too. The other reasons are rules between fields or about data files.
     */
    private static final Pattern PER_FIELD = Pattern.compile("required field missing|unknown field[ ;].*"
            + "|expected (an integer|a number|a string|a list|a mapping|true or false), got .*"
            + "|unknown value .*|not used by [a-z0-9-]+|must not be empty"
            + "|must be [≥≤<>] -?[0-9.eE+-]+, got .*|must be a finite number, got .*"
            + "|must fit in a signed 64-bit integer, got .*|must be > 0, got .*");

    private SchemaCheck() {}

    /** The schema's errors for the document {@code yaml} (YAML or JSON text). */
    static List<Error> errors(String yaml) {
        JsonNode tree;
        try {
            tree = YAML.readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return SCENARIO.validate(tree.toString(), InputFormat.JSON);
    }

    /** The meta-schema's errors for the generated schema. */
    static List<Error> metaErrors() {
        Schema meta = REGISTRY.getSchema(SchemaLocation.of(ScenarioSchema.DIALECT));
        return meta.validate(ScenarioSchema.text(), InputFormat.JSON);
    }

    /**
     * When the parser refused {@code yaml} with {@code found} and one of those reasons is a per-field
     * one, asserts that the schema refuses it too.
     */
    static void assertSchemaAgrees(String yaml, List<FieldError> found) {
        List<FieldError> perField = found.stream().filter(e -> PER_FIELD.matcher(e.reason()).matches()).toList();
        if (!perField.isEmpty() && !yaml.contains("\t")) {
            assertFalse(errors(yaml).isEmpty(), "the schema accepts a scenario validate refuses with " + perField
                    + ":\n" + yaml);
        }
    }
}
