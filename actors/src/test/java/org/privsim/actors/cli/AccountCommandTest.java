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
        assertEquals(List.of("rho", "delta", "classicEpsilon", "tightEpsilon", "analyticGaussianEpsilon"), names(node));
    }

    @Test
    void epsilonModeGivesSigmaPerCalibration() throws Exception {
        JsonNode node = json("--epsilon", "1", "--delta", "1e-6", "--sensitivity", "2", "--json");
        assertEquals(List.of("epsilon", "delta", "sensitivity", "sigmaClassic", "sigmaTight",
                "sigmaAnalyticGaussian", "sigmaPaper"), names(node));
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
            {"error: one of --rho, --sigma or --epsilon is required", "--delta", "1e-5"},
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
