package org.privsim.actors.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.privsim.actors.cluster.ScenarioSource;
import org.privsim.core.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code privsim run SCENARIO}: validates a scenario file, runs it, writes the report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a scenario file and write report.json with its CSV tables and PNG plots;"
                + " exit 1 when an audit misses its expect.")
final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RunOptions options;

    @Mixin
    private ScenarioFile scenarioFile;

    @Option(names = "--seed", paramLabel = "N", description = "Override the scenario's seed.")
    private Long seed;

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
        return ScenarioExecution.execute(ScenarioSource.of(scenarioFile.path, seed), scenario, options,
                spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
