package org.privsim.core.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Typed, validating access to the fields of one mapping of a parsed YAML/JSON document.
 *
 * <p>Guarantees: every accessor returns either a value of the requested type that satisfies the
 * requested bounds, or empty. It returns empty after recording exactly one {@link FieldError} in
 * the shared {@link Problems} when the field is present but wrong (or a list element is), or when
 * it is {@link Presence#REQUIRED} and absent; an absent {@link Presence#OPTIONAL} field gives empty
 * and no error. Error paths are dotted from the document root with list indexes in brackets
 * ({@code experiments[2].epsilon[1]}), and a wrong value's reason says what was found. The reader
 * knows nothing about scenarios, so any part of a document (tasks, experiments, audits) can use it.
 */
final class FieldReader {

    /** Whether a field must be present. */
    enum Presence {
        /** Absent is an error: {@code required field missing}. */
        REQUIRED,
        /** Absent is fine; the caller applies its default. */
        OPTIONAL
    }

    private static final int MAX_SHOWN_TEXT = 60;

    private final ObjectNode node;
    private final String path;
    private final Problems problems;
    /** Converts this mapping's values, recording problems in {@link #problems}. */
    private final JsonValues json;
    /** Absent fields an unknown field was taken for (its error suggested them): not also reported missing. */
    private final java.util.Set<String> intended = new java.util.HashSet<>();

    private FieldReader(ObjectNode node, String path, Problems problems) {
        this.node = node;
        this.path = path;
        this.problems = problems;
        this.json = new JsonValues(problems);
    }

    /** A reader for the document's root mapping; its fields' paths are their bare names. */
    static FieldReader root(ObjectNode node, Problems problems) {
        return new FieldReader(node, "", problems);
    }

    /** A reader for {@code value} found at {@code at}, or empty after an error if it is not a mapping. */
    static Optional<FieldReader> of(JsonNode value, String at, Problems problems) {
        if (value instanceof ObjectNode object) {
            return Optional.of(new FieldReader(object, at, problems));
        }
        problems.add(at, "expected a mapping, got " + describe(value));
        return Optional.empty();
    }

    /** How a value is shown in an error: {@code "abc"}, {@code 2.5}, {@code true}, {@code null}, {@code a list}. */
    static String describe(JsonNode value) {
        if (value.isTextual()) {
            return quote(value.textValue());
        }
        if (value.isObject()) {
            return "a mapping";
        }
        if (value.isArray()) {
            return "a list";
        }
        return value.isNumber() ? value.numberValue().toString() : value.toString();
    }

    /** {@code text} as a double-quoted, escaped string literal, shortened if long. */
    static String quote(String text) {
        return TextNode.valueOf(text.length() > MAX_SHOWN_TEXT ? text.substring(0, MAX_SHOWN_TEXT) + "…" : text)
                .toString();
    }

    /** Path of {@code field} of this mapping. */
    String pathOf(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    /** Whether {@code field} is present (with any value, even null). */
    boolean has(String field) {
        return node.has(field);
    }

    /**
     * The text of {@code inner} in the mapping {@code field}, or null when either is absent or not text;
     * records nothing (a peek, e.g. at a task's type, to choose how to read the rest).
     */
    String peekText(String field, String inner) {
        JsonNode value = node.path(field).path(inner);
        return value.isTextual() ? value.textValue() : null;
    }

    /** Whether {@code field} is present and holds a list. */
    boolean isList(String field) {
        return node.path(field).isArray();
    }

    /** Whether {@code field} is present and holds a number. */
    boolean isNumber(String field) {
        return node.path(field).isNumber();
    }

    /** Whether {@code field} is present and holds the boolean true (YAML's unquoted {@code true}). */
    boolean isTrue(String field) {
        return node.path(field).isBoolean() && node.path(field).booleanValue();
    }

    /** Whether {@code field} is present and holds a string. */
    boolean isText(String field) {
        return node.path(field).isTextual();
    }

    /** Names of the fields present, in document order. */
    List<String> fieldNames() {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Records a problem with {@code field} of this mapping. */
    void error(String field, String reason) {
        problems.add(pathOf(field), reason);
    }

    /**
     * Records an error for every present field not in {@code known}: {@code unknown field; did you
     * mean <name>?} when a known field that is absent is near (see {@link Spelling}), else
     * {@code unknown field (expected one of: …)}.
     */
    void rejectUnknown(List<String> known) {
        rejectUnknown(known, known, "expected one of");
    }

    /**
     * Like {@link #rejectUnknown(List)}, but suggests and lists the fields of {@code shown} (a part of
     * {@code known}, e.g. the fields of the experiment's algorithm), introduced by {@code shownAs};
     * a near field of {@code known} is suggested only when none of {@code shown} is near. A suggested
     * field counts as given: it is not reported again as {@code required field missing}.
     */
    void rejectUnknown(List<String> known, List<String> shown, String shownAs) {
        for (String name : fieldNames()) {
            if (known.contains(name)) {
                continue;
            }
            List<String> absentShown = shown.stream().filter(f -> !node.has(f)).toList();
            Optional<String> near = Spelling.nearest(name, absentShown)
                    .or(() -> Spelling.nearest(name, known.stream().filter(f -> !node.has(f)).toList()));
            near.ifPresent(intended::add);
            error(name, near.map(f -> "unknown field; did you mean " + f + "?")
                    .orElse("unknown field (" + shownAs + ": " + String.join(", ", shown) + ")"));
        }
    }

    /** A string. */
    Optional<String> string(String field, Presence presence) {
        return value(field, presence).flatMap(v -> json.asString(v, pathOf(field)));
    }

    /** A boolean ({@code true} or {@code false}). */
    Optional<Boolean> bool(String field, Presence presence) {
        return value(field, presence).flatMap(v -> {
            if (v.isBoolean()) {
                return Optional.of(v.booleanValue());
            }
            problems.add(pathOf(field), "expected true or false, got " + describe(v));
            return Optional.empty();
        });
    }

    /** Any integer that fits in a {@code long}. */
    Optional<Long> wholeNumber(String field, Presence presence) {
        return value(field, presence).flatMap(v -> json.asLong(v, pathOf(field)));
    }

    /** An integer within {@code bounds} that fits in an {@code int}. */
    Optional<Integer> integer(String field, Presence presence, Bounds bounds) {
        return value(field, presence).flatMap(v -> json.asInt(v, pathOf(field), bounds));
    }

    /** A finite number within {@code bounds}. */
    Optional<Double> number(String field, Presence presence, Bounds bounds) {
        return value(field, presence).flatMap(v -> json.asDouble(v, pathOf(field), bounds));
    }

    /** One integer or a non-empty list of distinct integers, each within {@code bounds}. */
    Optional<List<Integer>> integers(String field, Presence presence, Bounds bounds) {
        return oneOrMany(field, presence, (v, at) -> json.asInt(v, at, bounds));
    }

    /** One finite number or a non-empty list of distinct ones, each within {@code bounds}. */
    Optional<List<Double>> numbers(String field, Presence presence, Bounds bounds) {
        return oneOrMany(field, presence, (v, at) -> json.asDouble(v, at, bounds));
    }

    /** One of {@code options}, written as its {@code id}. */
    <E> Optional<E> choice(String field, Presence presence, List<E> options, Function<E, String> id) {
        return string(field, presence).flatMap(text -> {
            Optional<E> match = options.stream().filter(o -> id.apply(o).equals(text)).findFirst();
            if (match.isEmpty()) {
                error(field, unknownValue(text, options.stream().map(id).toList()));
            }
            return match;
        });
    }

    /** One of {@code options} or a non-empty list of distinct ones, each written as its {@code id}. */
    <E> Optional<List<E>> choices(String field, Presence presence, List<E> options, Function<E, String> id) {
        return oneOrMany(field, presence, (v, at) -> json.asString(v, at).flatMap(text -> {
            Optional<E> match = options.stream().filter(o -> id.apply(o).equals(text)).findFirst();
            if (match.isEmpty()) {
                problems.add(at, unknownValue(text, options.stream().map(id).toList()));
            }
            return match;
        }));
    }

    /** {@code unknown value "x"; did you mean y?}, or with the list of {@code ids} when none is near. */
    static String unknownValue(String text, List<String> ids) {
        return "unknown value " + quote(text) + Spelling.nearest(text, ids).map(s -> "; did you mean " + s + "?")
                .orElse(" (expected one of: " + String.join(", ", ids) + ")");
    }

    /** A nested mapping. */
    Optional<FieldReader> object(String field, Presence presence) {
        return value(field, presence).flatMap(v -> of(v, pathOf(field), problems));
    }

    /**
     * A non-empty list of mappings. On success the result holds a reader for every element that is
     * a mapping; the others have been reported.
     */
    Optional<List<FieldReader>> objects(String field, Presence presence) {
        return value(field, presence).flatMap(v -> json.nonEmptyList(v, pathOf(field))).map(list -> {
            List<FieldReader> readers = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                of(list.get(i), pathOf(field) + "[" + i + "]", problems).ifPresent(readers::add);
            }
            return readers;
        });
    }

    /**
     * A non-empty list whose elements are each a string or a mapping: a string element is given to
     * {@code text} with its path, a mapping element to {@code mapping} as a reader; any other element
     * is reported. Empty when the list or any element was reported.
     */
    <T> Optional<List<T>> textsOrObjects(String field, Presence presence, BiFunction<String, String, Optional<T>> text,
                                         java.util.function.Function<FieldReader, Optional<T>> mapping) {
        int before = problems.count();
        List<T> values = new ArrayList<>();
        value(field, presence).flatMap(v -> json.nonEmptyList(v, pathOf(field))).ifPresent(list -> {
            for (int i = 0; i < list.size(); i++) {
                String at = pathOf(field) + "[" + i + "]";
                JsonNode element = list.get(i);
                Optional<T> value = element.isTextual() ? text.apply(element.textValue(), at)
                        : of(element, at, problems).flatMap(mapping);
                value.ifPresent(values::add);
            }
        });
        return problems.count() == before && !values.isEmpty() ? Optional.of(values) : Optional.empty();
    }

    /** A string, as {@code spec} declares it. */
    Optional<String> string(FieldSpec spec) {
        return string(spec.name(), spec.presence());
    }

    /** A string the operating system can take as a file path (see {@link PathText}), as {@code spec} declares it. */
    Optional<String> path(FieldSpec spec) {
        return string(spec).filter(text -> {
            String problem = PathText.problem(text);
            if (problem != null) {
                error(spec.name(), problem);
            }
            return problem == null;
        });
    }

    /** A boolean, as {@code spec} declares it. */
    Optional<Boolean> bool(FieldSpec spec) {
        return bool(spec.name(), spec.presence());
    }

    /** An integer that fits in a {@code long}, as {@code spec} declares it. */
    Optional<Long> wholeNumber(FieldSpec spec) {
        return wholeNumber(spec.name(), spec.presence());
    }

    /** An integer within {@code spec}'s bounds. */
    Optional<Integer> integer(FieldSpec spec) {
        return integer(spec.name(), spec.presence(), spec.bounds());
    }

    /** A finite number within {@code spec}'s bounds. */
    Optional<Double> number(FieldSpec spec) {
        return number(spec.name(), spec.presence(), spec.bounds());
    }

    /** One integer or a list of distinct ones within {@code spec}'s bounds. */
    Optional<List<Integer>> integers(FieldSpec spec) {
        return integers(spec.name(), spec.presence(), spec.bounds());
    }

    /** One number or a list of distinct ones within {@code spec}'s bounds. */
    Optional<List<Double>> numbers(FieldSpec spec) {
        return numbers(spec.name(), spec.presence(), spec.bounds());
    }

    /**
     * One of {@code options}, which must be exactly {@code spec}'s choices (in order) when it declares
     * a choice; a {@link FieldSpec.Type#CUSTOM} spec states them in its own schema.
     */
    <E> Optional<E> choice(FieldSpec spec, List<E> options, Function<E, String> id) {
        checkChoices(spec, options, id);
        return choice(spec.name(), spec.presence(), options, id);
    }

    /** One or several of {@code options}, which must be exactly {@code spec}'s choices (in order). */
    <E> Optional<List<E>> choices(FieldSpec spec, List<E> options, Function<E, String> id) {
        checkChoices(spec, options, id);
        return choices(spec.name(), spec.presence(), options, id);
    }

    private static <E> void checkChoices(FieldSpec spec, List<E> options, Function<E, String> id) {
        boolean declared = spec.type() == FieldSpec.Type.CHOICE || spec.type() == FieldSpec.Type.CHOICES;
        if (declared && !options.stream().map(id).toList().equals(spec.choices())) {
            throw new IllegalStateException("the declared choices of " + spec.name() + " differ from the read ones");
        }
    }

    private Optional<JsonNode> value(String field, Presence presence) {
        JsonNode value = node.get(field);
        if (value == null && presence == Presence.REQUIRED && !intended.contains(field)) {
            error(field, "required field missing");
        }
        return Optional.ofNullable(value);
    }

    private <T> Optional<List<T>> oneOrMany(
            String field, Presence presence, BiFunction<JsonNode, String, Optional<T>> element) {
        Optional<JsonNode> value = value(field, presence);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        String at = pathOf(field);
        if (!value.get().isArray()) {
            return element.apply(value.get(), at).map(List::of);
        }
        return json.nonEmptyList(value.get(), at).flatMap(list -> json.distinctElements(list, at, element));
    }
}
