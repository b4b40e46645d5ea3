package org.privsim.actors.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.privsim.actors.local.LocalRunner;
import org.privsim.core.run.Progress;
import org.privsim.core.run.SequentialRunner;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code privsim bench SCENARIO}: times the sequential and the local runner on the same scenario
 * in one process, alternating them (warm-ups first), and prints each median wall time and the
 * ratio local/sequential. A timed repetition covers the whole run including data generation (and,
 * for local, starting and stopping the actor system); a full GC runs before each one.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Time the sequential and local runners on a scenario (median wall time, ratio local/sequential).")
final class BenchCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ScenarioFile scenarioFile;

    @Option(names = "--repetitions", paramLabel = "N", defaultValue = "3",
            description = "Timed repetitions of each runner (default: ${DEFAULT-VALUE}).")
    private int repetitions;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "1",
            description = "Untimed warm-up runs of each runner (default: ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    private boolean json;

    @Override
    public Integer call() throws Exception {
        if (repetitions < 1 || warmup < 0) {
            spec.commandLine().getErr().println("error: " + (repetitions < 1 ? "--repetitions: must be at least 1"
                    : "--warmup: must not be negative"));
            return PrivsimCli.EXIT_INVALID;
        }
        Optional<Scenario> loaded = scenarioFile.load(spec.commandLine().getErr());
        if (loaded.isEmpty()) {
            return PrivsimCli.EXIT_INVALID;
        }
        Scenario scenario = loaded.get();
        List<Long> sequential = new ArrayList<>();
        List<Long> local = new ArrayList<>();
        for (int i = 0; i < warmup + repetitions; i++) {
            long s = time(SequentialRunner.NAME, scenario);
            long l = time(LocalRunner.NAME, scenario);
            if (i >= warmup) {
                sequential.add(s);
                local.add(l);
            }
        }
        long seqMedian = median(sequential);
        long localMedian = median(local);
        double ratio = (double) localMedian / Math.max(1, seqMedian);
        if (json) {
            ObjectMapper mapper = new ObjectMapper();
            ObjectNode node = mapper.createObjectNode();
            node.put("sequentialMedianMillis", seqMedian);
            node.put("localMedianMillis", localMedian);
            node.put("ratio", ratio);
            node.put("repetitions", repetitions);
            node.put("population", population(scenario));
            node.put("auditTrials", auditTrials(scenario));
            spec.commandLine().getOut().println(mapper.writeValueAsString(node));
        } else {
            spec.commandLine().getOut().printf("scenario %s, population %d, %d audit trials, %d warm-up + %d timed"
                    + " runs each%nsequential median %d ms%nlocal      median %d ms%nratio local/sequential %.3f%n",
                    scenario.name(), population(scenario), auditTrials(scenario), warmup, repetitions, seqMedian,
                    localMedian, ratio);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    private static long time(String runner, Scenario scenario) {
        // Collect the previous run's garbage (50,000 actors or data sets) before the clock starts,
        // so one runner's leftovers are not billed to the other.
        System.gc();
        long start = System.nanoTime();
        ScenarioExecution.runWith(runner, scenario, Progress.NONE);
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** Users of a low-rank task or persons of an indexed-mean task. */
    private static int population(Scenario scenario) {
        return scenario.task() instanceof IndexedMeanTask indexed
                ? indexed.persons()
                : ((LowRankRegressionTask) scenario.task()).users();
    }

    private static int auditTrials(Scenario scenario) {
        return scenario.audits().stream().mapToInt(AuditSpec::trials).sum();
    }

    private static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
