package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.audit.AuditAdversary;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.Collusion;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.audit.Verdict;
import org.privsim.core.privacy.Calibration;

/** The indexed-mean task, its experiments and the {@code audits} section: defaults and every rule. */
class AuditAndIndexedMeanParserTest {

    private static final String MEAN_TASK = "task: { type: indexed-mean, dimension: 50, persons: 40 }\n";
    private static final String LOW_RANK_TASK =
            "task: { type: low-rank-regression, users: 100, samplesPerUser: 8, dimension: 6, rank: 2, labelNoise: 0.1 }\n";
    private static final String AUDIT = "algorithm: indexed-mean-jdp, epsilon: 1, delta: 1.0e-5";

    private static Scenario parse(String yaml) {
        return ScenarioParser.parse(yaml, "test.yaml");
    }

    private static List<FieldError> errors(String yaml) {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> parse(yaml)).errors();
        SchemaCheck.assertSchemaAgrees(yaml, errors);
        return errors;
    }

    private static String audits(String task, String... audits) {
        StringBuilder yaml = new StringBuilder("name: t\n" + task + "audits:\n");
        for (String a : audits) {
            yaml.append("  - { ").append(a).append(" }\n");
        }
        return yaml.toString();
    }

    private static void assertSingleError(String yaml, String path, String reason) {
        assertEquals(List.of(new FieldError(path, reason)), errors(yaml));
    }

    @Test
    void indexedMeanTaskAndExperimentDefaults() {
        Scenario s = parse("name: t\n" + MEAN_TASK + "experiments:\n"
                + "  - { algorithm: indexed-mean-billboard, epsilon: [1, 2], delta: 1.0e-5, persons: [10, 20] }\n"
                + "  - { algorithm: indexed-mean-nonprivate }\n");
        assertEquals(new IndexedMeanTask(50, 40, 1, IndexAssignment.DISTINCT), s.task());
        ExperimentSpec billboard = s.experiments().get(0);
        assertEquals(List.of(10, 20), billboard.persons());
        assertEquals(Defaults.REPEATS, billboard.repeats());
        assertEquals(Calibration.PAPER, billboard.calibration());
        assertNull(billboard.ridge());
        assertEquals(List.of(40), s.experiments().get(1).persons());
        assertEquals(List.of(), s.audits());
    }

    @Test
    void auditDefaultsFollowTheThreatModel() {
        Scenario s = parse(audits(MEAN_TASK, AUDIT, "algorithm: indexed-mean-1-out-of-t, epsilon: 1, delta: 1.0e-5",
                "algorithm: indexed-mean-1-out-of-t, threatModel: jdp, collusion: 5, target: 7, epsilon: 2,"
                        + " delta: 1.0e-6, calibration: tight, trials: 400, confidence: 0.99, method: gaussian-dp,"
                        + " inject: { noiseMultiplier: 0.5 }, expect: violated, canaryScale: 3"));
        AuditSpec jdp = s.audits().get(0);
        assertEquals(new AuditSpec(Algorithm.INDEXED_MEAN_JDP, ThreatModel.JDP, Collusion.ALL_BUT_TARGET, 0, 1, 1e-5,
                Calibration.PAPER, Defaults.TRIALS, Defaults.CONFIDENCE, AuditMethod.GAUSSIAN_DP_AUC, Injection.NONE,
                null, s.task(), Defaults.CANARY_SCALE, null, AuditAdversary.LLR, null, null), jdp);
        assertEquals(ThreatModel.ONE_OUT_OF_T, s.audits().get(1).threatModel());
        assertEquals(Collusion.SINGLE, s.audits().get(1).collusion());
        AuditSpec custom = s.audits().get(2);
        assertEquals(Collusion.ofSize(5), custom.collusion());
        assertEquals(List.of(7, 0.99, AuditMethod.GAUSSIAN_DP, Verdict.VIOLATED, 3.0, 400),
                List.of(custom.target(), custom.confidence(), custom.method(), custom.expect(), custom.canaryScale(),
                        custom.trials()));
        assertEquals(new Injection(0.5, false, false), custom.inject());
        assertEquals(new int[] {8, 9, 10, 11, 12}.length, custom.collusion().members(40, 7).length);
    }

    /**
     * The default method is the most powerful valid one: gaussian-dp-auc where the claim is μ-GDP
     * (zCDP-calibrated Gaussian noise), clopper-pearson where it is not.
     */
    @Test
    void defaultMethodIsTheAreaBoundExactlyForGaussianMechanisms() {
        for (Algorithm algorithm : List.of(Algorithm.INDEXED_MEAN_JDP, Algorithm.INDEXED_MEAN_BILLBOARD,
                Algorithm.INDEXED_MEAN_ONE_OUT_OF_T, Algorithm.PRIV_ALTMIN)) {
            assertEquals(AuditMethod.GAUSSIAN_DP_AUC, AuditReader.defaultMethod(algorithm, false), algorithm.id());
        }
        for (Algorithm algorithm : List.of(Algorithm.INDEXED_MEAN_NONPRIVATE, Algorithm.DP_SGD,
                Algorithm.MP_MTL_LOW_RANK, Algorithm.MP_MTL_GROUP_SPARSE)) {
            assertEquals(AuditMethod.CLOPPER_PEARSON, AuditReader.defaultMethod(algorithm, false), algorithm.id());
        }
        for (Algorithm algorithm : List.of(Algorithm.MP_MTL_LOW_RANK, Algorithm.MP_MTL_GROUP_SPARSE)) {
            assertEquals(AuditMethod.GAUSSIAN_DP_AUC, AuditReader.defaultMethod(algorithm, true),
                    algorithm.id() + " with covarianceNoise gaussian");
        }
        assertSingleError(audits(MEAN_TASK, "algorithm: indexed-mean-nonprivate, threatModel: jdp, epsilon: 1,"
                        + " delta: 1.0e-5, method: gaussian-dp-auc"), "audits[0].method",
                "gaussian-dp-auc is valid only for Gaussian mechanisms; indexed-mean-nonprivate adds no noise (use"
                        + " clopper-pearson)");
    }

    @Test
    void privAltminAuditTakesItsRunSettingsAndItsOwnTask() {
        Scenario s = parse(audits(MEAN_TASK, "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, epochs: 2,"
                + " split: paper, target: 3, task: { type: low-rank-regression, users: 100, samplesPerUser: 8,"
                + " dimension: 6, rank: 2, labelNoise: 0.1 }"));
        AuditSpec audit = s.audits().get(0);
        assertEquals(ThreatModel.BILLBOARD, audit.threatModel());
        assertEquals(List.of(2), audit.experiment().epochs());
        assertEquals(List.of(1.0), audit.experiment().epsilons());
        assertEquals(SampleSplit.PAPER, audit.experiment().split());
        assertEquals(100, ((LowRankRegressionTask) audit.task()).users());
        assertNull(audit.canaryScale());
    }

    @Test
    void auditRulesNameTheFieldAndTheReason() {
        assertSingleError(audits(MEAN_TASK, AUDIT + ", trials: 402"), "audits[0].trials",
                "must be a multiple of 4 (half select the threshold, half are counted, each half split equally"
                        + " between the two worlds), got 402");
        assertSingleError(audits(MEAN_TASK, "algorithm: indexed-mean-nonprivate, threatModel: jdp, epsilon: 1,"
                        + " delta: 1.0e-5, method: gaussian-dp"), "audits[0].method",
                "gaussian-dp is valid only for Gaussian mechanisms; indexed-mean-nonprivate adds no noise (use"
                        + " clopper-pearson)");
        assertSingleError(audits(MEAN_TASK, "algorithm: indexed-mean-1-out-of-t, epsilon: 1, delta: 1.0e-5,"
                        + " inject: { ignoreComposition: true }"), "audits[0].inject.ignoreComposition",
                "indexed-mean-1-out-of-t calibrates a single output per observer; there is no composition to ignore");
        assertSingleError(audits(MEAN_TASK, AUDIT + ", target: 40"), "audits[0].target",
                "must be < the population of the scenario's task (40), got 40");
        assertSingleError(audits(MEAN_TASK, AUDIT + ", target: 2, collusion: [1, 2]"), "audits[0].collusion",
                "collusion ids must be distinct ids of the population other than the target 2, got [1, 2]");
        assertSingleError(audits(MEAN_TASK, AUDIT + ", collusion: 40"), "audits[0].collusion",
                "a collusion of 40 users needs at least 41 users, the population has 40");
        assertSingleError(audits(MEAN_TASK, AUDIT + ", collusion: everyone"), "audits[0].collusion",
                "unknown value \"everyone\" (expected one of: all-but-target, single, none)");
        assertSingleError(audits(MEAN_TASK, AUDIT + ", collusion: true"), "audits[0].collusion",
                "expected all-but-target, single, none, a size or a list of user ids");
        assertSingleError(audits(MEAN_TASK, AUDIT + ", collusion: 2.5"), "audits[0].collusion",
                "expected an integer, got 2.5");
        assertSingleError(audits(MEAN_TASK, "algorithm: own-data, epsilon: 1, delta: 1.0e-5"), "audits[0].algorithm",
                "own-data cannot be audited (auditable: priv-altmin, single-model-dp, indexed-mean-nonprivate,"
                        + " indexed-mean-billboard, indexed-mean-jdp, indexed-mean-1-out-of-t, mp-mtl-low-rank,"
                        + " mp-mtl-group-sparse, dp-sgd, sufficient-statistics, dp-fedavg, dp-fedrep, item-mean-dp)");
        assertSingleError(audits(LOW_RANK_TASK, AUDIT), "audits[0].algorithm",
                "indexed-mean-jdp needs a task of type indexed-mean or indexed-sign, but the scenario's task is of type"
                        + " low-rank-regression");
        assertSingleError(audits(LOW_RANK_TASK, "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, canaryScale: 2"),
                "audits[0].canaryScale", "not used by priv-altmin (its canary user is built in)");
        assertSingleError(audits(LOW_RANK_TASK, "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, epochs: [1, 2]"),
                "audits[0].epochs", "an audit runs one epoch count; give a single integer, got [1, 2]");
        assertSingleError(audits(LOW_RANK_TASK, "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, repeats: 3"),
                "audits[0].repeats", "not used by audits (an audit's trials are its independent runs; see trials)");
        assertSingleError(audits(LOW_RANK_TASK, "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, persons: 3"),
                "audits[0].persons", "not used by priv-altmin");
        assertSingleError(audits(MEAN_TASK, AUDIT + ", inject: { skipClipping: yes please }"),
                "audits[0].inject.skipClipping", "expected true or false, got \"yes please\"");
        assertSingleError(audits(MEAN_TASK, AUDIT + ", repeats: 3"), "audits[0].repeats",
                "unknown field (expected one of: algorithm, threatModel, collusion, target, epsilon, delta, calibration,"
                        + " trials, confidence, method, inject, expect, task, canaryScale, adversary, canaries, guesses)");
    }

    /**
     * priv-altmin and item-mean-dp on a synthetic ratings task: white-box only (the default), a ratings
     * experiment's run settings (default calibration tight, as a ratings experiment's), 2L ≤ items for the
     * canary pair; item-mean-dp needs a ratings task.
     */
    @Test
    void ratingsAuditsAreWhiteBoxOnSyntheticRatings() {
        String task = "task: { type: ratings, users: 40, items: 40, rank: 1 }\n";
        String altMin = "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, rounds: 2, maxRatingsPerUser: 5";
        Scenario s = parse(audits(task, altMin, "algorithm: item-mean-dp, epsilon: 1, delta: 1.0e-5"));
        for (AuditSpec spec : s.audits()) {
            assertEquals(ThreatModel.WHITE_BOX, spec.threatModel());
            assertEquals(AuditMethod.GAUSSIAN_DP_AUC, spec.method());
            assertEquals(Calibration.TIGHT, spec.calibration());
            assertEquals(List.of(1.0), spec.experiment().epsilons());
        }
        RatingsSettings settings = s.audits().get(0).experiment().settings(RatingsSettings.class);
        assertEquals(2, settings.rounds());
        assertEquals(5, settings.maxRatingsPerUser());
        assertEquals(1, settings.rank());
        assertEquals(RatingsSettings.MAX_RATINGS_PER_USER,
                s.audits().get(1).experiment().settings(RatingsSettings.class).maxRatingsPerUser());
        assertSingleError(audits(task, altMin + ", threatModel: billboard"), "audits[0].threatModel",
                "priv-altmin on a ratings task is audited under white-box only (the adversary sees every noisy"
                        + " release), got billboard");
        assertSingleError(audits(task, altMin + ", repeats: 2"), "audits[0].repeats",
                "not used by audits (an audit's trials are its independent runs; see trials)");
        assertSingleError(audits(task, altMin + ", clipFactor: 0.5, maxRatingsPerUser: 21").replace(
                ", maxRatingsPerUser: 5", ""), "audits[0].maxRatingsPerUser", "the canary pair rates 2 ×"
                        + " maxRatingsPerUser = 42 distinct items, but the scenario's task has 40 items");
        assertEquals("audits[0].epochs", errors(audits(task, altMin + ", epochs: 3")).get(0).path());
        assertSingleError(audits(task, "algorithm: item-mean-dp, epsilon: 1, delta: 1.0e-5, canaryScale: 2"),
                "audits[0].canaryScale", "not used by item-mean-dp (its canary user is built in)");
        assertSingleError(audits(LOW_RANK_TASK, "algorithm: item-mean-dp, epsilon: 1, delta: 1.0e-5"),
                "audits[0].algorithm", "item-mean-dp needs a task of type ratings, but the scenario's task is of type"
                        + " low-rank-regression");
        assertSingleError(audits(LOW_RANK_TASK, "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, task: { type:"
                + " ratings, users: 40, items: 30, rank: 1 }"), "audits[0].maxRatingsPerUser", "the canary pair rates"
                + " 2 × maxRatingsPerUser = 40 distinct items, but audits[0].task has 30 items");
    }

    /** A ratings file is no synthetic population: the audit names the task it needs. */
    @Test
    void ratingsAuditsRefuseARatingsFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("r.csv"), "u,i,r\na,x,1\na,y,2\nb,x,3\nb,y,4\n");
        String yaml = "name: t\ntask: { type: ratings, path: r.csv, userColumn: u, itemColumn: i, ratingColumn: r,"
                + " minRating: 1, maxRating: 5 }\naudits:\n  - { algorithm: item-mean-dp, epsilon: 1, delta: 1.0e-5 }\n";
        List<FieldError> found = assertThrows(ScenarioException.class,
                () -> ScenarioParser.parse(yaml, dir.resolve("t.yaml").toString())).errors();
        assertEquals(List.of(new FieldError("audits[0].task", "an audit plays its game on synthetic ratings, but the"
                + " scenario's task reads the file " + dir.resolve("r.csv").toAbsolutePath() + "; give the audit its own"
                + " synthetic ratings task (one without path)")), found);
    }

    /** sufficient-statistics is audited under white-box only, as a Gaussian (not sampled) mechanism. */
    @Test
    void sufficientStatisticsAuditsAreWhiteBoxGaussian() {
        String task = "task: { type: transfer-regression, dimension: 4, rank: 2, publicTasks: 4, publicSamples: [40],"
                + " privateSamples: [50] }\n";
        String run = "algorithm: sufficient-statistics, representation: none, epsilon: 1, delta: 1.0e-5";
        AuditSpec spec = parse(audits(task, run)).audits().get(0);
        assertEquals(ThreatModel.WHITE_BOX, spec.threatModel());
        assertEquals(AuditMethod.GAUSSIAN_DP_AUC, spec.method());
        assertSingleError(audits(task, run + ", threatModel: billboard"), "audits[0].threatModel",
                "sufficient-statistics is audited under white-box only (the adversary sees its two releases), got"
                        + " billboard");
        assertSingleError(audits(task, run + ", method: sampled-gaussian-auc"), "audits[0].method",
                "sampled-gaussian-auc reads the area against a Poisson-subsampled Gaussian composition, which only"
                        + " dp-sgd, dp-fedavg and dp-fedrep release, not sufficient-statistics");
        assertSingleError(audits(task, run.replace("none", "private-altmin, representationEpsilon: 1")),
                "audits[0].representation", "a sufficient-statistics audit runs with representation none, public or"
                        + " true (the private-altmin representation's own Priv-AltMin run is audited as priv-altmin)");
    }

    @Test
    void tracingAuditsNeedTheWholeRelease() {
        String billboard = "algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, ";
        AuditSpec tracing = parse(audits(MEAN_TASK, billboard + "adversary: tracing")).audits().get(0);
        assertEquals(AuditAdversary.TRACING, tracing.adversary());
        assertEquals(null, tracing.canaryScale());
        assertSingleError(audits(MEAN_TASK, billboard + "adversary: shadow"), "audits[0].adversary",
                "unknown value \"shadow\" (expected one of: llr, tracing)");
        assertSingleError(audits(MEAN_TASK, "algorithm: indexed-mean-jdp, threatModel: jdp, epsilon: 1, delta: 1.0e-5,"
                + " adversary: tracing"), "audits[0].adversary", "tracing reads the whole release p̂, which only"
                + " indexed-mean-billboard and indexed-mean-nonprivate publish, not indexed-mean-jdp");
        assertSingleError(audits(MEAN_TASK, "algorithm: indexed-mean-billboard, threatModel: jdp, epsilon: 1,"
                + " delta: 1.0e-5, adversary: tracing"), "audits[0].threatModel",
                "a tracing audit reads the billboard, so it must be billboard, got jdp");
        assertSingleError(audits(MEAN_TASK, billboard + "adversary: tracing, canaryScale: 2"), "audits[0].canaryScale",
                "not used by a tracing audit (members vs fresh draws, no canary)");
        assertSingleError(audits(MEAN_TASK, billboard + "adversary: tracing, collusion: 3"), "audits[0].collusion",
                "not used by a tracing audit (it reads the billboard)");
        assertSingleError(audits(MEAN_TASK, billboard + "adversary: tracing, inject: { skipClipping: true }"),
                "audits[0].inject.skipClipping", "has no effect on a tracing audit (every sample is ±1, within the"
                        + " clip range)");
        assertSingleError(audits(LOW_RANK_TASK, "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, adversary: llr"),
                "audits[0].adversary", "not used by priv-altmin (only indexed-mean audits choose one)");
        assertSingleError(audits(MEAN_TASK, billboard + "adversary: tracing, task: { type: indexed-mean,"
                + " dimension: 10000000, persons: 20 }"), "audits[0].adversary", "a tracing trial draws persons ×"
                + " dimension × samplesPerPerson samples, at most 100000000, but audits[0].task needs 200000000");
    }

    @Test
    void indexedMeanRulesNameTheFieldAndTheReason() {
        assertSingleError("name: t\ntask: { type: indexed-mean, dimension: 10, persons: 20 }\n"
                        + "experiments: [ { algorithm: indexed-mean-nonprivate } ]\n", "task.persons",
                "distinct indices need persons ≤ dimension (10), got 20 (or set indices: random)");
        assertSingleError("name: t\n" + MEAN_TASK + "experiments: [ { algorithm: indexed-mean-nonprivate,"
                + " persons: [10, 60] } ]\n", "experiments[0].persons",
                "distinct indices need persons ≤ task.dimension (50), got 60");
        assertSingleError("name: t\n" + MEAN_TASK + "experiments: [ { algorithm: priv-altmin, epsilon: 1,"
                + " delta: 1.0e-5 } ]\n", "experiments[0].algorithm",
                "priv-altmin needs a task of type low-rank-regression, dataset or ratings, but task is of type indexed-mean");
        assertSingleError("name: t\n" + MEAN_TASK + "experiments: [ { algorithm: indexed-mean-jdp, epsilon: 1,"
                + " delta: 1.0e-5, ridge: 1 } ]\n", "experiments[0].ridge", "not used by indexed-mean-jdp");
        assertSingleError("name: t\n" + MEAN_TASK + "experiments: [ { algorithm: indexed-mean-jdp, epsilon: 1,"
                + " delta: 1.0e-5, repeats: 1 } ]\n", "experiments[0].repeats", "must be ≥ 2, got 1");
        assertSingleError("name: t\ntask: { type: indexed-mean, dimension: 10, persons: 5, indices: sorted }\n"
                        + "experiments: [ { algorithm: indexed-mean-nonprivate } ]\n", "task.indices",
                "unknown value \"sorted\" (expected one of: distinct, random)");
        assertEquals(List.of(new FieldError("experiments", "required field missing")),
                errors("name: t\n" + MEAN_TASK));
    }
}
