package org.privsim.core.privacy;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a total ε is split over T pure-DP releases (Liang et al. §4.5): ε_t = ε₀·w_t with weights
 * w_t = 1 ({@code uniform}), t^α ({@code power(α)}) or Q^{−t} ({@code geometric(Q)}), t = 1..T, and
 * the largest ε₀ whose composition bound {@link CompositionBound#of} stays within ε.
 *
 * <p>Guarantee: {@link #epsilons} never returns a sequence whose composition bound exceeds ε
 * (beyond 1e−12 relative), and is within 1e−12 relative of the largest such ε₀.
 *
 * @param kind      the weight family
 * @param parameter α for power, Q for geometric, 0 for uniform
 */
public record BudgetAllocation(Kind kind, double parameter) {
    private static final Pattern SYNTAX =
            Pattern.compile("(power|geometric)\\(\\s*([-+0-9.eE]+)\\s*\\)");

    /** The weight families. */
    public enum Kind { UNIFORM, POWER, GEOMETRIC }

    public BudgetAllocation {
        if (!Double.isFinite(parameter) || kind == Kind.GEOMETRIC && !(parameter > 0)) {
            throw new IllegalArgumentException("invalid " + kind + " parameter " + parameter);
        }
    }

    /** ε_t all equal. */
    public static BudgetAllocation uniform() {
        return new BudgetAllocation(Kind.UNIFORM, 0);
    }

    /** ε_t ∝ t^α. */
    public static BudgetAllocation power(double alpha) {
        return new BudgetAllocation(Kind.POWER, alpha);
    }

    /** ε_t ∝ Q^{−t}, Q &gt; 0. */
    public static BudgetAllocation geometric(double q) {
        return new BudgetAllocation(Kind.GEOMETRIC, q);
    }

    /** The scenario spellings, for error messages. */
    public static String choices() {
        return "uniform, power(α), geometric(Q)";
    }

    /** Parses {@code uniform}, {@code power(α)} (α finite) or {@code geometric(Q)} (Q &gt; 0 finite). */
    public static Optional<BudgetAllocation> parse(String text) {
        String trimmed = text.trim();
        if (trimmed.equals("uniform")) {
            return Optional.of(uniform());
        }
        Matcher m = SYNTAX.matcher(trimmed);
        if (!m.matches()) {
            return Optional.empty();
        }
        double value;
        try {
            value = Double.parseDouble(m.group(2));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (!Double.isFinite(value)) {
            return Optional.empty();
        }
        if (m.group(1).equals("power")) {
            return Optional.of(power(value));
        }
        return value > 0 ? Optional.of(geometric(value)) : Optional.empty();
    }

    /** The scenario spelling, e.g. {@code power(0.4)}. */
    public String id() {
        return switch (kind) {
            case UNIFORM -> "uniform";
            case POWER -> "power(" + brief(parameter) + ")";
            case GEOMETRIC -> "geometric(" + brief(parameter) + ")";
        };
    }

    /** The weights w_1..w_T, normalised so the largest is 1 (keeps ε₀ in range for any T). */
    public double[] weights(int iterations) {
        double[] w = new double[iterations];
        double max = 0;
        for (int t = 1; t <= iterations; t++) {
            double logW = switch (kind) {
                case UNIFORM -> 0;
                case POWER -> parameter * Math.log(t);
                case GEOMETRIC -> -t * Math.log(parameter);
            };
            w[t - 1] = logW;
            max = t == 1 ? logW : Math.max(max, logW);
        }
        for (int t = 0; t < iterations; t++) {
            w[t] = Math.exp(w[t] - max);
        }
        return w;
    }

    /**
     * ε_1..ε_T: the weights scaled by the largest ε₀ with CB(ε₀·w, δ) ≤ ε.
     *
     * @param iterations T ≥ 1
     * @param epsilon    total ε &gt; 0, finite
     * @param delta      δ ∈ [0, 1) of the composition bound
     */
    public double[] epsilons(int iterations, double epsilon, double delta) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be ≥ 1, got " + iterations);
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("ε must be positive and finite, got " + epsilon);
        }
        double[] w = weights(iterations);
        // CB(c·w) ≤ c·Σw, so c = ε/Σw is feasible; CB(c·w) ≥ c·max w·(something) — search upward.
        double low = epsilon / CompositionBound.basic(w);
        double high = low;
        while (CompositionBound.of(scaled(w, high * 2), delta) <= epsilon && high < Double.MAX_VALUE / 4) {
            high *= 2;
        }
        high *= 2;
        for (int i = 0; i < 200 && (high - low) > 1e-13 * low; i++) {
            double mid = 0.5 * (low + high);
            if (CompositionBound.of(scaled(w, mid), delta) <= epsilon) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return scaled(w, low);
    }

    private static double[] scaled(double[] w, double c) {
        double[] e = new double[w.length];
        for (int t = 0; t < w.length; t++) {
            e[t] = c * w[t];
        }
        return e;
    }

    private static String brief(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }
}
