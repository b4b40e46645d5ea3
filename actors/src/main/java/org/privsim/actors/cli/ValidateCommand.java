package org.privsim.actors.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.privsim.core.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code privsim validate SCENARIO}: checks a scenario file without running it. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a scenario file field by field; exit 0 when valid, 2 with one error line per problem.")
final class ValidateCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ScenarioFile scenarioFile;

    @Override
    public Integer call() {
        Optional<Scenario> loaded = scenarioFile.load(spec.commandLine().getErr());
        if (loaded.isEmpty()) {
            return PrivsimCli.EXIT_INVALID;
        }
        Scenario scenario = loaded.get();
        spec.commandLine().getOut().printf("%s: valid (%s task, %d experiments, %d audits)%n", scenarioFile.path,
                scenario.task().type(), scenario.experiments().size(), scenario.audits().size());
        return 0;
    }
}
