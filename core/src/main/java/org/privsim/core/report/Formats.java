package org.privsim.core.report;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Short number formats for tables, plot titles and messages, and counted nouns. Guarantee: {@link Locale#ROOT}
 * formatting whatever the default locale, and the same text for the same value.
 */
public final class Formats {
    private Formats() {}

    /** {@code n} and {@code noun}, plural unless n is 1: {@code 1 experiment}, {@code 0 audits}, {@code 2 result rows}. */
    public static String counted(long n, String noun) {
        return n + " " + (n == 1 ? noun : noun + "s");
    }

    /**
     * Three significant digits without trailing zeros: 1 → {@code 1}, 0.4102 → {@code 0.41},
     * 12345 → {@code 12300}; below 0.001 or from 100000 on in scientific notation, 1.0e-5 →
     * {@code 1e-05}; non-finite values as {@code ∞}, {@code -∞}, and NaN (an undefined value) as {@code n/a}.
     */
    public static String brief(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : "-∞";
        }
        double magnitude = Math.abs(value);
        if (magnitude != 0 && (magnitude < 1e-3 || magnitude >= 1e5)) {
            String[] parts = String.format(Locale.ROOT, "%.2e", value).split("e");
            return plain(parts[0]) + "e" + parts[1];
        }
        return plain(String.format(Locale.ROOT, "%.3g", value));
    }

    private static String plain(String decimal) {
        return new BigDecimal(decimal).stripTrailingZeros().toPlainString();
    }

    /** {@code pattern} applied to {@code value} in {@link Locale#ROOT}. */
    public static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
