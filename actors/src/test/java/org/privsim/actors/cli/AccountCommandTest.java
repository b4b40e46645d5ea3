package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.SampledGaussianRdp;
import picocli.CommandLine;

class AccountCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new AccountCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    private JsonNode json(String... args) throws Exception {
        assertEquals(0, run(args), () -> err.toString());
        return new ObjectMapper().readTree(out.toString());
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void rhoModeReproducesOpenDpVector() throws Exception {
        JsonNode node = json("--rho", "0.03125", "--delta", "1e-3", "--json");
        // OpenDP cdp_epsilon(1/32, 1e-3) = 0.6880024554878086; required tolerance 1e-9.
        assertEquals(0.6880024554878086, node.get("tightEpsilon").asDouble(), 1e-9);
        assertEquals(List.of("rho", "delta", "classicEpsilon", "tightEpsilon", "analyticGaussianEpsilon"), names(node));
        assertEquals(0.03125, node.get("rho").asDouble(), 0);
        assertEquals(Conversions.classicEpsilon(0.03125, 1e-3), node.get("classicEpsilon").asDouble(), 0);
        assertEquals(Conversions.analyticGaussianEpsilon(0.25, 1e-3), node.get("analyticGaussianEpsilon").asDouble(), 0);
        assertEquals("", err.toString());
    }

    @Test
    void sigmaModeComposesReleases() throws Exception {
        // ρ = K·C²/(2σ²) = 8 · 1/(2·16) = 0.25; exact in binary.
        JsonNode node = json("--sigma", "4", "--sensitivity", "1", "--compositions", "8", "--delta", "1e-5", "--json");
        assertEquals(0.25, node.get("rho").asDouble(), 0);
        assertEquals(Conversions.tightEpsilon(0.25, 1e-5), node.get("tightEpsilon").asDouble(), 0);
        assertEquals(List.of("rho", "delta", "classicEpsilon", "tightEpsilon", "analyticGaussianEpsilon", "pldEpsilon"),
                names(node));
        // Eight Gaussians of σ = 4 are one of μ = √8/4: the PLD ε is an upper bound within 1e-3 of it.
        double exact = node.get("analyticGaussianEpsilon").asDouble();
        double pld = node.get("pldEpsilon").asDouble();
        assertTrue(pld >= exact && pld - exact < 1e-3, pld + " vs exact " + exact);
    }

    @Test
    void accountantRdpKeepsTheFormerOutputAndPldGivesOnlyItsOwn() throws Exception {
        JsonNode rdp = json("--sigma", "4", "--sensitivity", "1", "--compositions", "8", "--delta", "1e-5",
                "--accountant", "rdp", "--json");
        assertEquals(List.of("rho", "delta", "classicEpsilon", "tightEpsilon", "analyticGaussianEpsilon"), names(rdp));
        out.getBuffer().setLength(0);
        JsonNode pld = json("--sigma", "4", "--sensitivity", "1", "--compositions", "8", "--delta", "1e-5",
                "--accountant", "pld", "--json");
        assertEquals(List.of("rho", "delta", "pldEpsilon"), names(pld));
    }

    @Test
    void epsilonModeGivesSigmaPerCalibration() throws Exception {
        JsonNode node = json("--epsilon", "1", "--delta", "1e-6", "--sensitivity", "2", "--json");
        assertEquals(List.of("epsilon", "delta", "sensitivity", "sigmaClassic", "sigmaTight",
                "sigmaAnalyticGaussian", "sigmaPaper", "sigmaPld"), names(node));
        // The PLD ε is an upper bound, so its σ is at least the exact one, and within 1e-3 relative.
        double pld = node.get("sigmaPld").asDouble();
        double analytic = node.get("sigmaAnalyticGaussian").asDouble();
        assertTrue(pld >= analytic && pld / analytic - 1 < 1e-3, pld + " vs " + analytic);
        // Jain et al.: C·√(8 ln(1/δ))/ε = 2·√(8·13.815510557964274) = 21.026215..., to rounding.
        assertEquals(2 * Math.sqrt(8 * Math.log(1e6)), node.get("sigmaPaper").asDouble(), 1e-12);
        double classic = node.get("sigmaClassic").asDouble();
        double tight = node.get("sigmaTight").asDouble();
        double exact = node.get("sigmaAnalyticGaussian").asDouble();
        assertTrue(exact < tight && tight < classic, exact + " < " + tight + " < " + classic);
        // Each σ meets the target under its own conversion (1e-9 relative, the inverses' accuracy).
        assertEquals(1.0, Conversions.tightEpsilon(2.0 / (tight * tight), 1e-6), 1e-9);
        assertEquals(1.0, Conversions.analyticGaussianEpsilon(2 / exact, 1e-6), 1e-9);
    }

