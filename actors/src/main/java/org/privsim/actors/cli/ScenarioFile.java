package org.privsim.actors.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;
import picocli.CommandLine.Parameters;

/**
 * The SCENARIO argument shared by {@code run}, {@code validate} and {@code bench} (a picocli
 * mixin): loads and validates the file, printing one {@code error: <field>: <reason>} line per
 * problem instead of throwing.
 */
final class ScenarioFile {

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML or JSON).")
    Path path;

    /** The validated scenario, or empty after the problems were printed to {@code err}. */
    Optional<Scenario> load(PrintWriter err) {
        try {
            return Optional.of(ScenarioParser.parse(path));
        } catch (ScenarioException e) {
            err.println(e.getMessage());
            err.flush();
            return Optional.empty();
        }
    }
}
