package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.AuditSpec;

/** The fields of a one-run audit: canaries, guesses, and the trials it does not use. */
class OneRunAuditParserTest {

    private static final String FEDAVG = "algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-5, samplingRate: 0.2,"
            + " rounds: 5";

    private static String scenario(String audit) {
        return "name: t\ntask: { type: low-rank-regression, users: 100, samplesPerUser: 8, dimension: 20, rank: 2,"
                + " labelNoise: 0.1 }\naudits:\n  - { " + audit + " }\n";
    }

    private static void assertSingleError(String audit, String path, String reason) {
        String yaml = scenario(audit);
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(yaml, "t.yaml"))
                .errors();
        SchemaCheck.assertSchemaAgrees(yaml, errors);
        assertEquals(List.of(new FieldError(path, reason)), errors);
    }

    @Test
    void oneRunReadsCanariesAndGuesses() {
        AuditSpec spec = ScenarioParser.parse(scenario(FEDAVG + ", method: one-run, canaries: 20, guesses: 10"),
                "t.yaml").audits().get(0);
        assertEquals(AuditMethod.ONE_RUN, spec.method());
        assertEquals(20, spec.canaries());
        assertEquals(10, spec.guesses());
        assertEquals(1, spec.trials());
        AuditSpec byDefault = ScenarioParser.parse(scenario(FEDAVG + ", method: one-run, canaries: 2"), "t.yaml")
                .audits().get(0);
        assertNull(byDefault.guesses());
    }

    @Test
    void canariesAreRequiredCheckedAndOnlyForOneRun() {
        assertSingleError(FEDAVG + ", method: one-run", "audits[0].canaries",
                "required with method one-run (the canaries of its one run)");
        assertSingleError(FEDAVG + ", method: one-run, canaries: 1", "audits[0].canaries", "must be ≥ 2, got 1");
        assertSingleError(FEDAVG + ", method: one-run, canaries: 21", "audits[0].canaries",
                "must be ≤ the dimension of the released statistic on the scenario's task (20: one direction per"
                        + " canary), got 21");
        assertSingleError(FEDAVG + ", canaries: 10", "audits[0].canaries",
                "only used with method one-run (the other methods play trials; see trials)");
        assertSingleError(FEDAVG + ", method: one-run, canaries: 10, trials: 400", "audits[0].trials",
                "not used by method one-run (it plays one run of the population with its canaries; see canaries)");
        assertSingleError(FEDAVG + ", method: one-run, canaries: 10, guesses: 12", "audits[0].guesses",
                "must be ≤ canaries (10), got 12");
        assertSingleError(FEDAVG + ", guesses: 12", "audits[0].guesses", "only used with method one-run");
    }

    @Test
    void canariesAtMostThePopulation() {
        String yaml = "name: t\ntask: { type: low-rank-regression, users: 10, samplesPerUser: 8, dimension: 20, rank: 2,"
                + " labelNoise: 0.1 }\naudits:\n  - { " + FEDAVG + ", method: one-run, canaries: 12 }\n";
        assertEquals(List.of(new FieldError("audits[0].canaries",
                "must be ≤ the population of the scenario's task (10), got 12")),
                assertThrows(ScenarioException.class, () -> ScenarioParser.parse(yaml, "t.yaml")).errors());
    }

    @Test
    void oneRunOnlyWhereImplemented() {
        String yaml = "name: t\ntask: { type: indexed-mean, dimension: 50, persons: 40 }\naudits:\n"
                + "  - { algorithm: indexed-mean-jdp, epsilon: 1, delta: 1.0e-5, method: one-run, canaries: 4 }\n";
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> ScenarioParser.parse(yaml, "t.yaml"))
                .errors();
        assertEquals("audits[0].method", errors.get(0).path());
    }
}
