package org.privsim.core.run;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The machine-readable result of running a scenario ({@code report.json}). Everything but
 * {@code wallMillis} and {@code runner} is a deterministic function of the scenario and seed.
 *
 * @param scenario    scenario name
 * @param seed        root seed used
 * @param runner      which runner produced it ({@code sequential}, {@code local}, …)
 * @param wallMillis  wall-clock time of the run
 * @param experiments one row per experiment and ε
 */
@JsonPropertyOrder({"scenario", "seed", "runner", "wallMillis", "experiments"})
public record Report(String scenario, long seed, String runner, long wallMillis, List<ExperimentResult> experiments) {

    public Report {
        experiments = List.copyOf(experiments);
    }
}
