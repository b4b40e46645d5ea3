package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.ratings.RatingsResult;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The ratings family — core only, through the seam — on actors gives the sequential runner's report
 * field for field: every algorithm on a ratings task, two ε, repeats. Runs with serialize-messages on
 * (test application.conf), so every request and answer also crossed the CBOR serializer.
 */
public class RatingsEquivalenceTest {

    /** A small synthetic ratings scenario with every ratings algorithm (shared with the cluster equivalence test). */
    public static final String SCENARIO = """
            name: ratings-actors
            seed: 23
            task: { type: ratings, users: 80, items: 30, rank: 2, noise: 0.4, minRatingsPerUser: 4 }
            experiments:
              - { algorithm: own-data, repeats: 2 }
              - { algorithm: global-mean }
              - { algorithm: item-mean, repeats: 2 }
              - { algorithm: non-private-altmin, rounds: 3, repeats: 2 }
              - { algorithm: item-mean-dp, epsilon: [1, 8], delta: 1.0e-5, maxRatingsPerUser: 5, repeats: 2 }
              - { algorithm: priv-altmin, epsilon: [2, 8], delta: 1.0e-5, rounds: 2, maxRatingsPerUser: 6, repeats: 2 }
            """;

    @Test
    void ratingsCellsAreBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse(SCENARIO, "ratings-actors.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(8, local.rows(RatingsResult.class).size());
        assertEquals("priv-altmin", local.rows(RatingsResult.class).get(7).algorithm());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.valueToTree(sequential), mapper.valueToTree(local));
        assertEquals(sequential, local);
    }
}
