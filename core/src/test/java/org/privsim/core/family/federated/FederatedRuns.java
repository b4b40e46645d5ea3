package org.privsim.core.family.federated;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.run.Scenarios;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.core.sim.RunOutcome;

/** Test helpers for the federated families: a small low-rank scenario, and a run driven to its last published model. */
final class FederatedRuns {
    private FederatedRuns() {}

    /** A scenario on the low-rank task (n, m, d, k, σ_F) with the one experiment {@code experiment} (a flow mapping). */
    static Scenario scenario(int n, int m, int d, int k, double sigmaF, String experiment) {
        return Scenarios.parse("name: federated\nseed: 5\n" + Scenarios.task(n, m, d, k, sigmaF) + "experiments:\n  - "
                + experiment + "\n");
    }

    /** Drives run 0 of {@code cell} to its personalization request and returns the model it carries. */
    static double[] lastPublishedModel(FederatedFamily family, FederatedFamily.Cell cell, long seed) {
        UserPopulation population = family.context(cell, 0, seed);
        RunCurator<FederatedFamily.Request, double[], RunOutcome> curator = family.curator(cell, 0, seed, population);
        List<Participant<FederatedFamily.Request, double[]>> users = new ArrayList<>();
        for (int j = 0; j < cell.shape().users(); j++) {
            users.add(family.participant(cell, 0, seed, population, j));
        }
        Step<FederatedFamily.Request, RunOutcome> step = curator.start();
        while (step instanceof Step.Ask<FederatedFamily.Request, RunOutcome> ask) {
            if (ask.request() instanceof FederatedFamily.Personalize personalize) {
                return personalize.model();
            }
            List<double[]> answers = new ArrayList<>();
            for (int id : ask.participants()) {
                answers.add(users.get(id).answer(ask.request()));
            }
            step = curator.onAnswers(answers);
        }
        throw new AssertionError("the run ended without personalization");
    }
}
