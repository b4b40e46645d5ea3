package org.privsim.core.privacy;

import java.util.Objects;
import java.util.Optional;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a total budget (ε, δ) is split over T iterations of pure ε_t-DP releases (Liang et al.,
 * "Model-protected multi-task learning", §4.5): ε_t = ε₀·w_t for t = 1..T with weights
 * <ul>
 *   <li>{@code uniform}: w_t = 1;
 *   <li>{@code power(α)}: w_t = t^α, α any finite real (ε_t = Θ(t^α));
 *   <li>{@code geometric(Q)}: w_t = Q^−t, Q positive and finite (ε_t = Θ(Q^−t));
 * </ul>
 * and ε₀ the largest value whose sequence has composition bound CB({ε_t}, δ) ≤ ε.
 *
 * <p>Guarantee: {@link #epsilons} returns ε_t = ε₀·w_t (one rounding each) with
 * {@link CompositionBound#of CB}(result, δ) ≤ ε exactly, never above, and ε₀ a double such that the
 * next double up no longer fits: bisection runs until the bracket is two adjacent doubles, far below
 * the relative 1e-12 the bound needs. CB is continuous and increasing in ε₀, so CB(result) equals ε
 * up to rounding. Instances are immutable values; {@link #id} and {@link #parse} round-trip.
 */
public final class BudgetAllocation {
    private enum Kind { UNIFORM, POWER, GEOMETRIC }

    /** A decimal number as written in a scenario: digits, optional fraction and exponent. */
    private static final String NUMBER = "[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?";
    private static final Pattern PARAMETRISED = Pattern.compile("(power|geometric)\\(\\s*(" + NUMBER + ")\\s*\\)");

    private final Kind kind;
    /** α for power, Q for geometric, 0 for uniform. */
    private final double parameter;

    private BudgetAllocation(Kind kind, double parameter) {
        this.kind = kind;
        this.parameter = parameter;
    }

    /** w_t = 1: every iteration gets the same ε_t. */
    public static BudgetAllocation uniform() {
        return new BudgetAllocation(Kind.UNIFORM, 0);
    }

    /** w_t = t^α; α finite. */
    public static BudgetAllocation power(double alpha) {
        return new BudgetAllocation(Kind.POWER, Args.finite("alpha", alpha));
    }

    /** w_t = Q^−t; Q positive and finite. */
    public static BudgetAllocation geometric(double q) {
        return new BudgetAllocation(Kind.GEOMETRIC, Args.positive("q", q));
    }

    /**
     * The per-iteration budgets ε_1..ε_T (index t − 1 holds ε_t).
     *
     * @param iterations T ≥ 1
     * @param epsilon    total ε, positive and finite
     * @param delta      δ of the composition bound, in [0, 1)
     * @throws IllegalArgumentException for arguments out of range, or when some weight or the sum of
     *                                  the weights is 0 or overflows a double (e.g. geometric(1e-3) over
     *                                  200 iterations)
     * @throws ArithmeticException      at the ends of the double range: when ε₀ underflows to 0, or
     *                                  when bracketing ε₀ by doubling from ε/Σw passes the largest
     *                                  double (ε within a small factor of {@link Double#MAX_VALUE})
     */
    public double[] epsilons(int iterations, double epsilon, double delta) {
        Args.positive("epsilon", epsilon);
        Args.zeroToOpenUnit("delta", delta);
        double[] weights = weights(iterations);
        double weightSum = sum(weights);
        DoublePredicate fits = e0 -> fits(scaled(weights, e0), epsilon, delta);
        // ε₀ = ε/Σw makes the first term of CB equal ε; CB(0) = 0 ≤ ε, so 0 is a valid lower end.
        double start = Math.max(epsilon / weightSum, Double.MIN_VALUE);
        double hi = Bisection.firstFalseByDoubling(start, fits);
        double lo = hi == start ? 0 : hi / 2;
        double e0 = Bisection.boundary(lo, hi, fits).lastTrue();
        if (e0 == 0) {
            throw new ArithmeticException("epsilon " + epsilon + " is too small to split over " + iterations
                    + " iterations with " + id());
        }
        return scaled(weights, e0);
    }

    /**
     * The per-iteration zCDP budgets ρ_1..ρ_T of a total ρ (index t − 1 holds ρ_t): ρ_t = ρ·w_t/Σw.
     * zCDP composes by addition, so the shares need no search; their sum is ρ up to rounding.
     *
     * @param iterations T ≥ 1
     * @param rho        total ρ, positive and finite
     * @throws IllegalArgumentException for arguments out of range, or weights as in {@link #epsilons}
     */
    public double[] rhos(int iterations, double rho) {
        Args.positive("rho", rho);
        double[] weights = weights(iterations);
        double weightSum = sum(weights);
        double[] rhos = new double[iterations];
        for (int t = 0; t < iterations; t++) {
            rhos[t] = rho * (weights[t] / weightSum);
        }
        return rhos;
    }

    /** w_1..w_T, each checked positive and finite. */
    private double[] weights(int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        double[] weights = new double[iterations];
        for (int t = 1; t <= iterations; t++) {
            double w = weight(t);
            if (!(w > 0 && w < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException(id() + " gives weight " + w + " to iteration " + t
                        + " of " + iterations + "; the weights must be positive finite doubles");
            }
            weights[t - 1] = w;
        }
        return weights;
    }

    /** Σ w_t in order, checked finite. */
    private double sum(double[] weights) {
        double weightSum = 0;
        for (double w : weights) {
            weightSum += w;
        }
        if (weightSum == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(id() + " weights over " + weights.length
                    + " iterations sum past the largest double");
        }
        return weightSum;
    }

    /**
     * {@code "uniform"}, {@code "power(α)"} or {@code "geometric(Q)"} with the parameter as
     * {@link Double#toString(double)} prints it, e.g. {@code "power(0.4)"}, {@code "geometric(0.97)"}.
     */
    public String id() {
        return switch (kind) {
            case UNIFORM -> "uniform";
            case POWER -> "power(" + parameter + ")";
            case GEOMETRIC -> "geometric(" + parameter + ")";
        };
    }

    /**
     * Parses {@code uniform}, {@code power(α)} or {@code geometric(Q)}: lower case, no whitespace
     * except around the number inside the parentheses, the number a plain decimal (optional sign,
     * fraction and exponent) that is finite, and positive for Q. Anything else gives empty.
     */
    public static Optional<BudgetAllocation> parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.equals("uniform")) {
            return Optional.of(uniform());
        }
        Matcher m = PARAMETRISED.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        double value = Double.parseDouble(m.group(2));
        boolean power = m.group(1).equals("power");
        if (!Double.isFinite(value) || (!power && !(value > 0))) {
            return Optional.empty();
        }
        return Optional.of(power ? power(value) : geometric(value));
    }

    /**
     * A regular expression (Java and ECMA-262) matching every spelling {@link #parse} may accept
     * ({@code uniform} or the parametrised forms); {@link #parse} also checks that the number is
     * finite, and positive for Q.
     */
    public static String pattern() {
        return "^(uniform|" + PARAMETRISED.pattern() + ")$";
    }

    /** The accepted spellings, for error messages: {@code "uniform, power(α), geometric(Q)"}. */
    public static String choices() {
        return "uniform, power(α), geometric(Q)";
    }

    /** Equal when the kind and the parameter (compared as by {@link Double#compare}) are. */
    @Override
    public boolean equals(Object o) {
        return o instanceof BudgetAllocation other && kind == other.kind
                && Double.compare(parameter, other.parameter) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * kind.hashCode() + Double.hashCode(parameter);
    }

    /** The {@link #id}. */
    @Override
    public String toString() {
        return id();
    }

    private double weight(int t) {
        return switch (kind) {
            case UNIFORM -> 1;
            case POWER -> Math.pow(t, parameter);
            case GEOMETRIC -> Math.pow(parameter, -t);
        };
    }

    /** CB(ε_t, δ) ≤ ε; a sequence with an ε_t past the largest double does not fit. */
    private static boolean fits(double[] epsilons, double epsilon, double delta) {
        for (double e : epsilons) {
            if (e == Double.POSITIVE_INFINITY) {
                return false;
            }
        }
        return CompositionBound.of(epsilons, delta) <= epsilon;
    }

    private static double[] scaled(double[] weights, double e0) {
        double[] epsilons = new double[weights.length];
        for (int i = 0; i < weights.length; i++) {
            epsilons[i] = e0 * weights[i];
        }
        return epsilons;
    }
}
