package org.privsim.core.family;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.BatchScores;
import org.privsim.core.family.indexedmean.IndexedMeanAuditRun;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.seam.Step;

/**
 * Audits as a seam family: every audit's row through the sequential interpreter equals the
 * one-thread game's ({@link AuditGames#play}) — for each threat model's view and batch sizes that do
 * not divide the trials — and the adversary participant sees exactly its threat model's view.
 */
class AuditFamilyTest {
    private static final Scenario SCENARIO = ScenarioParser.parse("""
            name: audit-family
            seed: 17
            task: { type: indexed-mean, dimension: 30, persons: 12, samplesPerPerson: 2, indices: distinct }
            audits:
              - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 148 }
              - { algorithm: indexed-mean-jdp, threatModel: jdp, epsilon: 1, delta: 1.0e-5, trials: 148 }
              - { algorithm: indexed-mean-1-out-of-t, threatModel: one-out-of-t, epsilon: 1, delta: 1.0e-5, trials: 132 }
              - { algorithm: indexed-mean-jdp, threatModel: jdp, collusion: 3, target: 5, epsilon: 1, delta: 1.0e-5, trials: 100, inject: { noiseMultiplier: 0.2 } }
              - { algorithm: indexed-mean-billboard, threatModel: billboard, adversary: tracing, epsilon: 1, delta: 1.0e-5, trials: 40 }
            """, "audit-family.yaml");

    @Test
    void everyRowEqualsTheOneThreadGame() {
        List<AuditFamily.Cell> cells = AuditFamily.INSTANCE.cells(SCENARIO);
        assertEquals(SCENARIO.audits().size(), cells.size());
        for (AuditFamily.Cell cell : cells) {
            AuditResult seam = SequentialInterpreter.row(AuditFamily.INSTANCE, cell, SCENARIO.seed());
            assertEquals(AuditGames.play(SCENARIO, cell.index()), seam, "audit " + cell.index());
        }
        // 148 trials in batches of 128: the last run is short; the tracing game runs one trial per run.
        assertEquals(2, AuditFamily.INSTANCE.runs(cells.get(0)));
        assertEquals(40, AuditFamily.INSTANCE.runs(cells.get(4)));
    }

    @Test
    void theAdversaryIsTheOneParticipantOfRoleAdversary() {
        AuditFamily.Cell billboard = AuditFamily.INSTANCE.cells(SCENARIO).get(0);
        for (int id = 0; id < 12; id++) {
            assertEquals(Role.USER, AuditFamily.INSTANCE.role(billboard, id));
        }
        assertEquals(Role.ADVERSARY, AuditFamily.INSTANCE.role(billboard, 12));
        assertEquals(Role.USER, AuditFamily.INSTANCE.role(AuditFamily.INSTANCE.cells(SCENARIO).get(4), 12));
    }

    /** Separate outputs: the adversary is asked once, with exactly the outputs of its |C| colluders. */
    @Test
    void theAdversarySeesOnlyItsColludersOutputs() {
        AuditFamily.Cell cell = AuditFamily.INSTANCE.cells(SCENARIO).get(3);
        int[] members = cell.spec().collusion().members(12, 5);
        assertArrayEquals(new int[] {6, 7, 8}, members);
        Object context = AuditFamily.INSTANCE.context(cell, 0, SCENARIO.seed());
        RunCurator<Object, Object, BatchScores> curator =
                AuditFamily.INSTANCE.curator(cell, 0, SCENARIO.seed(), context);
        List<Participant<Object, Object>> participants = new ArrayList<>();
        for (int id = 0; id <= 12; id++) {
            participants.add(AuditFamily.INSTANCE.participant(cell, 0, SCENARIO.seed(), context, id));
        }
        Step<Object, BatchScores> step = curator.start();
        int adversaryAsks = 0;
        while (!(step instanceof Step.Done)) {
            int[] asked = step.asked();
            List<Object> answers = new ArrayList<>();
            for (int position = 0; position < asked.length; position++) {
                Object request = step.request(position);
                if (asked[position] == 12) {
                    adversaryAsks++;
                    IndexedMeanAuditRun.Colluders view = assertInstanceOf(IndexedMeanAuditRun.Colluders.class, request);
                    assertEquals(members.length, view.indices().length);
                    assertEquals(100, view.trials(), "run 0 holds trials 0 … 99");
                } else {
                    assertTrue(!(request instanceof IndexedMeanAuditRun.Colluders)
                            && !(request instanceof IndexedMeanAuditRun.Billboard),
                            "only the adversary gets a view");
                }
                Object answer = participants.get(asked[position]).answer(request);
                if (request instanceof IndexedMeanAuditRun.Output) {
                    boolean colluder = asked[position] >= 6 && asked[position] <= 8;
                    assertEquals(colluder, answer instanceof IndexedMeanAuditRun.Forwarded, "person " + asked[position]);
                }
                answers.add(answer);
            }
            step = curator.onAnswers(answers);
        }
        assertEquals(1, adversaryAsks);
        BatchScores scores = ((Step.Done<Object, BatchScores>) step).outcome();
        assertEquals(0, scores.firstTrial());
        assertEquals(100, scores.scores().length);
    }
}
