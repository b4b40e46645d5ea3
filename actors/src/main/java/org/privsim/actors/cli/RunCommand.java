package org.privsim.actors.cli;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.privsim.core.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code privsim run SCENARIO}: validates a scenario file, runs it, writes the report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a scenario file and write report.json, experiments.csv and a PNG plot.")
final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ScenarioFile scenarioFile;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: out/<scenario name>).")
    private Path out;

    @Option(names = "--seed", paramLabel = "N", description = "Override the scenario's seed.")
    private Long seed;

    @Option(names = "--runner", paramLabel = "NAME", defaultValue = "local",
            description = "Runner: local (actors in this JVM) or sequential (default: ${DEFAULT-VALUE}).")
    private String runner;

    @Override
    public Integer call() {
        Optional<Scenario> loaded = scenarioFile.load(spec.commandLine().getErr());
        if (loaded.isEmpty()) {
            return PrivsimCli.EXIT_INVALID;
        }
        Scenario scenario = loaded.get();
        if (seed != null) {
            scenario = scenario.withSeed(seed);
        }
        return ScenarioExecution.execute(scenario, out, runner, spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }
}
