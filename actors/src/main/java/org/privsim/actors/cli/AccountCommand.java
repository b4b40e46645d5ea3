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
import org.privsim.actors.cli.AccountTables.Output;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.PrivacyLossDistribution;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.privacy.SampledGaussianRdp.Conversion;
import org.privsim.core.privacy.Zcdp;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Mixin
    private MechanismOptions mechanismOptions = new MechanismOptions();

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

    private Output compute() throws UsageException {
        if (mechanismOptions.chosen()) {
            for (String[] other : new String[][] {{"--rho", rho}, {"--sigma", sigma}, {"--epsilon", epsilon},
                    {"--sensitivity", sensitivity}, {"--compositions", compositions}, {"--accountant", accountant}}) {
                forbid(other[0], other[1], "--mechanism gaussian (the default)");
            }
            return mechanismOptions.account(delta, noiseMultiplier, steps, samplingRate);
        }
        mechanismOptions.checkUnused();
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
            return AccountTables.epsilons(new LinkedHashMap<>(), positive("--rho", rho), d);
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
            Output rdp = which.rdp() ? AccountTables.epsilons(inputs, r, d) : AccountTables.inputsOnly(inputs, r, d);
            if (!which.pld()) {
                return rdp;
            }
            double pld = PldAccountant.gaussian(s, c, PrivacyLossDistribution.DEFAULT_INTERVAL).selfCompose(k).epsilon(d);
            return AccountTables.withPld(rdp, "pldEpsilon", pld, "epsilon",
                    "PLD: the Gaussian's privacy loss distribution composed " + k + " times by FFT.");
        }
        forbid("--compositions", compositions, "--sigma");
        double e = positive("--epsilon", epsilon);
        Accountants which = accountants();
        Output rdp = which.rdp() ? AccountTables.sigmas(e, d, c) : AccountTables.targetOnly(e, d, "sensitivity", c);
        if (!which.pld()) {
            return rdp;
        }
        return AccountTables.withPld(rdp, "sigmaPld", PldAccountant.gaussianSigmaFor(c, d, e), "sigma",
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
            Output rdp = which.rdp() ? AccountTables.dpSgdEpsilons(q, m, n, d) : AccountTables.dpSgdInputs(q, m, n, d);
            if (!which.pld()) {
                return rdp;
            }
            return AccountTables.withPld(rdp, "pldEpsilon", PldAccountant.dpSgdEpsilon(q, m, n, d), "epsilon",
                    "PLD: the Poisson-subsampled Gaussian's privacy loss distribution composed over the steps by FFT.");
        }
        double e = positive("--epsilon", epsilon);
        if (!which.rdp()) {
            return AccountTables.withPld(AccountTables.dpSgdTarget(q, n, e, d), "noiseMultiplierPld", PldAccountant.sigmaFor(q, n, d, e),
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
        Output rdp = AccountTables.noiseMultipliers(q, n, e, d);
        if (!which.pld()) {
            return rdp;
        }
        return AccountTables.withPld(rdp, "noiseMultiplierPld", PldAccountant.sigmaFor(q, n, d, e), "noise multiplier", PLD_SIGMA_NOTE);
    }

    private static final String PLD_SIGMA_NOTE = "PLD: the smallest noise multiplier (to relative "
            + PldAccountant.SIGMA_RELATIVE_TOLERANCE + ") whose PLD epsilon over the steps is at most epsilon.";

    static void forbid(String option, String value, String onlyWith) throws UsageException {
        if (value != null) {
            throw new UsageException(option + ": only used with " + onlyWith);
        }
    }

    static String require(String option, String value) throws UsageException {
        if (value == null) {
            throw new UsageException(option + ": required");
        }
        return value;
    }

    static double parse(String option, String text) throws UsageException {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(option + ": not a number: '" + text + "'");
        }
    }

    static double positive(String option, String text) throws UsageException {
        double value = parse(option, text);
        if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
            throw new UsageException(option + ": must be positive and finite");
        }
        return value;
    }

    static int positiveInt(String option, String text) throws UsageException {
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
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
