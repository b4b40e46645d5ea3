package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.privsim.core.audit.OneRunBound;

class AuditBoundCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        picocli.CommandLine cli = PrivsimCli.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    /** The paper's worked example (App. D): 1000 canaries, 75 of 100 guesses right, δ = 1e-4: ε ≥ 0.673. */
    @Test
    void printsThePapersWorkedBound() throws Exception {
        assertEquals(0, run("audit-bound", "--canaries", "1000", "--guesses", "100", "--correct", "75",
                "--delta", "1e-4"), err::toString);
        assertEquals("epsilon >= 0.6730 at 95 % confidence (1000 canaries, 75 of 100 guesses right, delta 1.0E-4)\n",
                out.toString().replace("\r\n", "\n"));
        out.getBuffer().setLength(0);
        assertEquals(0, run("audit-bound", "--canaries", "1000", "--guesses", "100", "--correct", "75",
                "--delta", "1e-4", "--epsilon", "1", "--json"), err::toString);
        JsonNode node = new ObjectMapper().readTree(out.toString());
        assertEquals(OneRunBound.epsilonLowerBound(1000, 100, 75, 1e-4, 0.95), node.get("epsilonLowerBound").asDouble(), 0);
        assertEquals(OneRunBound.pValue(1000, 100, 75, 1, 1e-4), node.get("pValue").asDouble(), 0);
        assertTrue(node.get("pValue").asDouble() > 0.05, "epsilon 1 is above the bound, so not rejected");
    }

    @Test
    void inconsistentCountsAreInvalidInputNamingTheOption() {
        assertEquals(PrivsimCli.EXIT_INVALID, run("audit-bound", "--canaries", "10", "--guesses", "12", "--correct", "3",
                "--delta", "1e-5"));
        assertEquals("error: --guesses: must be in 0..10 (at most --canaries), got 12", err.toString().strip());
        assertEquals("", out.toString());
    }
}
