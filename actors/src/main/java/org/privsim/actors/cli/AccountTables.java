package org.privsim.actors.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.LinkedHashMap;
import java.util.Map;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.PrivacyLossDistribution;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.privacy.SampledGaussianRdp.Conversion;
import org.privsim.core.privacy.Zcdp;

/**
 * What {@code privsim account} prints for each mode, once its options are checked
 * ({@link AccountCommand}): the numbers of each accountant under their JSON keys, and the same as a
 * table with the notes that say what they bound.
 *
 * <p>Guarantee: every number comes from {@link Conversions}, {@link Zcdp} or
 * {@link SampledGaussianRdp} (the PLD values are computed by the command and appended by
 * {@link #withPld}); values are printed with 10 significant digits, orders in their shortest decimal.
 */
final class AccountTables {
    private AccountTables() {}

    /**
     * Inputs echoed at the top of an output: each value under its JSON key and as a table row, in the
     * order put (a count shown as an integer).
     */
    static final class Echo {
        private final Map<String, Number> values = new LinkedHashMap<>();
        private final StringBuilder table = new StringBuilder();

        Echo put(String key, String label, double value) {
            values.put(key, value);
            return row(label, value);
        }

        Echo put(String key, String label, int count) {
            values.put(key, count);
            textRow(table, label, Integer.toString(count));
            return this;
        }

        /** A table row only. */
        Echo row(String label, double value) {
            AccountTables.row(table, label, value);
            return this;
        }

        Output output() {
            return new Output(values, table.toString());
        }
    }

    /**
     * What a mode prints.
     *
     * @param values the results keyed by their JSON names, in output order
     * @param table  the human-readable table
     */
    record Output(Map<String, ? extends Number> values, String table) {}

    /** The --sigma mode's inputs and ρ, δ without any conversion (for --accountant pld). */
    static Output inputsOnly(Map<String, Double> inputs, double r, double d) {
        Echo echo = new Echo();
        inputs.forEach(echo::row);
        return echo.put("rho", "zCDP rho", r).put("delta", "delta", d).output();
    }

    /** The target (ε, δ) and one more input, without any calibration (for --accountant pld). */
    static Output targetOnly(double e, double d, String name, double value) {
        return new Echo().put("epsilon", "epsilon", e).put("delta", "delta", d).put(name, name, value).output();
    }

    /** {@code base} with the PLD value appended: as {@code key} in the JSON, as a table section after the table. */
    static Output withPld(Output base, String key, double value, String column, String note) {
        Map<String, Number> m = new LinkedHashMap<>(base.values());
        m.put(key, value);
        StringBuilder t = new StringBuilder(base.table());
        t.append(System.lineSeparator());
        header(t, "accountant", column);
        row(t, "PLD (h = " + plain(PrivacyLossDistribution.DEFAULT_INTERVAL) + ")", value);
        t.append(System.lineSeparator());
        line(t, note);
        line(t, "PLD values are upper bounds (pessimistic connect-the-dots discretization; add and remove");
        line(t, "neighbours, the larger reported).");
        return new Output(m, t.toString());
    }

    /** The three ε of total budget r at δ = d; {@code inputs} are extra table rows shown first. */
    static Output epsilons(Map<String, Double> inputs, double r, double d) {
        double mu = Math.sqrt(2 * r);
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("rho", r);
        m.put("delta", d);
        m.put("classicEpsilon", Conversions.classicEpsilon(r, d));
        m.put("tightEpsilon", Conversions.tightEpsilon(r, d));
        m.put("analyticGaussianEpsilon", Conversions.analyticGaussianEpsilon(mu, d));

        StringBuilder t = new StringBuilder();
        inputs.forEach((label, value) -> row(t, label, value));
        row(t, "zCDP rho", r);
        row(t, "delta", d);
        row(t, "mu = sqrt(2 rho)", mu);
        t.append(System.lineSeparator());
        header(t, "conversion", "epsilon");
        row(t, "classic (Bun-Steinke 2016)", m.get("classicEpsilon"));
        row(t, "tight RDP (CKS 2020)", m.get("tightEpsilon"));
        row(t, "analytic Gaussian (exact)", m.get("analyticGaussianEpsilon"));
        t.append(System.lineSeparator());
        line(t, "classic and tight RDP bound any rho-zCDP mechanism; analytic Gaussian is the exact");
        line(t, "privacy profile of mu-GDP, exact for any composition of Gaussian releases of total rho.");
        return new Output(m, t.toString());
    }

    /** The σ each calibration needs for one release of sensitivity c to meet (e, d). */
    static Output sigmas(double e, double d, double c) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("epsilon", e);
        m.put("delta", d);
        m.put("sensitivity", c);
        m.put("sigmaClassic", Zcdp.sigmaForRho(c, Conversions.rhoForClassicEpsilon(e, d)));
        m.put("sigmaTight", Zcdp.sigmaForRho(c, Conversions.rhoForTightEpsilon(e, d)));
        m.put("sigmaAnalyticGaussian", c / Conversions.muForGaussianEpsilon(e, d));
        m.put("sigmaPaper", c * Math.sqrt(8 * -Math.log(d)) / e);

