package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.Collusion;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.privacy.CompositionBound;

/** The {@code audits} section for mp-mtl-low-rank and mp-mtl-group-sparse: defaults, the claim, every rule. */
class MpMtlAuditParserTest {

    private static final String TASK =
            "task: { type: multitask-regression, tasks: 10, samplesPerTask: 10, dimension: 5, structure: low-rank }\n";
    private static final String AUDIT = "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 0.01";

    private static Scenario parse(String yaml) {
        return ScenarioParser.parse(yaml, "test.yaml");
    }

    private static String audits(String task, String... audits) {
        StringBuilder yaml = new StringBuilder("name: t\n" + task + "audits:\n");
        for (String a : audits) {
            yaml.append("  - { ").append(a).append(" }\n");
        }
        return yaml.toString();
    }

    private static void assertSingleError(String yaml, String path, String reason) {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> parse(yaml)).errors();
        SchemaCheck.assertSchemaAgrees(yaml, errors);
        assertEquals(List.of(new FieldError(path, reason)), errors);
    }

    /**
     * An experiment without λ runs the default grid and MP-MTL's default T; an audit runs one
     * configuration, so it must name its λ.
     */
    @Test
    void experimentsDefaultLambdaToTheGridAuditsMustNameIt() {
        Scenario scenario = parse("name: t\n" + TASK + "experiments: [ { algorithm: mp-mtl-low-rank, epsilon: 1 },"
                + " { algorithm: mtl-trace-norm } ]\n");
        ExperimentSpec mpMtl = scenario.experiments().get(0);
        assertEquals(Defaults.LAMBDAS, mpMtl.settings(MultitaskSettings.class).lambdas());
        assertEquals(1, mpMtl.settings(MultitaskSettings.class).iterations());
        ExperimentSpec traceNorm = scenario.experiments().get(1);
        assertEquals(Defaults.LAMBDAS, traceNorm.settings(MultitaskSettings.class).lambdas());
        assertEquals(Defaults.MULTITASK_ITERATIONS, traceNorm.settings(MultitaskSettings.class).iterations());
        assertSingleError(audits(TASK, "algorithm: mp-mtl-low-rank, epsilon: 1"), "audits[0].lambda",
                "required field missing");
    }

    @Test
    void defaultsAreJdpAllButTargetAndTheExperimentsDelta() {
        AuditSpec audit = parse(audits(TASK, AUDIT)).audits().get(0);
        MultitaskRegressionTask task = (MultitaskRegressionTask) audit.task();
        assertEquals(ThreatModel.JDP, audit.threatModel());
        assertEquals(Collusion.ALL_BUT_TARGET, audit.collusion());
        assertEquals(Defaults.multitaskDelta(task), audit.delta());
        assertNull(audit.calibration());
        assertNull(audit.canaryScale());
        ExperimentSpec run = audit.experiment();
        assertEquals(List.of(1.0), run.epsilons());
        assertEquals(List.of(0.01), run.settings(MultitaskSettings.class).lambdas());
        assertEquals(Defaults.MP_MTL_ITERATIONS, run.settings(MultitaskSettings.class).iterations());
        assertEquals(Defaults.multitaskClip(task), run.clipModel());
        // The claim is CB of the planned releases at δ, never above the target ε.
        double[] releases = run.settings(MultitaskSettings.class).allocation().epsilons(Defaults.MP_MTL_ITERATIONS, 1, audit.delta());
        assertEquals(CompositionBound.of(releases, audit.delta()), audit.epsilon());
    }

    @Test
    void deltaZeroIsAPureClaimOfTheSumOfTheReleases() {
        AuditSpec audit = parse(audits(TASK, AUDIT + ", delta: 0, iterations: 3, threatModel: jdp,"
                + " collusion: all-but-target")).audits().get(0);
        assertEquals(0, audit.delta());
        assertEquals(1, audit.epsilon(), 1e-9);
        assertEquals(0, audit.experiment().delta());
    }

    @Test
    void rulesOfMpMtlAudits() {
        assertSingleError(audits(TASK, AUDIT + ", threatModel: billboard"), "audits[0].threatModel",
                "mp-mtl-low-rank is audited under jdp (every task receives the same M; the adversary is all"
                        + " other tasks) or, with covarianceNoise gaussian, white-box, got billboard");
        assertSingleError(audits(TASK, "algorithm: mp-mtl-group-sparse, epsilon: 1, lambda: 1, threatModel:"
                        + " one-out-of-t"), "audits[0].threatModel",
                "mp-mtl-group-sparse is audited under jdp (every task receives the same M; the adversary is all"
                        + " other tasks) or, with covarianceNoise gaussian, white-box, got one-out-of-t");
        assertSingleError(audits(TASK, AUDIT + ", collusion: 3"), "audits[0].collusion",
                "mp-mtl-low-rank is audited with every other task colluding (all-but-target), got size 3");
        assertSingleError(audits(TASK, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: [0.01, 0.1]"), "audits[0].lambda",
                "an audit runs one λ; give a single number, got [0.01, 0.1]");
        assertSingleError(audits(TASK, "algorithm: mp-mtl-low-rank, epsilon: 1"), "audits[0].lambda",
                "required field missing");
        assertSingleError(audits(TASK, AUDIT + ", repeats: 2"), "audits[0].repeats",
                "not used by audits (an audit's trials are its independent runs; see trials)");
        assertSingleError(audits(TASK, AUDIT + ", exportModels: true"), "audits[0].exportModels",
                "not used by audits (they report verdicts, not models)");
        assertSingleError(audits(TASK, AUDIT + ", delta: 1"), "audits[0].delta", "must be < 1, got 1");
        assertSingleError(audits(TASK, AUDIT + ", calibration: tight"), "audits[0].calibration",
                "only used by mp-mtl-low-rank with covarianceNoise gaussian (its Wishart releases claim pure ε_t,"
                        + " composed by the KOV bound)");
        assertSingleError(audits(TASK, AUDIT + ", method: gaussian-dp"), "audits[0].method",
                "gaussian-dp is valid only for Gaussian mechanisms; mp-mtl-low-rank adds Wishart noise (use"
                        + " clopper-pearson, or covarianceNoise: gaussian)");
        String gaussian = AUDIT + ", covarianceNoise: gaussian";
        assertSingleError(audits(TASK, gaussian + ", covarianceShift: [0, 1]"), "audits[0].covarianceShift",
                "an audit runs one shift; give a single number, got [0.0, 1.0]");
        assertSingleError(audits(TASK, gaussian + ", delta: 0"), "audits[0].delta",
                "must be > 0 with covarianceNoise gaussian (a Gaussian release is not pure ε-DP)");
        AuditSpec paper = parse(audits(TASK, gaussian + ", calibration: paper, method: gaussian-dp")).audits().get(0);
        assertEquals(Calibration.PAPER, paper.calibration());
        assertEquals(1, paper.epsilon(), 0);
        assertSingleError(audits(TASK, AUDIT + ", canaryScale: 2"), "audits[0].canaryScale",
                "not used by mp-mtl-low-rank (its canary task is built in)");
        assertSingleError(audits(TASK, AUDIT + ", target: 10"), "audits[0].target",
                "must be < the population of the scenario's task (10), got 10");
        assertSingleError(audits(TASK, AUDIT + ", epochs: 2"), "audits[0].epochs", "not used by mp-mtl-low-rank");
        assertSingleError(audits(TASK, AUDIT + ", outlierTask: 11"), "audits[0].outlierTask",
                "must be ≤ task.tasks (10), got 11");
        assertSingleError(audits("task: { type: multitask-regression, tasks: 10, samplesPerTask: 10, dimension: 5,"
                        + " structure: [low-rank, group-sparse] }\n", AUDIT), "audits[0].algorithm",
                "an audit runs on one structure, but the scenario's task lists 2; give the audit its own task with"
                        + " one structure");
        assertSingleError(audits("task: { type: indexed-mean, dimension: 50, persons: 40 }\n", AUDIT),
                "audits[0].algorithm", "mp-mtl-low-rank needs a task of type multitask-regression, but the"
                        + " scenario's task is of type indexed-mean");
    }
}
