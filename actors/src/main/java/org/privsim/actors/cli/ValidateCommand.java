package org.privsim.actors.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.privsim.actors.cluster.ClusterRunner;
import org.privsim.actors.local.LocalRunner;
import org.privsim.core.report.Formats;
import org.privsim.core.family.MemoryModel;
import org.privsim.core.family.RunTimeModel;
import org.privsim.core.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code privsim validate SCENARIO}: checks a scenario file without running it. A valid file exits 0
 * and prints, after its summary line, the run's estimated time on this machine with the local runner
 * ({@link RunTimeModel}, e.g. {@code estimated run time on this machine: about 40 s (local runner, 2
 * cores)}) and the heap it needs ({@link MemoryModel}): on one JVM with the local runner, in the population
 * mode {@code run} would use there, and per node on {@code --nodes} cluster nodes with each run's users
 * spread over them, e.g. {@code heap: about 2.3 GB on one JVM (local runner, population regenerated); about
 * 0.9 GB per node on 4 nodes}. When it would not fit this JVM's heap with the local runner (the check
 * {@code run} makes before any work) a warning line says so on stderr, and the exit stays 0 — the file is
 * valid, the machine small.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a scenario file field by field; exit 0 when valid, with the run's estimated time on this"
                + " machine (and a warning when it would not fit this JVM's heap), 2 with one error line per problem.")
final class ValidateCommand implements Callable<Integer> {

    /** The most nodes {@code --nodes} estimates for. */
    static final int MAX_NODES = 1024;

    @Spec
    private CommandSpec spec;

    @Mixin
    private ScenarioFile scenarioFile;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "4",
            description = "Also state the heap each of N cluster nodes needs with the users spread over them"
                    + " (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Override
    public Integer call() {
        if (nodes < 1 || nodes > MAX_NODES) {
            spec.commandLine().getErr().printf("error: --nodes: must be between 1 and %d, got %d%n", MAX_NODES, nodes);
            return PrivsimCli.EXIT_INVALID;
        }
        Optional<Scenario> loaded = scenarioFile.load(spec.commandLine().getErr());
        if (loaded.isEmpty()) {
            return PrivsimCli.EXIT_INVALID;
        }
        Scenario scenario = loaded.get();
        spec.commandLine().getOut().printf("%s: valid (%s task, %s, %s)%n", scenarioFile.path, scenario.task().type(),
                Formats.counted(scenario.experiments().size(), "experiment"), Formats.counted(scenario.audits().size(), "audit"));
        HeapCheck.Settled settled = HeapCheck.settle(scenario, LocalRunner.NAME);
        int cores = Runtime.getRuntime().availableProcessors();
        spec.commandLine().getOut().printf("estimated run time on this machine: %s (%s)%n",
                RunTimeModel.duration(RunTimeModel.seconds(settled.scenario(), LocalRunner.NAME, cores)),
                RunTimeModel.machine(LocalRunner.NAME, cores));
        String mode = settled.population() == null ? "" : ", population " + settled.population();
        spec.commandLine().getOut().printf("heap: about %.1f GB on one JVM (local runner%s); about %.1f GB per node on"
                        + " %d nodes%n", MemoryModel.estimate(settled.scenario(), LocalRunner.NAME) / 1e9, mode,
                MemoryModel.estimate(settled.scenario(), ClusterRunner.NAME, nodes) / 1e9, nodes);
        String heap = HeapCheck.problem(settled.scenario(), LocalRunner.NAME);
        if (heap != null) {
            spec.commandLine().getErr().printf("warning: %s; `privsim run` would refuse it in this JVM%n", heap);
        }
        return 0;
    }
}
