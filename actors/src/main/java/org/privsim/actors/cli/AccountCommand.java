package org.privsim.actors.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.PrivacyLossDistribution;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.privacy.SampledGaussianRdp.Conversion;
import org.privsim.core.privacy.Zcdp;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code privsim account}: converts between zCDP budgets, Gaussian noise and (ε, δ), and accounts
 * DP-SGD's Poisson-subsampled Gaussian mechanism, by RDP and by privacy loss distributions.
 *
 * <p>Guarantee: exactly one of five modes runs, and every number printed comes from
 * {@link Conversions} / {@link Zcdp} / {@link SampledGaussianRdp}:
 * <ul>
 *   <li>{@code --rho R --delta D}: ε under the classic zCDP conversion, the tight RDP conversion
 *       (continuous order) and the exact analytic-Gaussian profile with μ = √(2ρ), which is exact
 *       for any composition of Gaussian releases of total ρ;
 *   <li>{@code --sigma S --sensitivity C [--compositions K] --delta D}: the same for
 *       ρ = K·C²/(2S²);
 *   <li>{@code --epsilon E --delta D --sensitivity C}: the σ of one Gaussian release that each
 *       conversion needs to meet (E, D), plus Jain et al.'s σ = C·√(8 ln(1/δ))/ε as written in the
 *       paper (a Gaussian with that σ is ε²/(16 ln(1/δ))-zCDP, half the ρ = ε²/(8 ln(1/δ)) the
 *       paper reports and {@code Calibration.PAPER} charges);
 *   <li>{@code --sampling-rate Q --noise-multiplier M --steps N --delta D}: the ε of N steps of the
 *       Poisson-subsampled Gaussian mechanism (sampling rate Q, noise std M times the clipping
 *       norm) under the classic RDP conversion (Mironov 2017) and the tight one (CKS 2020), both
 *       minimised over {@link SampledGaussianRdp#defaultOrders}, with the minimising orders;
 *   <li>{@code --sampling-rate Q --steps N --epsilon E --delta D}: the smallest noise multiplier
 *       meeting (E, D) under each of those two conversions ({@link SampledGaussianRdp#sigmaFor}).
 * </ul>
 * {@code --accountant rdp|pld|all} (default {@code all}) chooses, for the last four modes, which
 * accountants report: {@code rdp} the zCDP/RDP conversions above (and the analytic Gaussian),
 * {@code pld} the privacy-loss-distribution accountant ({@link PldAccountant}: pessimistic, at
 * discretization interval {@link PrivacyLossDistribution#DEFAULT_INTERVAL}; ε as {@code pldEpsilon},
 * σ as {@code sigmaPld} / {@code noiseMultiplierPld}), {@code all} both, the PLD values last.
 * {@code --json} prints one JSON object instead of the table. Invalid, missing or inconsistent
 * options print one {@code error: --option: reason} line to stderr and exit with 2, as do options
 * whose derived quantities leave the range of double (e.g. {@code --rho 1e308}); no stack trace.
 * Options are read as text and parsed here so that every message has that form.
 */
@Command(name = "account", mixinStandardHelpOptions = true,
        description = {
            "Privacy accounting for Gaussian releases: zCDP rho <-> (epsilon, delta), or the noise sigma a target needs;"
                    + " and for DP-SGD (Poisson-subsampled Gaussian, RDP and PLD): epsilon of a run, or the noise multiplier a target needs.",
            "Modes (exactly one): --rho R --delta D | --sigma S --sensitivity C [--compositions K] --delta D"
                    + " | --epsilon E --delta D --sensitivity C"
                    + " | --sampling-rate Q --noise-multiplier M --steps N --delta D"
                    + " | --sampling-rate Q --steps N --epsilon E --delta D.",
            "--accountant rdp|pld|all (default all) picks the accountants of the last four modes:"
                    + " zCDP/RDP conversions, the privacy loss distribution (PLD, an upper bound), or both."
        })
public final class AccountCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--rho", paramLabel = "R", description = "Total zCDP rho (positive).")
    private String rho;

    @Option(names = "--sigma", paramLabel = "S", description = "Gaussian noise standard deviation (positive).")
    private String sigma;

    @Option(names = "--epsilon", paramLabel = "E", description = "Target epsilon (positive): print the sigma each calibration needs"
            + " (with --sampling-rate: the noise multiplier each conversion needs).")
    private String epsilon;

    @Option(names = "--delta", paramLabel = "D", description = "delta in (0, 1); required.")
    private String delta;

    @Option(names = "--sensitivity", paramLabel = "C", description = "L2 sensitivity of one release (with --sigma, or --epsilon without --sampling-rate).")
    private String sensitivity;

    @Option(names = "--compositions", paramLabel = "K", description = "Number of identical releases composed (with --sigma; default 1).")
    private String compositions;

    @Option(names = "--sampling-rate", paramLabel = "Q",
            description = "DP-SGD: probability in (0, 1] with which each record joins a step (Poisson sampling).")
    private String samplingRate;

    @Option(names = "--noise-multiplier", paramLabel = "M",
            description = "DP-SGD: noise std / clipping norm (positive), with --sampling-rate.")
    private String noiseMultiplier;

    @Option(names = "--steps", paramLabel = "N", description = "DP-SGD: number of steps (positive integer), with --sampling-rate.")
    private String steps;

    @Option(names = "--accountant", paramLabel = "A",
            description = "rdp, pld or all (default all): which accountants report, with --sigma, --epsilon or --sampling-rate.")
    private String accountant;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    private boolean json;

    /** A command with no options set; picocli fills them in. */
    public AccountCommand() {
        // Instantiated by picocli.
    }

    @Override
    public Integer call() throws JsonProcessingException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Output output = compute();
            out.print(json ? new ObjectMapper().writeValueAsString(output.values()) + System.lineSeparator()
                    : output.table());
            return 0;
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            return PrivsimCli.EXIT_INVALID;
        } catch (IllegalArgumentException | ArithmeticException e) {
            // Options in range whose derived values leave double range (e.g. --rho 1e308: μ = ∞).
            err.println("error: cannot compute for these options: " + e.getMessage());
            return PrivsimCli.EXIT_INVALID;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /**
     * Inputs echoed at the top of an output: each value under its JSON key and as a table row, in the
     * order put (a count shown as an integer).
     */
    private static final class Echo {
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
            AccountCommand.row(table, label, value);
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
    private record Output(Map<String, ? extends Number> values, String table) {}

    private Output compute() throws UsageException {
        List<String> modes = new ArrayList<>();
        if (rho != null) {
            modes.add("--rho");
        }
        if (sigma != null) {
            modes.add("--sigma");
        }
        if (epsilon != null && samplingRate == null) {
            modes.add("--epsilon");
        }
        if (samplingRate != null) {
            modes.add("--sampling-rate");
        }
        if (modes.isEmpty()) {
            throw new UsageException("one of --rho, --sigma, --epsilon or --sampling-rate is required");
        }
        if (modes.size() > 1) {
            throw new UsageException(modes.get(1) + ": cannot be combined with " + modes.get(0));
        }
        double d = parse("--delta", require("--delta", delta));
        if (!(d > 0 && d < 1)) {
            throw new UsageException("--delta: must be in (0, 1)");
        }
        if (samplingRate != null) {
            return dpSgd(d, accountants());
        }
        forbid("--noise-multiplier", noiseMultiplier, "--sampling-rate");
        forbid("--steps", steps, "--sampling-rate");
        if (rho != null) {
            forbid("--accountant", accountant, "--sigma, --epsilon or --sampling-rate");
            forbid("--sensitivity", sensitivity, "--sigma or --epsilon");
            forbid("--compositions", compositions, "--sigma");
            return epsilons(new LinkedHashMap<>(), positive("--rho", rho), d);
        }
        double c = positive("--sensitivity", require("--sensitivity", sensitivity));
        if (sigma != null) {
            double s = positive("--sigma", sigma);
            int k = compositions == null ? 1 : positiveInt("--compositions", compositions);
            Map<String, Double> inputs = new LinkedHashMap<>();
            inputs.put("sigma", s);
            inputs.put("sensitivity", c);
            inputs.put("compositions", (double) k);
            Accountants which = accountants();
            double r = k * Zcdp.gaussianRho(c, s);
            Output rdp = which.rdp() ? epsilons(inputs, r, d) : inputsOnly(inputs, r, d);
            if (!which.pld()) {
                return rdp;
            }
            double pld = PldAccountant.gaussian(s, c, PrivacyLossDistribution.DEFAULT_INTERVAL).selfCompose(k).epsilon(d);
            return withPld(rdp, "pldEpsilon", pld, "epsilon",
                    "PLD: the Gaussian's privacy loss distribution composed " + k + " times by FFT.");
        }
        forbid("--compositions", compositions, "--sigma");
        double e = positive("--epsilon", epsilon);
        Accountants which = accountants();
        Output rdp = which.rdp() ? sigmas(e, d, c) : targetOnly(e, d, "sensitivity", c);
        if (!which.pld()) {
            return rdp;
        }
        return withPld(rdp, "sigmaPld", PldAccountant.gaussianSigmaFor(c, d, e), "sigma",
                "PLD: the smallest sigma (to relative " + PldAccountant.SIGMA_RELATIVE_TOLERANCE
                        + ") whose one-release PLD epsilon is at most epsilon.");
    }

    /**
     * Which accountants report.
     *
     * @param rdp the zCDP/RDP conversions
     * @param pld the PLD accountant
     */
    private record Accountants(boolean rdp, boolean pld) {}

    private Accountants accountants() throws UsageException {
        String a = accountant == null ? "all" : accountant.trim();
        return switch (a) {
            case "rdp" -> new Accountants(true, false);
            case "pld" -> new Accountants(false, true);
            case "all" -> new Accountants(true, true);
            default -> throw new UsageException("--accountant: must be rdp, pld or all, got '" + accountant + "'");
        };
    }

    /** The --sigma mode's inputs and ρ, δ without any conversion (for --accountant pld). */
    private static Output inputsOnly(Map<String, Double> inputs, double r, double d) {
        Echo echo = new Echo();
        inputs.forEach(echo::row);
        return echo.put("rho", "zCDP rho", r).put("delta", "delta", d).output();
    }

    /** The target (ε, δ) and one more input, without any calibration (for --accountant pld). */
    private static Output targetOnly(double e, double d, String name, double value) {
        return new Echo().put("epsilon", "epsilon", e).put("delta", "delta", d).put(name, name, value).output();
    }

    /** {@code base} with the PLD value appended: as {@code key} in the JSON, as a table section after the table. */
    private static Output withPld(Output base, String key, double value, String column, String note) {
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
    private static Output epsilons(Map<String, Double> inputs, double r, double d) {
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
    private static Output sigmas(double e, double d, double c) {
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

    /** The two DP-SGD modes, after the mode and δ = d have been checked. */
    private Output dpSgd(double d, Accountants which) throws UsageException {
        if (sensitivity != null) {
            throw new UsageException("--sensitivity: not used with --sampling-rate"
                    + " (the noise multiplier is relative to the clipping norm: sensitivity 1)");
        }
        forbid("--compositions", compositions, "--sigma");
        if (noiseMultiplier != null && epsilon != null) {
            throw new UsageException("--epsilon: cannot be combined with --noise-multiplier");
        }
        if (noiseMultiplier == null && epsilon == null) {
            throw new UsageException("one of --noise-multiplier or --epsilon is required with --sampling-rate");
        }
        double q = parse("--sampling-rate", samplingRate);
        if (!(q > 0 && q <= 1)) {
            throw new UsageException("--sampling-rate: must be in (0, 1]");
        }
        int n = positiveInt("--steps", require("--steps", steps));
        if (noiseMultiplier != null) {
            double m = positive("--noise-multiplier", noiseMultiplier);
            Output rdp = which.rdp() ? dpSgdEpsilons(q, m, n, d) : dpSgdInputs(q, m, n, d);
            if (!which.pld()) {
                return rdp;
            }
            return withPld(rdp, "pldEpsilon", PldAccountant.dpSgdEpsilon(q, m, n, d), "epsilon",
                    "PLD: the Poisson-subsampled Gaussian's privacy loss distribution composed over the steps by FFT.");
        }
        double e = positive("--epsilon", epsilon);
        if (!which.rdp()) {
            return withPld(dpSgdTarget(q, n, e, d), "noiseMultiplierPld", PldAccountant.sigmaFor(q, n, d, e),
                    "noise multiplier", PLD_SIGMA_NOTE);
        }
        // The classic conversion's floor is the higher one, so above it both conversions are reachable.
        double floor = SampledGaussianRdp.epsilonFloor(d, Conversion.CLASSIC);
        if (!(e > floor)) {
            // Rounded up, so that every value above the printed one is accepted.
            String atLeast = new BigDecimal(floor).round(new MathContext(10, RoundingMode.CEILING))
                    .stripTrailingZeros().toString();
            throw new UsageException("--epsilon: must exceed " + atLeast
                    + " at this delta (the classic conversion of zero RDP over the default orders;"
                    + " no noise multiplier goes below it)");
        }
        Output rdp = noiseMultipliers(q, n, e, d);
        if (!which.pld()) {
            return rdp;
        }
        return withPld(rdp, "noiseMultiplierPld", PldAccountant.sigmaFor(q, n, d, e), "noise multiplier", PLD_SIGMA_NOTE);
    }

    private static final String PLD_SIGMA_NOTE = "PLD: the smallest noise multiplier (to relative "
            + PldAccountant.SIGMA_RELATIVE_TOLERANCE + ") whose PLD epsilon over the steps is at most epsilon.";

    /** The DP-SGD inputs of the ε mode, echoed at the top of its output under every accountant. */
    private static Output dpSgdInputs(double q, double m, int n, double d) {
        return new Echo().put("samplingRate", "sampling rate q", q).put("noiseMultiplier", "noise multiplier", m)
                .put("steps", "steps", n).put("delta", "delta", d).output();
    }

    /** The DP-SGD inputs of the σ mode, echoed at the top of its output under every accountant. */
    private static Output dpSgdTarget(double q, int n, double e, double d) {
        return new Echo().put("samplingRate", "sampling rate q", q).put("steps", "steps", n)
                .put("epsilon", "epsilon", e).put("delta", "delta", d).output();
    }

    /** ε of n DP-SGD steps at sampling rate q, noise multiplier m and δ = d, both conversions. */
    private static Output dpSgdEpsilons(double q, double m, int n, double d) {
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
    private static Output noiseMultipliers(double q, int n, double e, double d) {
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

    private static String defaultOrdersText(double[] orders) {
        return orders.length + " default, " + plain(orders[0]) + " to " + plain(orders[orders.length - 1]);
    }

    private static void orderRow(StringBuilder s, String label, double value, double order) {
        s.append(String.format("%-28s %-16s %s%n", label, format(value), plain(order)));
    }

    /** A row whose value is already text. */
    private static void textRow(StringBuilder s, String label, String value) {
        s.append(String.format("%-28s %s%n", label, value));
    }

    /** The shortest decimal of an order (8.8, 9, 256), never in exponent notation. */
    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static void line(StringBuilder s, String text) {
        s.append(text).append(System.lineSeparator());
    }

    private static void header(StringBuilder s, String left, String right) {
        s.append(String.format("%-28s %s%n", left, right));
    }

    private static void row(StringBuilder s, String label, double value) {
        s.append(String.format("%-28s %s%n", label, format(value)));
    }

    /** 10 significant digits, trailing zeros removed. */
    private static String format(double value) {
        return new BigDecimal(value).round(new MathContext(10)).stripTrailingZeros().toString();
    }

    private static void forbid(String option, String value, String onlyWith) throws UsageException {
        if (value != null) {
            throw new UsageException(option + ": only used with " + onlyWith);
        }
    }

    private static String require(String option, String value) throws UsageException {
        if (value == null) {
            throw new UsageException(option + ": required");
        }
        return value;
    }

    private static double parse(String option, String text) throws UsageException {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(option + ": not a number: '" + text + "'");
        }
    }

    private static double positive(String option, String text) throws UsageException {
        double value = parse(option, text);
        if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
            throw new UsageException(option + ": must be positive and finite");
        }
        return value;
    }

    private static int positiveInt(String option, String text) throws UsageException {
        try {
            int value = Integer.parseInt(text.trim());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + ": must be a positive integer");
    }

    /** An invalid, missing or inconsistent option; the message is the text after "error: ". */
    private static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