    /** The DP-SGD test vector: q = 256/60000, σ = 1.1, 14,040 steps, δ = 1e-5. */
    private static final String Q = Double.toString(256.0 / 60000);

    @Test
    void dpSgdModeReproducesTheTestVector() throws Exception {
        JsonNode node = json("--sampling-rate", Q, "--noise-multiplier", "1.1", "--steps", "14040",
                "--delta", "1e-5", "--json");
        assertEquals(List.of("samplingRate", "noiseMultiplier", "steps", "delta", "classicEpsilon", "classicOrder",
                "tightEpsilon", "tightOrder", "pldEpsilon"), names(node));
        // dp_accounting's PLD accountant 2.3796, Opacus' PRV 2.3807 (issue 29: 2.380 ± 0.005).
        assertEquals(2.380, node.get("pldEpsilon").asDouble(), 0.005);
        assertTrue(node.get("steps").isInt(), node.toString());
        assertEquals(14040, node.get("steps").asInt());
        // mpmath (40-digit quadrature at the 157 default orders; see SampledGaussianRdpTest):
        // classic 3.0058748679163244672 at α = 8.8, tight 2.5943633549456725998 at α = 8.1.
        // Tolerance 1e-9: fractional orders are accurate to ~1e-12 here.
        assertEquals(3.0058748679163244672, node.get("classicEpsilon").asDouble(), 1e-9);
        assertEquals(8.8, node.get("classicOrder").asDouble(), 0);
        assertEquals(2.5943633549456725998, node.get("tightEpsilon").asDouble(), 1e-9);
        assertEquals(8.1, node.get("tightOrder").asDouble(), 0);
        assertEquals("", err.toString());
    }

    @Test
    void noiseMultiplierModeInvertsTheTestVector() throws Exception {
        JsonNode node = json("--sampling-rate", Q, "--steps", "14040", "--epsilon", "3.0058748679163244672",
                "--delta", "1e-5", "--accountant", "rdp", "--json");
        assertEquals(List.of("samplingRate", "steps", "epsilon", "delta", "noiseMultiplierClassic",
                "noiseMultiplierTight"), names(node));
        // Back to σ = 1.1 under the classic conversion (1e-6 relative, the inverse's tested accuracy);
        // the tight conversion needs less noise for the same ε.
        double classic = node.get("noiseMultiplierClassic").asDouble();
        assertEquals(1.1, classic, 1.1e-6);
        double tight = node.get("noiseMultiplierTight").asDouble();
        assertTrue(tight < classic, tight + " < " + classic);
        assertEquals(3.0058748679163244672, SampledGaussianRdp.epsilon(256.0 / 60000, tight, 14040, 1e-5,
                SampledGaussianRdp.defaultOrders()).tightEpsilon(), 3e-6);
    }

