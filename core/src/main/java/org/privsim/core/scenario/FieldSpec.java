package org.privsim.core.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One scenario field declared once: its name, JSON type, whether it is required, its bounds or
 * choices, its default and its description. The readers ({@link TaskReader}, {@link ExperimentReader},
 * {@link AuditReader}, …) read a field through its spec ({@link FieldReader}'s spec overloads take
 * the presence, bounds and choices from here), and {@link ScenarioSchema} writes the same spec as a
 * JSON Schema property, so what is validated and what is published cannot drift apart.
 *
 * <p>Guarantee: {@link #schema} is a JSON Schema (draft 2020-12) subschema that accepts every value
 * the reader accepts for this field on its own (rules between fields are stated in the description
 * and checked only by the reader).
 *
 * @param name        the field's key
 * @param type        its JSON shape
 * @param isRequired  whether absence is an error
 * @param bounds      the interval of a numeric field (of every element of a list), else null
 * @param choices     the allowed strings of a choice field, else empty
 * @param defaultJson the default as a JSON value when it is a constant, else null
 * @param defaultText the default in words when it depends on other fields or the task, else null
 * @param description what the field means
 * @param custom      the schema of a {@link Type#CUSTOM} field, else null
 * @param multipleOf  what an integer field's value (every element's) must be a multiple of; 1 for any
 */
public record FieldSpec(String name, Type type, boolean isRequired, Bounds bounds, List<String> choices,
                 JsonNode defaultJson, String defaultText, String description, ObjectNode custom, int multipleOf) {

    /** The JSON shapes of scenario fields. */
    public enum Type {
        /** A string. */
        STRING,
        /** true or false. */
        BOOLEAN,
        /** An integer within bounds that fits in an int. */
        INTEGER,
        /** An integer that fits in a long. */
        LONG,
        /** A finite number within bounds. */
        NUMBER,
        /** One integer or a non-empty list of distinct ones. */
        INTEGERS,
        /** One number or a non-empty list of distinct ones. */
        NUMBERS,
        /** One of {@link #choices}. */
        CHOICE,
        /** One of {@link #choices} or a non-empty list of distinct ones. */
        CHOICES,
        /** A shape given by {@link #custom} (a mapping, a list of mappings, or a union). */
        CUSTOM
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    public FieldSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        choices = List.copyOf(choices);
        Objects.requireNonNull(description, "description");
    }

    /** An optional field of {@code type} without bounds, default or description yet. */
    private static FieldSpec of(String name, Type type, Bounds bounds, List<String> choices) {
        return new FieldSpec(name, type, false, bounds, choices, null, null, "", null, 1);
    }

    static FieldSpec string(String name) {
        return of(name, Type.STRING, null, List.of());
    }

    static FieldSpec bool(String name) {
        return of(name, Type.BOOLEAN, null, List.of());
    }

    static FieldSpec integer(String name, Bounds bounds) {
        return of(name, Type.INTEGER, bounds, List.of());
    }

    static FieldSpec wholeNumber(String name) {
        return of(name, Type.LONG, null, List.of());
    }

    static FieldSpec number(String name, Bounds bounds) {
        return of(name, Type.NUMBER, bounds, List.of());
    }

    static FieldSpec integers(String name, Bounds bounds) {
        return of(name, Type.INTEGERS, bounds, List.of());
    }

    static FieldSpec numbers(String name, Bounds bounds) {
        return of(name, Type.NUMBERS, bounds, List.of());
    }

    /** A choice among {@code options}, written as their ids. */
    @SafeVarargs
    static <E> FieldSpec choice(String name, Function<E, String> id, E... options) {
        return of(name, Type.CHOICE, null, Arrays.stream(options).map(id).toList());
    }

    /** One or several of {@code options}, written as their ids. */
    @SafeVarargs
    static <E> FieldSpec choices(String name, Function<E, String> id, E... options) {
        return of(name, Type.CHOICES, null, Arrays.stream(options).map(id).toList());
    }

    /** A field whose schema is {@code schema}. */
    static FieldSpec custom(String name, ObjectNode schema) {
        return new FieldSpec(name, Type.CUSTOM, false, null, List.of(), null, null, "", schema, 1);
    }

    /** This field, required. */
    FieldSpec required() {
        return new FieldSpec(name, type, true, bounds, choices, null, null, description, custom, multipleOf);
    }

    /** This field, optional (for a variant of a required one). */
    FieldSpec optional() {
        return new FieldSpec(name, type, false, bounds, choices, defaultJson, defaultText, description, custom, multipleOf);
    }

    /** This field with the constant default {@code value} (a String, Boolean, Number or List of them). */
    FieldSpec byDefault(Object value) {
        return new FieldSpec(name, type, isRequired, bounds, choices, json(value), null, description, custom, multipleOf);
    }

    /** This field with a default described in words (it depends on the task or other fields). */
    FieldSpec defaultWords(String words) {
        return new FieldSpec(name, type, isRequired, bounds, choices, null, words, description, custom, multipleOf);
    }

    /** This field described by {@code text}. */
    FieldSpec doc(String text) {
        return new FieldSpec(name, type, isRequired, bounds, choices, defaultJson, defaultText, text, custom, multipleOf);
    }

    /**
     * This field taking one value where it takes one or several (one integer, number or choice); a
     * default of several values is dropped, one of one value kept as that value.
     */
    FieldSpec single() {
        Type one = switch (type) {
            case INTEGERS -> Type.INTEGER;
            case NUMBERS -> Type.NUMBER;
            case CHOICES -> Type.CHOICE;
            default -> type;
        };
        JsonNode value = defaultJson == null || !defaultJson.isArray() ? defaultJson
                : defaultJson.size() == 1 ? defaultJson.get(0) : null;
        return new FieldSpec(name, one, isRequired, bounds, choices, value, defaultText, description, custom, multipleOf);
    }

    /** This integer field, whose value must be a multiple of {@code k}. */
    FieldSpec multipleOf(int k) {
        if (type != Type.INTEGER && type != Type.INTEGERS) {
            throw new IllegalStateException(name + " is not an integer field");
        }
        return new FieldSpec(name, type, isRequired, bounds, choices, defaultJson, defaultText, description, custom, k);
    }

    /** This field with other bounds (a variant for other algorithms). */
    FieldSpec within(Bounds other) {
        return new FieldSpec(name, type, isRequired, other, choices, defaultJson, defaultText, description, custom, multipleOf);
    }

    /** The reader's presence of this field. */
    FieldReader.Presence presence() {
        return isRequired ? FieldReader.Presence.REQUIRED : FieldReader.Presence.OPTIONAL;
    }

    /** The default as shown in documentation: the words, the constant, or "required"/"none". */
    String defaultShown() {
        if (isRequired) {
            return "required";
        }
        if (defaultText != null) {
            return defaultText;
        }
        return defaultJson == null ? "none" : defaultJson.isTextual() ? defaultJson.textValue() : defaultJson.toString();
    }

    /** This field's JSON Schema, with its description and (constant) default. */
    ObjectNode schema() {
        ObjectNode schema = switch (type) {
            case STRING -> NODES.objectNode().put("type", "string");
            case BOOLEAN -> NODES.objectNode().put("type", "boolean");
            case INTEGER -> integral();
            case LONG -> NODES.objectNode().put("type", "integer").put("minimum", Long.MIN_VALUE)
                    .put("maximum", Long.MAX_VALUE);
            case NUMBER -> numeric("number", bounds);
            case INTEGERS -> oneOrMany(integral());
            case NUMBERS -> oneOrMany(numeric("number", bounds));
            case CHOICE -> enumeration();
            case CHOICES -> oneOrMany(enumeration());
            case CUSTOM -> custom.deepCopy();
        };
        ObjectNode annotated = NODES.objectNode();
        annotated.put("description", description + (defaultText != null && !isRequired
                ? " Default: " + defaultText + "." : ""));
        if (defaultJson != null && !isRequired) {
            annotated.set("default", defaultJson);
        }
        annotated.setAll(schema);
        return annotated;
    }

    private Bounds intBounds() {
        Bounds b = bounds == null ? Bounds.atLeast(Integer.MIN_VALUE) : bounds;
        return new Bounds(Math.max(b.min(), Integer.MIN_VALUE), b.minInclusive(),
                Math.min(b.max(), Integer.MAX_VALUE), b.maxInclusive());
    }

    private ObjectNode enumeration() {
        ObjectNode schema = NODES.objectNode().put("type", "string");
        ArrayNode values = schema.putArray("enum");
        choices.forEach(values::add);
        return schema;
    }

    private ObjectNode integral() {
        ObjectNode schema = numeric("integer", intBounds());
        if (multipleOf != 1) {
            schema.put("multipleOf", multipleOf);
        }
        return schema;
    }

    private static ObjectNode numeric(String type, Bounds bounds) {
        ObjectNode schema = NODES.objectNode().put("type", type);
        if (bounds != null) {
            if (Double.isFinite(bounds.min())) {
                put(schema, bounds.minInclusive() ? "minimum" : "exclusiveMinimum", bounds.min());
            }
            if (Double.isFinite(bounds.max())) {
                put(schema, bounds.maxInclusive() ? "maximum" : "exclusiveMaximum", bounds.max());
            }
        }
        return schema;
    }

    private static void put(ObjectNode schema, String key, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 0x1p62) {
            schema.put(key, (long) value);
        } else {
            schema.put(key, value);
        }
    }

    /** One value or a non-empty list of distinct ones. */
    static ObjectNode oneOrMany(ObjectNode element) {
        ObjectNode list = NODES.objectNode().put("type", "array").put("minItems", 1).put("uniqueItems", true);
        list.set("items", element);
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(element.deepCopy()).add(list);
        return either;
    }

    private static JsonNode json(Object value) {
        return value == null ? null : new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(value);
    }
}