        StringBuilder t = new StringBuilder();
        row(t, "epsilon", e);
        row(t, "delta", d);
        row(t, "sensitivity", c);
        t.append(System.lineSeparator());
        header(t, "calibration (one release)", "sigma");
        row(t, "classic (Bun-Steinke 2016)", m.get("sigmaClassic"));
        row(t, "tight RDP (CKS 2020)", m.get("sigmaTight"));
        row(t, "analytic Gaussian (exact)", m.get("sigmaAnalyticGaussian"));
        row(t, "paper (Jain et al. 2021)", m.get("sigmaPaper"));
        t.append(System.lineSeparator());
        line(t, "paper: sigma = C*sqrt(8 ln(1/delta))/epsilon as written; that Gaussian is "
                + format(Zcdp.gaussianRho(c, m.get("sigmaPaper"))) + "-zCDP,");
        line(t, "half the rho = epsilon^2/(8 ln(1/delta)) the paper reports (calibration 'paper').");
        return new Output(m, t.toString());
    }

    /** The DP-SGD inputs of the ε mode, echoed at the top of its output under every accountant. */
    static Output dpSgdInputs(double q, double m, int n, double d) {
        return new Echo().put("samplingRate", "sampling rate q", q).put("noiseMultiplier", "noise multiplier", m)
                .put("steps", "steps", n).put("delta", "delta", d).output();
    }

    /** The DP-SGD inputs of the σ mode, echoed at the top of its output under every accountant. */
    static Output dpSgdTarget(double q, int n, double e, double d) {
        return new Echo().put("samplingRate", "sampling rate q", q).put("steps", "steps", n)
                .put("epsilon", "epsilon", e).put("delta", "delta", d).output();
    }

    /** ε of n DP-SGD steps at sampling rate q, noise multiplier m and δ = d, both conversions. */
    static Output dpSgdEpsilons(double q, double m, int n, double d) {
        double[] orders = SampledGaussianRdp.defaultOrders();
        SampledGaussianRdp.Epsilon e = SampledGaussianRdp.epsilon(q, m, n, d, orders);
        Output inputs = dpSgdInputs(q, m, n, d);
        Map<String, Number> v = new LinkedHashMap<>(inputs.values());
        v.put("classicEpsilon", e.classicEpsilon());
        v.put("classicOrder", e.classicOrder());
        v.put("tightEpsilon", e.tightEpsilon());
        v.put("tightOrder", e.tightOrder());

        StringBuilder t = new StringBuilder(inputs.table());
        textRow(t, "orders", defaultOrdersText(orders));
        t.append(System.lineSeparator());
        t.append(String.format("%-28s %-16s %s%n", "conversion", "epsilon", "order"));
        orderRow(t, "classic RDP (Mironov 2017)", e.classicEpsilon(), e.classicOrder());
        orderRow(t, "tight RDP (CKS 2020)", e.tightEpsilon(), e.tightOrder());
        t.append(System.lineSeparator());
        line(t, "Poisson-subsampled Gaussian RDP (Mironov-Talwar-Zhang 2019), composed over the steps;");
        line(t, "noise multiplier = noise std / clipping norm (sensitivity 1, add/remove-one neighbours).");
        return new Output(v, t.toString());
    }

    /** The smallest noise multiplier meeting (e, d) over n steps at sampling rate q, per conversion. */
    static Output noiseMultipliers(double q, int n, double e, double d) {
        Output inputs = dpSgdTarget(q, n, e, d);
        Map<String, Number> v = new LinkedHashMap<>(inputs.values());
        v.put("noiseMultiplierClassic", SampledGaussianRdp.sigmaFor(q, n, d, e, Conversion.CLASSIC));
        v.put("noiseMultiplierTight", SampledGaussianRdp.sigmaFor(q, n, d, e, Conversion.TIGHT));

        StringBuilder t = new StringBuilder(inputs.table());
        textRow(t, "orders", defaultOrdersText(SampledGaussianRdp.defaultOrders()));
        t.append(System.lineSeparator());
        header(t, "conversion", "noise multiplier");
        row(t, "classic RDP (Mironov 2017)", v.get("noiseMultiplierClassic").doubleValue());
        row(t, "tight RDP (CKS 2020)", v.get("noiseMultiplierTight").doubleValue());
        t.append(System.lineSeparator());
        line(t, "the smallest noise multiplier (noise std / clipping norm) whose Poisson-subsampled");
        line(t, "Gaussian RDP over the steps converts to at most epsilon under that conversion.");
        return new Output(v, t.toString());
    }

    static String defaultOrdersText(double[] orders) {
        return orders.length + " default, " + plain(orders[0]) + " to " + plain(orders[orders.length - 1]);
    }

    static void orderRow(StringBuilder s, String label, double value, double order) {
        s.append(String.format("%-28s %-16s %s%n", label, format(value), plain(order)));
    }

    /** A row whose value is already text. */
    static void textRow(StringBuilder s, String label, String value) {
        s.append(String.format("%-28s %s%n", label, value));
    }

    /** The shortest decimal of an order (8.8, 9, 256), never in exponent notation. */
    static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    static void line(StringBuilder s, String text) {
        s.append(text).append(System.lineSeparator());
    }

    static void header(StringBuilder s, String left, String right) {
        s.append(String.format("%-28s %s%n", left, right));
    }

    static void row(StringBuilder s, String label, double value) {
        s.append(String.format("%-28s %s%n", label, format(value)));
    }

    /** 10 significant digits, trailing zeros removed. */
    static String format(double value) {
        return new BigDecimal(value).round(new MathContext(10)).stripTrailingZeros().toString();
    }
}