    @Test
    void pldAccountantAloneForDpSgd() throws Exception {
        // q = 0.01, σ = 1, 100 steps, δ = 1e-5: dp_accounting's PLD gives 0.718.
        JsonNode node = json("--sampling-rate", "0.01", "--noise-multiplier", "1", "--steps", "100", "--delta", "1e-5",
                "--accountant", "pld", "--json");
        assertEquals(List.of("samplingRate", "noiseMultiplier", "steps", "delta", "pldEpsilon"), names(node));
        assertEquals(0.718, node.get("pldEpsilon").asDouble(), 0.718e-3);
        out.getBuffer().setLength(0);
        // And back: the noise multiplier for that ε is 1 to within the bisection's and the vector's rounding.
        JsonNode sigma = json("--sampling-rate", "0.01", "--epsilon", "0.718", "--steps", "100", "--delta", "1e-5",
                "--accountant", "pld", "--json");
        assertEquals(List.of("samplingRate", "steps", "epsilon", "delta", "noiseMultiplierPld"), names(sigma));
        assertEquals(1.0, sigma.get("noiseMultiplierPld").asDouble(), 1e-3);
        out.getBuffer().setLength(0);
        assertEquals(0, run("--sampling-rate", "0.01", "--noise-multiplier", "1", "--steps", "100", "--delta", "1e-5",
                "--accountant", "pld"));
        assertTrue(out.toString().contains("PLD (h = 0.0001)             0.718"), out.toString());
    }

    @Test
    void dpSgdHumanOutputIsATable() {
        assertEquals(0, run("--sampling-rate", Q, "--noise-multiplier", "1.1", "--steps", "14040", "--delta", "1e-5"));
        String text = out.toString();
        assertTrue(text.contains("steps                        14040"), text);
        assertTrue(text.contains("orders                       157 default, 1.1 to 256"), text);
        assertTrue(text.contains("classic RDP (Mironov 2017)   3.005874868      8.8"), text);
        assertTrue(text.contains("tight RDP (CKS 2020)         2.594363355      8.1"), text);
    }

