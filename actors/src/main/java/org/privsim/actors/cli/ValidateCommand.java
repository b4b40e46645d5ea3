package org.privsim.actors.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.privsim.core.run.ScenarioPlan;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code privsim validate SCENARIO}: checks a scenario file without running it. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a scenario file field by field; exit 0 when valid, 2 with one error line per problem.")
final class ValidateCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Scenario file (YAML or JSON).")
    private Path scenarioFile;

    @Override
    public Integer call() {
        Scenario scenario;
        try {
            scenario = ScenarioParser.parse(scenarioFile);
        } catch (ScenarioException e) {
            return ScenarioExecution.invalid(e, spec.commandLine().getErr());
        }
        spec.commandLine().getOut().printf("%s: valid (%d experiments, %d runs, %d users)%n", scenarioFile,
                scenario.experiments().size(), ScenarioPlan.runs(scenario).size(), scenario.task().users());
        return 0;
    }
}
