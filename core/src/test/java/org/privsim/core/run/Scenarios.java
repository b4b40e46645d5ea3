package org.privsim.core.run;

import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/** Small scenarios shared by the runner tests. */
public final class Scenarios {
    private Scenarios() {}

    public static Scenario parse(String yaml) {
        return ScenarioParser.parse(yaml, "test.yaml");
    }

    /** A task line for n users, m samples, d, k, σ_F. */
    public static String task(int n, int m, int d, int k, double sigmaF) {
        return "task: { type: low-rank-regression, users: " + n + ", samplesPerUser: " + m + ", dimension: " + d
                + ", rank: " + k + ", labelNoise: " + sigmaF + " }\n";
    }
}