    @Test
    void dpSgdUsageErrorsAreOneLineWithExitCodeTwo() {
        String[][] cases = {
            {"error: --sampling-rate: must be in (0, 1]", "--sampling-rate", "0", "--noise-multiplier", "1", "--steps", "10", "--delta", "1e-5"},
            {"error: --sampling-rate: must be in (0, 1]", "--sampling-rate", "1.5", "--noise-multiplier", "1", "--steps", "10", "--delta", "1e-5"},
            {"error: --sampling-rate: not a number: 'x'", "--sampling-rate", "x", "--noise-multiplier", "1", "--steps", "10", "--delta", "1e-5"},
            {"error: --noise-multiplier: must be positive and finite", "--sampling-rate", "0.1", "--noise-multiplier", "0", "--steps", "10", "--delta", "1e-5"},
            {"error: --steps: must be a positive integer", "--sampling-rate", "0.1", "--noise-multiplier", "1", "--steps", "1.5", "--delta", "1e-5"},
            {"error: --steps: must be a positive integer", "--sampling-rate", "0.1", "--noise-multiplier", "1", "--steps", "0", "--delta", "1e-5"},
            {"error: --steps: required", "--sampling-rate", "0.1", "--noise-multiplier", "1", "--delta", "1e-5"},
            {"error: --delta: must be in (0, 1)", "--sampling-rate", "0.1", "--noise-multiplier", "1", "--steps", "10", "--delta", "0"},
            {"error: --epsilon: must be positive and finite", "--sampling-rate", "0.1", "--steps", "10", "--epsilon", "-1", "--delta", "1e-5"},
            // ln(1e5)/255 = 0.0451487273136..., rounded up.
            {"error: --epsilon: must exceed 0.04514872732 at this delta (the classic conversion of zero RDP over the"
                    + " default orders; no noise multiplier goes below it)",
                "--sampling-rate", "0.1", "--steps", "10", "--epsilon", "0.04", "--delta", "1e-5"},
            // Mixing modes.
            {"error: --epsilon: cannot be combined with --noise-multiplier",
                "--sampling-rate", "0.1", "--noise-multiplier", "1", "--epsilon", "1", "--steps", "10", "--delta", "1e-5"},
            {"error: one of --noise-multiplier or --epsilon is required with --sampling-rate",
                "--sampling-rate", "0.1", "--steps", "10", "--delta", "1e-5"},
            {"error: --sampling-rate: cannot be combined with --rho",
                "--rho", "1", "--sampling-rate", "0.1", "--noise-multiplier", "1", "--steps", "10", "--delta", "1e-5"},
            {"error: --sampling-rate: cannot be combined with --sigma",
                "--sigma", "1", "--sampling-rate", "0.1", "--noise-multiplier", "1", "--steps", "10", "--delta", "1e-5"},
            {"error: --sensitivity: not used with --sampling-rate (the noise multiplier is relative to the clipping"
                    + " norm: sensitivity 1)",
                "--sampling-rate", "0.1", "--epsilon", "1", "--sensitivity", "1", "--steps", "10", "--delta", "1e-5"},
            {"error: --compositions: only used with --sigma",
                "--sampling-rate", "0.1", "--noise-multiplier", "1", "--compositions", "2", "--steps", "10", "--delta", "1e-5"},
            {"error: --noise-multiplier: only used with --sampling-rate", "--rho", "1", "--noise-multiplier", "1", "--delta", "1e-5"},
            {"error: --steps: only used with --sampling-rate", "--epsilon", "1", "--sensitivity", "1", "--steps", "10", "--delta", "1e-5"},
            {"error: --accountant: must be rdp, pld or all, got 'prv'",
                "--sampling-rate", "0.1", "--noise-multiplier", "1", "--steps", "10", "--delta", "1e-5", "--accountant", "prv"},
            {"error: --accountant: only used with --sigma, --epsilon or --sampling-rate",
                "--rho", "1", "--delta", "1e-5", "--accountant", "pld"},
        };
        for (String[] c : cases) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            assertEquals(2, run(args), String.join(" ", args));
            assertEquals(c[0], err.toString().strip(), String.join(" ", args));
            assertEquals("", out.toString(), String.join(" ", args));
        }
    }

    @Test
    void humanOutputIsATable() {
        assertEquals(0, run("--rho", "0.03125", "--delta", "1e-3"));
        String text = out.toString();
        assertTrue(text.contains("tight RDP (CKS 2020)         0.6880024555"), text);
        assertTrue(text.contains("exact for any composition of Gaussian releases"), text);
    }

    @Test
    void badDeltaIsAUsageError() {
        assertEquals(2, run("--rho", "0.1", "--delta", "1.5"));
        assertEquals("error: --delta: must be in (0, 1)", err.toString().strip());
        assertEquals("", out.toString());
    }

    @Test
    void otherUsageErrorsAreOneLineWithExitCodeTwo() {
        String[][] cases = {
            {"error: --delta: required", "--rho", "0.1"},
            {"error: --delta: not a number: 'abc'", "--rho", "0.1", "--delta", "abc"},
            {"error: one of --rho, --sigma, --epsilon or --sampling-rate is required", "--delta", "1e-5"},
            {"error: --sigma: cannot be combined with --rho", "--rho", "0.1", "--sigma", "1", "--delta", "1e-5"},
            {"error: --sensitivity: required", "--sigma", "1", "--delta", "1e-5"},
            {"error: --sensitivity: only used with --sigma or --epsilon", "--rho", "0.1", "--sensitivity", "1", "--delta", "1e-5"},
            {"error: --compositions: only used with --sigma", "--epsilon", "1", "--sensitivity", "1", "--compositions", "2", "--delta", "1e-5"},
            {"error: --compositions: must be a positive integer", "--sigma", "1", "--sensitivity", "1", "--compositions", "0", "--delta", "1e-5"},
            {"error: --rho: must be positive and finite", "--rho", "-1", "--delta", "1e-5"},
            {"error: cannot compute for these options: mu must be positive and finite, got Infinity",
                "--rho", "1e308", "--delta", "1e-5"},
        };
        for (String[] c : cases) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            assertEquals(2, run(args), String.join(" ", args));
            assertEquals(c[0], err.toString().strip(), String.join(" ", args));
            assertFalse(err.toString().contains("Exception"));
        }
    }
}
