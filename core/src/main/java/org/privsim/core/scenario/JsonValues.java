package org.privsim.core.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Converts one parsed YAML/JSON value found at a path into a typed value for {@link FieldReader}: a
 * string, an integer that fits in a {@code long} or within bounds in an {@code int}, a finite number
 * within bounds, a non-empty list, a list of distinct elements.
 *
 * <p>Guarantee: each method returns the value, or empty after recording exactly one problem per wrong
 * value (per wrong element of a list) at its path in the shared {@link Problems}, its reason saying what
 * was found ({@link FieldReader#describe}).
 */
final class JsonValues {

    private final Problems problems;

    /** Values whose problems are recorded in {@code problems}. */
    JsonValues(Problems problems) {
        this.problems = problems;
    }

    <T> Optional<List<T>> distinctElements(
            List<JsonNode> list, String at, BiFunction<JsonNode, String, Optional<T>> element) {
        int before = problems.count();
        List<T> values = new ArrayList<>();
        Map<T, Integer> firstIndex = new HashMap<>();
        for (int i = 0; i < list.size(); i++) {
            String elementPath = at + "[" + i + "]";
            int index = i;
            element.apply(list.get(i), elementPath).ifPresent(x -> {
                Integer first = firstIndex.putIfAbsent(x, index);
                if (first != null) {
                    problems.add(elementPath, "duplicate of " + at + "[" + first + "]");
                }
                values.add(x);
            });
        }
        return problems.count() == before ? Optional.of(values) : Optional.empty();
    }

    Optional<List<JsonNode>> nonEmptyList(JsonNode value, String at) {
        if (!value.isArray()) {
            problems.add(at, "expected a list, got " + FieldReader.describe(value));
            return Optional.empty();
        }
        if (value.isEmpty()) {
            problems.add(at, "must not be empty");
            return Optional.empty();
        }
        List<JsonNode> elements = new ArrayList<>();
        value.elements().forEachRemaining(elements::add);
        return Optional.of(elements);
    }

    Optional<String> asString(JsonNode value, String at) {
        if (value.isTextual()) {
            return Optional.of(value.textValue());
        }
        problems.add(at, "expected a string, got " + FieldReader.describe(value));
        return Optional.empty();
    }

    Optional<Long> asLong(JsonNode value, String at) {
        boolean whole = value.isIntegralNumber() || isWholeFloat(value);
        boolean fits = value.isIntegralNumber() ? value.canConvertToLong() : Math.abs(value.doubleValue()) < 0x1p63;
        if (whole && fits) {
            return Optional.of(value.longValue());
        }
        problems.add(at, (whole ? "must fit in a signed 64-bit integer" : "expected an integer") + ", got "
                + FieldReader.describe(value));
        return Optional.empty();
    }

    Optional<Integer> asInt(JsonNode value, String at, Bounds bounds) {
        if (!value.isIntegralNumber() && !isWholeFloat(value)) {
            problems.add(at, "expected an integer, got " + FieldReader.describe(value));
            return Optional.empty();
        }
        Bounds intBounds = new Bounds(
                Math.max(bounds.min(), Integer.MIN_VALUE), bounds.minInclusive(),
                Math.min(bounds.max(), Integer.MAX_VALUE), bounds.maxInclusive());
        return within(value.doubleValue(), intBounds, value, at).map(d -> (int) d.doubleValue());
    }

    Optional<Double> asDouble(JsonNode value, String at, Bounds bounds) {
        if (!value.isNumber()) {
            problems.add(at, "expected a number, got " + FieldReader.describe(value));
            return Optional.empty();
        }
        if (!Double.isFinite(value.doubleValue())) {
            problems.add(at, "must be a finite number, got " + FieldReader.describe(value));
            return Optional.empty();
        }
        return within(value.doubleValue(), bounds, value, at);
    }

    private Optional<Double> within(double x, Bounds bounds, JsonNode value, String at) {
        Optional<String> violation = bounds.violation(x);
        violation.ifPresent(reason -> problems.add(at, reason + ", got " + FieldReader.describe(value)));
        return violation.isEmpty() ? Optional.of(x) : Optional.empty();
    }

    private static boolean isWholeFloat(JsonNode value) {
        double x = value.doubleValue();
        return value.isFloatingPointNumber() && Double.isFinite(x) && x == Math.rint(x);
    }
}
