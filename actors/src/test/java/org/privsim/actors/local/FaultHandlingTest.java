package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.run.ScenarioPlan;
import org.privsim.core.run.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.sim.RoundRecord;
import org.privsim.core.sim.RunOutcome;

/**
 * Injected faults: a slow user (answers after the deadline) and a crashing user. The affected
 * rounds close at the aggregator deadline, the missing user is left out of that release (and not
 * charged), the crashed user is restarted with its data rebuilt and contributes again, and the run
 * completes.
 */
class FaultHandlingTest {
    private static final String SCENARIO = """
            name: faults
            seed: 11
            task: { type: low-rank-regression, users: 60, samplesPerUser: 8, dimension: 4, rank: 1, labelNoise: 0.1 }
            aggregation: { rangeSize: 20 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [4], delta: 1.0e-5, epochs: 3, participation: epochs }
            """;
    private static final int SLOW_USER = 5;
    private static final int CRASHING_USER = 33;

    @Test
    void lateAndCrashedUsersAreLeftOutAndTheRunCompletes() throws Exception {
        Scenario scenario = ScenarioParser.parse(SCENARIO, "faults.yaml");
        var config = ConfigFactory.parseString("""
                privsim.local.collection-deadline = 2s
                privsim.local.curator-deadline = 4s
                """).withFallback(ConfigFactory.load());
        Map<Integer, UserFault> faults = Map.of(
                CRASHING_USER, UserFault.crashOnRound(1),
                SLOW_USER, UserFault.slowOnRound(2, Duration.ofMillis(2500)));

        LocalRunner.Result result = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> new LocalRunner(scenario, config, faults).runWithOutcomes(Progress.NONE));

        RunOutcome outcome = result.outcomes().get(0);
        List<RoundRecord> log = outcome.roundLog();
        assertEquals(4, log.size(), "init + 3 rounds: " + log);
        assertEquals(60, log.get(0).contributors(), "init: everyone");
        assertEquals(List.of(60, 60, 60), log.subList(1, 4).stream().map(RoundRecord::asked).toList());
        assertEquals(59, log.get(1).contributors(), "round 1: the crashed user is left out");
        // Rounds are chained folds locally: the slow user (id 5 of range 0..19) holds its range's sum
        // past the 2 s deadline, so it and the 14 users after it in its range are left out.
        assertEquals(45, log.get(2).contributors(), "round 2: the late user and its range's later users are left out");
        assertEquals(60, log.get(3).contributors(), "round 3: the restarted user contributes again");
        assertEquals(outcome.zcdpRho(), outcome.maxLedgerRho(), 1e-15,
                "users who took part in every release paid exactly the budget");
        RunOutcome reference = new SequentialRunner(scenario).runOne(ScenarioPlan.runs(scenario).get(0));
        assertEquals(reference.maxLedgerRho(), outcome.maxLedgerRho());
        assertEquals(1, result.report().lowRankRows().size());
        assertEquals(45, result.report().lowRankRows().get(0).roundLog().get(2).contributors());
    }
}
