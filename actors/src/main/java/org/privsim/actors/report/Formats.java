package org.privsim.actors.report;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Short number formats for tables, plot titles and messages. Guarantee: {@link Locale#ROOT}
 * formatting whatever the default locale, and the same text for the same value.
 */
final class Formats {
    private Formats() {}

    /**
     * Three significant digits without trailing zeros: 1 → {@code 1}, 0.4102 → {@code 0.41},
     * 1.0e-5 → {@code 0.00001}, 12345 → {@code 12300}; non-finite values as {@code ∞}, {@code -∞},
     * {@code NaN}.
     */
    static String brief(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : "-∞";
        }
        String rounded = String.format(Locale.ROOT, "%.3g", value);
        return new BigDecimal(rounded).stripTrailingZeros().toPlainString();
    }

    /** {@code pattern} applied to {@code value} in {@link Locale#ROOT}. */
    static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
