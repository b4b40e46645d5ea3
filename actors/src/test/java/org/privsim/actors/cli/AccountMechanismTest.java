package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.RepeatAndSelectRdp;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.privacy.SampledWithoutReplacementRdp;

/**
 * {@code privsim account --mechanism}: each mechanism's ε is dp_accounting's for its event (the
 * vectors of the core accountants' tests: dp_accounting's Python source run locally), and a problem
 * is one {@code error: --option: reason} line with exit 2.
 */
class AccountMechanismTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        picocli.CommandLine cli = PrivsimCli.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    private JsonNode json(String... args) throws Exception {
        assertEquals(0, run(args), err::toString);
        return new ObjectMapper().readTree(out.toString());
    }

    /**
     * 10 of 1000 users a round without replacement, noise multiplier 2 on the clipped sum: the event's
     * multiplier is 1 (replace-one moves the sum by 2C); dp_accounting: 1.482525669114427 at δ = 1e-5.
     */
    @Test
    void fixedCohortsAreDpAccountingsWithoutReplacementEvent() throws Exception {
        JsonNode node = json("account", "--mechanism", "fixed-cohort", "--users", "1000", "--cohort", "10",
                "--noise-multiplier", "2", "--steps", "100", "--delta", "1e-5", "--json");
        assertEquals(1.0, node.get("eventNoiseMultiplier").asDouble(), 0);
        assertEquals(1.482525669114427, node.get("epsilon").asDouble(), 1e-12 * 1.48);
    }

    /** One epoch of 100 rounds at noise multiplier 1: depth 7; dp_accounting: 15.17541982626362. */
    @Test
    void treeAggregationIsDpAccountingsTreeEvent() throws Exception {
        JsonNode node = json("account", "--mechanism", "tree", "--noise-multiplier", "1", "--steps", "100",
                "--epochs", "1", "--delta", "1e-5", "--json");
        assertEquals(7, node.get("treeDepth").asInt());
        assertEquals(15.17541982626362, node.get("epsilon").asDouble(), 1e-12 * 15.2);
    }

    /**
     * Banded with b = 4 at q = 0.01 over 100 rounds is the Poisson-sampled Gaussian at rate 0.04
     * composed 25 times; the best of a Poisson number of runs (mean 5) is its repeat-and-select curve.
     */
    @Test
    void bandedIsTheAmplifiedPoissonCompositionAndSelectionAddsItsCost() throws Exception {
        JsonNode node = json("account", "--mechanism", "banded", "--sampling-rate", "0.01", "--bands", "4",
                "--noise-multiplier", "1", "--steps", "100", "--delta", "1e-5", "--select-mean", "5",
                "--select-shape", "poisson", "--json");
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = 25 * SampledGaussianRdp.rdp(0.04, 1, orders[i]);
        }
        assertEquals(25, node.get("compositions").asInt());
        assertEquals(Conversions.tightEpsilonFromRdp(orders, curve, 1e-5), node.get("epsilon").asDouble(), 0);
        assertEquals(RepeatAndSelectRdp.epsilon(curve, 5, Double.POSITIVE_INFINITY, 1e-5),
                node.get("selectedEpsilon").asDouble(), 0);
    }

    @Test
    void problemsNameTheOption() {
        assertEquals(PrivsimCli.EXIT_INVALID, run("account", "--mechanism", "tree", "--noise-multiplier", "1",
                "--steps", "10", "--delta", "1e-5"));
        assertEquals("error: --epochs: required", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(PrivsimCli.EXIT_INVALID, run("account", "--mechanism", "fixed-cohort", "--users", "10",
                "--cohort", "11", "--noise-multiplier", "1", "--steps", "10", "--delta", "1e-5"));
        assertEquals("error: --cohort: must be at most --users (10), got 11", err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(PrivsimCli.EXIT_INVALID, run("account", "--mechanism", "tree", "--bands", "2",
                "--noise-multiplier", "1", "--steps", "10", "--epochs", "1", "--delta", "1e-5"));
        assertEquals("error: --bands: not used with --mechanism tree", err.toString().strip());
    }
}
