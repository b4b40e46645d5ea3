package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * Indexed-mean experiment cells and audits on actors (persons, curators, billboards, adversaries,
 * audit coordinators; game workers for priv-altmin and MP-MTL) give the sequential runner's report
 * field for field, with audit trials in batches of 64 and a shorter last one (200 trials), in
 * batches of 16 at |S| = 500 read coordinates, and at d = 10⁹. Runs with serialize-messages on (test
 * application.conf), so every message also crossed the CBOR serializer.
 */
class IndexedMeanAndAuditEquivalenceTest {

    @Test
    void indexedMeanCellsAndAuditsAreBitIdenticalToSequential() {
        assertSameReport(ScenarioParser.parse("""
                name: indexed-mean-actors
                seed: 17
                task: { type: indexed-mean, dimension: 30, persons: 20, samplesPerPerson: 2, indices: distinct }
                experiments:
                  - { algorithm: indexed-mean-billboard,  epsilon: [1, 4], delta: 1.0e-5, persons: [10, 20], repeats: 5 }
                  - { algorithm: indexed-mean-jdp,        epsilon: [1, 4], delta: 1.0e-5, persons: [10, 20], repeats: 5 }
                  - { algorithm: indexed-mean-1-out-of-t, epsilon: [1, 4], delta: 1.0e-5, persons: [10, 20], repeats: 5 }
                  - { algorithm: indexed-mean-nonprivate,                  persons: [10, 20], repeats: 5 }
                audits:
                  - { algorithm: indexed-mean-1-out-of-t, threatModel: jdp,          epsilon: 1, delta: 1.0e-5, trials: 200 }
                  - { algorithm: indexed-mean-1-out-of-t, threatModel: one-out-of-t, epsilon: 1, delta: 1.0e-5, trials: 200 }
                  - { algorithm: indexed-mean-jdp,        threatModel: jdp,          epsilon: 1, delta: 1.0e-5, trials: 200 }
                  - { algorithm: indexed-mean-billboard,  threatModel: billboard,    epsilon: 1, delta: 1.0e-5, trials: 200 }
                  - { algorithm: indexed-mean-jdp,        threatModel: jdp,          epsilon: 1, delta: 1.0e-5, trials: 200, inject: { noiseMultiplier: 0.1 } }
                  - { algorithm: indexed-mean-billboard,  threatModel: billboard,    epsilon: 1, delta: 1.0e-5, trials: 200, canaryScale: 10, inject: { skipClipping: true } }
                  - { algorithm: indexed-mean-jdp,        threatModel: billboard,    epsilon: 1, delta: 1.0e-5, trials: 200 }
                  - { algorithm: indexed-mean-jdp,        threatModel: jdp, collusion: 5, target: 3, epsilon: 1, delta: 1.0e-5, trials: 200,
                      task: { type: indexed-mean, dimension: 8, persons: 25, samplesPerPerson: 1, indices: random } }
                  # d = 10⁹ (the largest): only the ≤ 10 read coordinates travel; the billboard's unread residual too
                  - { algorithm: indexed-mean-jdp,        threatModel: jdp,          epsilon: 1, delta: 1.0e-5, trials: 44,
                      task: { type: indexed-mean, dimension: 1000000000, persons: 10, samplesPerPerson: 1, indices: random } }
                  - { algorithm: indexed-mean-billboard,  threatModel: billboard,    epsilon: 1, delta: 1.0e-5, trials: 44,
                      task: { type: indexed-mean, dimension: 1000000000, persons: 10, samplesPerPerson: 1, indices: random } }
                  # the tracing attack (game workers on actors)
                  - { algorithm: indexed-mean-nonprivate, threatModel: billboard, adversary: tracing, epsilon: 1, delta: 1.0e-5, trials: 40 }
                  - { algorithm: indexed-mean-billboard,  threatModel: billboard, adversary: tracing, epsilon: 1, delta: 1.0e-5, trials: 40 }
                  # |S| = 500 support coordinates: batches of 16 trials (8,192 doubles per message)
                  - { algorithm: indexed-mean-billboard,  threatModel: billboard,    epsilon: 1, delta: 1.0e-5, trials: 44,
                      task: { type: indexed-mean, dimension: 5000, persons: 500, samplesPerPerson: 1, indices: distinct } }
                """, "indexed-mean-actors.yaml"), 14, 13);
    }

    @Test
    void privAltMinAuditIsBitIdenticalToSequential() {
        assertSameReport(ScenarioParser.parse("""
                name: altmin-audit-actors
                seed: 3
                task: { type: low-rank-regression, users: 60, samplesPerUser: 8, dimension: 6, rank: 2, labelNoise: 0.1 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, epochs: [1], split: paper }
                audits:
                  - { algorithm: priv-altmin, epsilon: 2, delta: 1.0e-5, epochs: [1], split: paper, trials: 40 }
                """, "altmin-audit-actors.yaml"), 1, 1);
    }

    /** The indexed-sign task: the same mechanisms, the sign loss summed from the person actors' terms. */
    @Test
    void indexedSignCellsAreBitIdenticalToSequential() {
        assertSameReport(ScenarioParser.parse("""
                name: indexed-sign-actors
                seed: 19
                task: { type: indexed-sign, dimension: 40, persons: 20, samplesPerPerson: 3, indices: random }
                experiments:
                  - { algorithm: indexed-mean-billboard,  epsilon: [1, 4], delta: 1.0e-5, persons: [10, 20], repeats: 4 }
                  - { algorithm: indexed-mean-1-out-of-t, epsilon: 2, delta: 1.0e-5, repeats: 4 }
                  - { algorithm: indexed-mean-nonprivate, repeats: 4 }
                audits:
                  - { algorithm: indexed-mean-jdp, threatModel: jdp, epsilon: 1, delta: 1.0e-5, trials: 100 }
                """, "indexed-sign-actors.yaml"), 6, 1);
    }

    /**
     * The bundled MP-MTL audits (game workers, 9 × 4000 trials of a 10-task run, Wishart and
     * Gaussian releases) as the sequential runner.
     */
    @Test
    void mpMtlAuditsAreBitIdenticalToSequential() {
        assertSameReport(ScenarioParser.parse(Path.of("../scenarios/audit-mp-mtl.yaml")), 0, 9);
    }

    private static void assertSameReport(Scenario scenario, int rows, int audits) {
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(rows, local.experiments().size());
        assertEquals(audits, local.audits().size());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.valueToTree(sequential), mapper.valueToTree(local));
        assertEquals(sequential, local);
    }
}
