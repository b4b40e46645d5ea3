package org.privsim.actors.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.privacy.CompositionBound;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.PrivacyLossDistribution;
import org.privsim.core.privacy.RepeatAndSelectRdp;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.privacy.SampledWithoutReplacementRdp;
import org.privsim.core.privacy.TreeAggregationRdp;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.ScenarioParser;

/**
 * {@code privacy-events.json} rebuilt with privsim's own accountants gives back every private row's
 * {@code accountedEpsilon}: the events state everything the accounting used. Tolerance: relative
 * 1e-9. The PLD and RDP rebuilds run the same computation as the row's (identical doubles); the zCDP
 * rebuild sums ρ = 1/(2·multiplier²) from the multipliers 1/√(2ρ_t) the events state, a few ulps from the
 * ρ_t the ledger added, and ε moves by about that relative amount; the pure rebuild uses the stated ε_t
 * themselves. {@code releases.jsonl} has one line per folded release, and report.json none.
 */
class PrivacyEventsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void dpSgdAndSufficientStatisticsEventsGiveBackTheRowsEpsilon() throws Exception {
        JsonNode events = run("""
                name: events-transfer
                seed: 3
                task: { type: transfer-regression, dimension: 4, rank: 2, publicTasks: 3, publicSamples: [30],
                        privateSamples: [60] }
                experiments:
                  - { algorithm: dp-sgd, epsilon: 2, delta: 1.0e-5, samplingRate: 0.1, steps: 40, repeats: 2 }
                  - { algorithm: dp-sgd, accountant: rdp, epsilon: 2, delta: 1.0e-5, samplingRate: 0.1, steps: 40,
                      repeats: 2 }
                  - { algorithm: sufficient-statistics, epsilon: 1, delta: 1.0e-5, calibration: gdp, repeats: 2 }
                """, 3);
        JsonNode pld = events.get("rows").get(0);
        assertEquals("pld", pld.get("accountant").asText());
        // DP-SGD's 40 steps are one folded record, not 40 events.
        JsonNode step = pld.get("runs").get(0).get("event").get("events").get(0);
        assertEquals("SelfComposedDpEvent", step.get("type").asText());
        assertEquals(40, step.get("count").asInt());
        assertEquals("PoissonSampledDpEvent", step.get("event").get("type").asText());
        assertEquals(0.1, step.get("event").get("sampling_probability").asDouble(), 0);
        assertEquals("REPLACE_SPECIAL", pld.get("runs").get(0).get("neighboringRelation").asText());
        assertEquals("rdp", events.get("rows").get(1).get("accountant").asText());
        assertEquals("zcdp", events.get("rows").get(2).get("accountant").asText());
        // The sufficient-statistics row does not state its calibration: this test knows it is gdp.
        assertEquals(2, events.get("rows").get(2).get("runs").get(0).get("event").get("events").size());
    }

    @Test
    void lowRankEventsGiveBackTheRowsEpsilon() throws Exception {
        JsonNode events = run("""
                name: events-low-rank
                seed: 5
                task: { type: low-rank-regression, users: 200, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.1 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [1, 4], delta: 1.0e-5, epochs: 3, participation: epochs,
                      split: reuse, repeats: 2 }
                  - { algorithm: priv-altmin, epsilon: 2, delta: 1.0e-5, calibration: gdp, participation: disjoint-batches,
                      rounds: 4, split: reuse }
                  - { algorithm: single-model-dp, epsilon: 2, delta: 1.0e-5 }
                  - { algorithm: dp-fedavg, epsilon: 2, delta: 1.0e-5, samplingRate: 0.2, rounds: 6, clipUpdate: 1,
                      learningRate: 0.5, localEpochs: 1 }
                  - { algorithm: own-data }
                """, 5);
        // Disjoint batches: a user is in the initialisation and one round, so a run's event is those
        // releases only (3 of the 1 + 4·2 recorded).
        JsonNode batches = events.get("rows").get(2);
        assertEquals("gdp", batches.get("calibration").asText());
        assertEquals(3, batches.get("runs").get(0).get("event").get("events").size());
        assertEquals("REPLACE_ONE", batches.get("runs").get(0).get("neighboringRelation").asText());
        assertEquals("pld", events.get("rows").get(4).get("accountant").asText()); // dp-fedavg's default accountant
    }

    /**
     * A fixed cohort's rounds are {@code SampledWithoutReplacementDpEvent(n, m, GaussianDpEvent(z/2))}
     * under replace-one, folded; adaptive clipping's rounds are Poisson-sampled Gaussians at z, one per
     * round (each states its clip as the sensitivity in releases.jsonl); both give back the row's ε.
     */
    @Test
    void fixedCohortAndAdaptiveClipEventsGiveBackTheRowsEpsilon() throws Exception {
        JsonNode events = run("""
                name: events-cohort-clip
                seed: 5
                task: { type: low-rank-regression, users: 200, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.1 }
                experiments:
                  - { algorithm: dp-fedavg, epsilon: 2, delta: 1.0e-5, samplingRate: 0.1, rounds: 6, cohort: fixed,
                      repeats: 2 }
                  - { algorithm: dp-fedrep, epsilon: 2, delta: 1.0e-5, samplingRate: 0.1, rounds: 5, clipping: adaptive,
                      clipUpdate: 0.1, accountant: rdp, repeats: 2 }
                  - { algorithm: dp-fedavg, epsilon: 2, delta: 1.0e-5, samplingRate: 0.1, rounds: 5, clipping: adaptive,
                      accountant: rdp }
                """, 3);
        JsonNode fixed = events.get("rows").get(0);
        assertEquals("rdp", fixed.get("accountant").asText());
        JsonNode run = fixed.get("runs").get(0);
        assertEquals("REPLACE_ONE", run.get("neighboringRelation").asText());
        JsonNode step = run.get("event").get("events").get(0);
        assertEquals(6, step.get("count").asInt());
        assertEquals("SampledWithoutReplacementDpEvent", step.get("event").get("type").asText());
        assertEquals(200, step.get("event").get("source_dataset_size").asInt());
        assertEquals(20, step.get("event").get("sample_size").asInt());
        JsonNode adaptive = events.get("rows").get(1);
        // rdp: the rounds' records differ (their clips), so the PLD rebuild would compose them one by
        // one, a different computation from the ledger's self-composition (about 1e-8 apart).
        assertEquals("rdp", adaptive.get("accountant").asText());
        assertEquals(5, adaptive.get("runs").get(0).get("event").get("events").size());
        assertEquals("REPLACE_SPECIAL", adaptive.get("runs").get(0).get("neighboringRelation").asText());
        // The adaptive rows' clips by round (the fixed-cohort row has a fixed clip: none).
        List<String> clips = Files.readAllLines(dir.resolve(ReportWriter.CLIP_TRAJECTORY_CSV));
        assertEquals("row,experiment,algorithm,epsilon,round,meanClip,minClip,maxClip", clips.get(0));
        assertEquals(1 + 5 + 5, clips.size());
        assertEquals("1,1,dp-fedrep,2.0,1,0.1,0.1,0.1", clips.get(1));
        assertTrue(clips.get(6).startsWith("2,2,dp-fedavg,2.0,1,1.0,"), clips.get(6));
        assertTrue(Files.exists(dir.resolve(ReportWriter.CLIP_TRAJECTORY_PLOT)));
    }

    /**
     * Correlated federated noise: a tree row's runs are one SingleEpochTreeAggregationDpEvent per epoch
     * (replace-special) and a banded row's the Poisson-sampled Gaussian at rate q·b composed ⌈T/b⌉ times;
     * both give back the row's ε.
     */
    @Test
    void correlatedNoiseEventsGiveBackTheRowsEpsilon() throws Exception {
        JsonNode events = run("""
                name: events-correlated
                seed: 6
                task: { type: low-rank-regression, users: 100, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.1 }
                experiments:
                  - { algorithm: dp-fedavg, epsilon: 2, delta: 1.0e-5, samplingRate: 0.2, rounds: 15, noise: tree }
                  - { algorithm: dp-fedrep, epsilon: 2, delta: 1.0e-5, samplingRate: 0.05, rounds: 10, noise: banded,
                      bands: 4 }
                """, 2);
        JsonNode tree = events.get("rows").get(0);
        assertEquals("rdp", tree.get("accountant").asText());
        assertEquals("REPLACE_SPECIAL", tree.get("runs").get(0).get("neighboringRelation").asText());
        JsonNode epochs = tree.get("runs").get(0).get("event").get("events");
        assertEquals(3, epochs.size());
        assertEquals("SingleEpochTreeAggregationDpEvent", epochs.get(2).get("type").asText());
        assertEquals(5, epochs.get(2).get("step_counts").asInt());
        JsonNode banded = events.get("rows").get(1).get("runs").get(0).get("event").get("events").get(0);
        assertEquals(3, banded.get("count").asInt());
        assertEquals(0.2, banded.get("event").get("sampling_probability").asDouble(), 1e-15);
    }

    /**
     * A private selection's run is the winning candidate's releases (its score's included) wrapped as
     * {@code RepeatAndSelectDpEvent}, accounted in RDP; its ε rebuilt from the event is the row's.
     */
    @Test
    void privateSelectionEventsGiveBackTheRowsEpsilon() throws Exception {
        JsonNode events = run("""
                name: events-selection
                seed: 5
                task: { type: low-rank-regression, users: 200, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.1 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [1, 4], delta: 1.0e-5, epochs: [1, 3], repeats: 2,
                      selection: private }
                  - { algorithm: priv-altmin, uStep: kronecker, epsilon: 2, delta: 1.0e-5, epochs: [2, 3],
                      selection: private, selectionMean: 2, selectionShape: 1 }
                """, 3);
        JsonNode row = events.get("rows").get(0);
        assertEquals("rdp", row.get("accountant").asText());
        assertTrue(row.get("calibration").isNull());
        JsonNode event = row.get("runs").get(0).get("event");
        assertEquals("RepeatAndSelectDpEvent", event.get("type").asText());
        assertEquals(4, event.get("mean").asDouble(), 0);
        assertEquals(0, event.get("shape").asDouble(), 0);
        assertEquals(1, events.get("rows").get(2).get("runs").get(0).get("event").get("shape").asDouble(), 0);
    }

    /** Ratings rows are zCDP rows: their events state the row's calibration, and give back its ε under it. */
    @Test
    void ratingsEventsStateTheRowsCalibration() throws Exception {
        JsonNode events = run("""
                name: events-ratings
                seed: 23
                task: { type: ratings, users: 80, items: 30, rank: 2, noise: 0.4, minRatingsPerUser: 4 }
                experiments:
                  - { algorithm: item-mean-dp, epsilon: 1, delta: 1.0e-5, maxRatingsPerUser: 5 }
                  - { algorithm: priv-altmin, epsilon: 2, delta: 1.0e-5, rounds: 2, maxRatingsPerUser: 6,
                      calibration: paper }
                  - { algorithm: own-data }
                """, 2);
        assertEquals("tight", events.get("rows").get(0).get("calibration").asText());
        assertEquals("paper", events.get("rows").get(1).get("calibration").asText());
    }

    @Test
    void multitaskAndIndexedMeanEventsGiveBackTheRowsEpsilon() throws Exception {
        JsonNode multitask = run("""
                name: events-multitask
                seed: 2
                task: { type: multitask-regression, tasks: 5, samplesPerTask: 6, dimension: 4, structure: low-rank }
                experiments:
                  - { algorithm: mp-mtl-low-rank, epsilon: 1, delta: 1.0e-5, iterations: 3, lambda: [1, 2] }
                  - { algorithm: mp-mtl-low-rank, covarianceNoise: gaussian, epsilon: 1, delta: 1.0e-5, iterations: 2,
                      lambda: 1 }
                  - { algorithm: dp-aggr, epsilon: 1 }
                  - { algorithm: mp-mtl-low-rank, covarianceNoise: gaussian, epsilon: 1, delta: 1.0e-5, iterations: 2,
                      lambda: [1, 2], selection: private }
                """, 4);
        JsonNode wishart = multitask.get("rows").get(0).get("runs").get(0).get("event").get("events").get(0);
        assertEquals("EpsilonDeltaDpEvent", wishart.get("type").asText());
        assertEquals(0.0, wishart.get("delta").asDouble(), 0);
        assertEquals("pure-composition-bound", multitask.get("rows").get(0).get("accountant").asText());
        run("""
                name: events-indexed
                seed: 4
                task: { type: indexed-mean, dimension: 30, persons: 10, samplesPerPerson: 1 }
                experiments:
                  - { algorithm: indexed-mean-billboard, epsilon: [1], delta: 1.0e-5, persons: [10], repeats: 3 }
                  - { algorithm: indexed-mean-jdp, epsilon: [1], delta: 1.0e-5, persons: [10], repeats: 2 }
                  - { algorithm: indexed-mean-nonprivate, persons: [10], repeats: 2 }
                """, 2);
    }

    /**
     * Runs {@code yaml} sequentially, writes its report, checks that every one of the
     * {@code privateRows} private rows' runs gives back the row's ε and that releases.jsonl lists
     * each (folded) release once; returns privacy-events.json.
     */
    private JsonNode run(String yaml, int privateRows) throws Exception {
        Report report = new SequentialRunner(ScenarioParser.parse(yaml, "events.yaml")).run(Progress.NONE);
        ReportWriter.write(report, dir);
        JsonNode events = JSON.readTree(dir.resolve(ReportWriter.PRIVACY_EVENTS_JSON).toFile());
        assertEquals(privateRows, events.get("rows").size());
        for (JsonNode row : events.get("rows")) {
            double accounted = row.get("accountedEpsilon").asDouble();
            for (JsonNode run : row.get("runs")) {
                double rebuilt = epsilon(row, run.get("event"));
                assertEquals(accounted, rebuilt, 1e-9 * accounted, row.get("algorithm") + " run " + run.get("run"));
            }
        }
        List<String> lines = Files.readAllLines(dir.resolve(ReportWriter.RELEASES_JSONL));
        int expected = report.experiments().stream().flatMap(r -> r.releases().stream())
                .mapToInt(log -> log.releases().size()).sum();
        assertEquals(expected, lines.size());
        Set<String> mechanisms = new HashSet<>();
        for (String line : lines) {
            JsonNode release = JSON.readTree(line);
            mechanisms.add(release.get("mechanism").asText());
            assertTrue(release.get("cost").asDouble() > 0, line);
            assertTrue(release.get("count").asInt() >= 1, line);
        }
        assertFalse(mechanisms.isEmpty());
        JsonNode reportJson = JSON.readTree(dir.resolve(ReportWriter.REPORT_JSON).toFile());
        for (JsonNode row : reportJson.get("experiments")) {
            assertFalse(row.has("releases"), "report.json leaves the releases to releases.jsonl");
        }
        return events;
    }

    /** ε at the row's δ of one run's composed event, by the accountant the row names. */
    private static double epsilon(JsonNode row, JsonNode composed) {
        double delta = row.get("delta").asDouble();
        if (composed.get("type").asText().equals("RepeatAndSelectDpEvent")) {
            return selectionEpsilon(composed, delta);
        }
        assertEquals("ComposedDpEvent", composed.get("type").asText());
        List<JsonNode> leaves = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (JsonNode event : composed.get("events")) {
            boolean self = event.get("type").asText().equals("SelfComposedDpEvent");
            leaves.add(self ? event.get("event") : event);
            counts.add(self ? event.get("count").asInt() : 1);
        }
        switch (row.get("accountant").asText()) {
            case "zcdp" -> {
                double rho = 0;
                for (int i = 0; i < leaves.size(); i++) {
                    double multiplier = gaussian(leaves.get(i));
                    rho += counts.get(i) / (2 * multiplier * multiplier);
                }
                Calibration calibration = row.get("calibration").isNull() ? Calibration.GDP
                        : Calibration.byId(row.get("calibration").asText()).orElseThrow();
                return calibration.epsilon(rho, delta);
            }
            case "pure-composition-bound" -> {
                List<Double> list = new ArrayList<>();
                for (int i = 0; i < leaves.size(); i++) {
                    assertEquals("EpsilonDeltaDpEvent", leaves.get(i).get("type").asText());
                    for (int c = 0; c < counts.get(i); c++) {
                        list.add(leaves.get(i).get("epsilon").asDouble());
                    }
                }
                return CompositionBound.of(list.stream().mapToDouble(Double::doubleValue).toArray(), delta);
            }
            case "rdp" -> {
                if (leaves.get(0).get("type").asText().equals("SampledWithoutReplacementDpEvent")) {
                    return withoutReplacementEpsilon(leaves, counts, delta);
                }
                if (leaves.get(0).get("type").asText().equals("SingleEpochTreeAggregationDpEvent")) {
                    return treeEpsilon(leaves, counts, delta);
                }
                double[] orders = SampledGaussianRdp.defaultOrders();
                double[] curve = new double[orders.length];
                for (int i = 0; i < leaves.size(); i++) {
                    double[] one = SampledGaussianRdp.rdp(samplingRate(leaves.get(i)), gaussian(leaves.get(i).get("event")),
                            counts.get(i), orders);
                    for (int k = 0; k < orders.length; k++) {
                        curve[k] += one[k];
                    }
                }
                return Conversions.tightEpsilonFromRdp(orders, curve, delta);
            }
            case "pld" -> {
                PldAccountant total = null;
                for (int i = 0; i < leaves.size(); i++) {
                    PldAccountant one = PldAccountant.poissonSampledGaussian(samplingRate(leaves.get(i)),
                            gaussian(leaves.get(i).get("event")), PrivacyLossDistribution.DEFAULT_INTERVAL)
                            .selfCompose(counts.get(i));
                    total = total == null ? one : total.compose(one);
                }
                return total.epsilon(delta);
            }
            default -> throw new AssertionError("unknown accountant " + row.get("accountant"));
        }
    }

    /**
     * The RDP ε of fixed-cohort events, as dp_accounting's RDP accountant forms it: each
     * {@code SampledWithoutReplacementDpEvent(n, m, GaussianDpEvent(z))} at its default orders.
     */
    private static double withoutReplacementEpsilon(List<JsonNode> leaves, List<Integer> counts, double delta) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < leaves.size(); i++) {
            JsonNode leaf = leaves.get(i);
            assertEquals("SampledWithoutReplacementDpEvent", leaf.get("type").asText());
            double q = leaf.get("sample_size").asDouble() / leaf.get("source_dataset_size").asDouble();
            double[] one = SampledWithoutReplacementRdp.rdp(q, gaussian(leaf.get("event")), counts.get(i), orders);
            for (int k = 0; k < orders.length; k++) {
                curve[k] += one[k];
            }
        }
        return Conversions.tightEpsilonFromRdp(orders, curve, delta);
    }

    /** Tree aggregation epochs composed, at dp_accounting's orders (the events' own accounting). */
    private static double treeEpsilon(List<JsonNode> leaves, List<Integer> counts, double delta) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < leaves.size(); i++) {
            assertEquals("SingleEpochTreeAggregationDpEvent", leaves.get(i).get("type").asText());
            for (int k = 0; k < orders.length; k++) {
                curve[k] += TreeAggregationRdp.rdp(leaves.get(i).get("noise_multiplier").asDouble(),
                        leaves.get(i).get("step_counts").asInt(), counts.get(i), orders[k]);
            }
        }
        return Conversions.tightEpsilonFromRdp(orders, curve, delta);
    }

    /** ε at δ of a RepeatAndSelectDpEvent of Gaussian releases: their ρ as the RDP curve ρα, then Papernot–Steinke. */
    private static double selectionEpsilon(JsonNode selection, double delta) {
        double rho = 0;
        for (JsonNode event : selection.get("event").get("events")) {
            boolean self = event.get("type").asText().equals("SelfComposedDpEvent");
            double multiplier = gaussian(self ? event.get("event") : event);
            rho += (self ? event.get("count").asInt() : 1) / (2 * multiplier * multiplier);
        }
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = rho * orders[i];
        }
        return RepeatAndSelectRdp.epsilon(curve, selection.get("mean").asDouble(), selection.get("shape").asDouble(),
                delta);
    }

    private static double gaussian(JsonNode event) {
        assertEquals("GaussianDpEvent", event.get("type").asText());
        return event.get("noise_multiplier").asDouble();
    }

    private static double samplingRate(JsonNode event) {
        assertEquals("PoissonSampledDpEvent", event.get("type").asText());
        return event.get("sampling_probability").asDouble();
    }
}
