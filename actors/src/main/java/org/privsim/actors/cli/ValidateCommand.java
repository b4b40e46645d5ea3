package org.privsim.actors.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.privsim.actors.local.LocalRunner;
import org.privsim.core.report.Formats;
import org.privsim.core.run.RunTimeModel;
import org.privsim.core.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code privsim validate SCENARIO}: checks a scenario file without running it. A valid file exits 0
 * and prints, after its summary line, the run's estimated time on this machine with the local runner
 * ({@link RunTimeModel}, e.g. {@code estimated run time on this machine: about 40 s (local runner, 2
 * cores)}); when it would not fit this JVM's heap with the local runner (the check {@code run} makes before any
 * work) a warning line says so on stderr, and the exit stays 0 — the file is valid, the machine small.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a scenario file field by field; exit 0 when valid, with the run's estimated time on this"
                + " machine (and a warning when it would not fit this JVM's heap), 2 with one error line per problem.")
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
        spec.commandLine().getOut().printf("%s: valid (%s task, %s, %s)%n", scenarioFile.path, scenario.task().type(),
                Formats.counted(scenario.experiments().size(), "experiment"), Formats.counted(scenario.audits().size(), "audit"));
        int cores = Runtime.getRuntime().availableProcessors();
        spec.commandLine().getOut().printf("estimated run time on this machine: %s (%s)%n",
                RunTimeModel.duration(RunTimeModel.seconds(scenario, LocalRunner.NAME, cores)),
                RunTimeModel.machine(LocalRunner.NAME, cores));
        String heap = HeapCheck.problem(scenario, LocalRunner.NAME);
        if (heap != null) {
            spec.commandLine().getErr().printf("warning: %s; `privsim run` would refuse it in this JVM%n", heap);
        }
        return 0;
    }
}
