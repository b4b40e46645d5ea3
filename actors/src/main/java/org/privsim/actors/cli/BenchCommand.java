package org.privsim.actors.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.privsim.actors.local.LocalRunner;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.run.Progress;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.sim.UserTask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code privsim bench SCENARIO}: times the sequential and the local runner on the same scenario
 * in one process, alternating them (warm-ups first), and prints for each runner the median wall
 * time, the median epoch (one round of a low-rank run, from the release of round t to that of
 * round t+1, {@link Progress#released}), the median CPU time of the whole process over a run (every
 * thread: the runner's, the collector's and the JIT compilers'), the peak heap ({@link HeapPeak})
 * and that peak per user of the scenario's population (none for a task without one: transfer,
 * multi-task), and the ratios local/sequential; with audits, the text also gives each
 * runner's audit trials per second (audit trials / median wall time of the whole run, so a figure
 * of the audits alone only for a scenario of audits alone, as {@code bench/audit-trials.yaml}). A
 * timed repetition covers the whole run including data generation (and, for local, starting and
 * stopping the actor system); a full GC runs before each one. Two warm-up runs by default: after
 * one, the JIT was still recompiling the actor runtime's paths through the first timed local run
 * (JFR {@code jdk.Compilation}: about 1.4 s of C2 time in it at 50,000 users, 0.3–0.6 s in the
 * later ones), while the sequential loop was steady after one. Any task type; {@code --users N} replaces the
 * low-rank task's population, held in the mode {@code run} would choose for the hungrier runner when
 * the file leaves {@code population} open (stated on stderr and as {@code populationMode});
 * {@code --runners} restricts the runners (no ratio then);
 * {@code --out FILE} also writes the JSON object to a file. With {@code --live-every MS} a full
 * collection is forced every MS milliseconds of each run and only full collections count, so the
 * peak heap is the peak live data, sampled every MS ms (without it the peak after any collection
 * also counts the garbage young collections promoted, and a run with few collections may be
 * sampled far from its fullest moment); the forced collections slow the run, so its times are
 * not comparable with a run without it.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Time the sequential and local runners on a scenario (median wall time and epoch, peak heap,"
                + " ratio local/sequential).")
final class BenchCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ScenarioFile scenarioFile;

    @Option(names = "--repetitions", paramLabel = "N", defaultValue = "3",
            description = "Timed repetitions of each runner (default: ${DEFAULT-VALUE}).")
    private int repetitions;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "2",
            description = "Untimed warm-up runs of each runner (default: ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--users", paramLabel = "N",
            description = "Replace the low-rank task's number of users with N.")
    private Integer users;

    @Option(names = "--runners", paramLabel = "NAME[,NAME]", split = ",", defaultValue = "sequential,local",
            description = "Runners to time (default: ${DEFAULT-VALUE}).")
    private List<String> runners;

    @Option(names = "--live-every", paramLabel = "MS",
            description = "Force a full collection every MS ms of each run and count only full collections:"
                    + " the peak heap is then the peak live data, sampled (slows the runs).")
    private Integer liveEvery;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    private boolean json;

    @Option(names = "--out", paramLabel = "FILE", description = "Also write the JSON object to FILE.")
    private Path out;

    /** One runner's measurements over the timed repetitions. */
    private record Timing(List<Long> wallMillis, List<Double> epochMillis, List<Long> cpuMillis,
                          List<Long> peakHeapBytes) {
        Timing() {
            this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }
    }

    @Override
    public Integer call() throws Exception {
        String problem = repetitions < 1 ? "--repetitions: must be at least 1"
                : warmup < 0 ? "--warmup: must not be negative"
                : users != null && users < 2 ? "--users: must be at least 2"
                : liveEvery != null && liveEvery < 1 ? "--live-every: must be at least 1 (ms)"
                : runners.isEmpty() || !List.of(SequentialRunner.NAME, LocalRunner.NAME).containsAll(runners)
                ? "--runners: expected sequential and/or local, got " + String.join(",", runners) : null;
        if (problem != null) {
            spec.commandLine().getErr().println("error: " + problem);
            spec.commandLine().getErr().flush();
            return PrivsimCli.EXIT_INVALID;
        }
        Optional<Scenario> loaded = scenarioFile.load(spec.commandLine().getErr());
        if (loaded.isEmpty()) {
            return PrivsimCli.EXIT_INVALID;
        }
        Scenario scenario = loaded.get();
        if (users != null) {
            scenario = scenario.withUsers(users);
            if (scenario == null) {
                spec.commandLine().getErr().println("error: --users: only for a low-rank-regression task");
                spec.commandLine().getErr().flush();
                return PrivsimCli.EXIT_INVALID;
            }
        }
        // One mode for every runner: the one the hungrier runner (sequential keeps views) would use.
        HeapCheck.Settled settled = HeapCheck.settle(scenario,
                runners.contains(SequentialRunner.NAME) ? SequentialRunner.NAME : LocalRunner.NAME);
        scenario = settled.scenario();
        if (settled.line() != null) {
            spec.commandLine().getErr().println(settled.line());
            spec.commandLine().getErr().flush();
        }
        String tooBig = null;
        for (String runner : runners) {
            tooBig = tooBig != null ? tooBig : HeapCheck.problem(scenario, runner);
        }
        if (tooBig != null) {
            spec.commandLine().getErr().println("error: " + tooBig);
            spec.commandLine().getErr().flush();
            return PrivsimCli.EXIT_INVALID;
        }
        List<String> order = List.of(SequentialRunner.NAME, LocalRunner.NAME).stream().filter(runners::contains)
                .toList();
        List<Timing> timings = order.stream().map(r -> new Timing()).toList();
        for (int i = 0; i < warmup + repetitions; i++) {
            for (int r = 0; r < order.size(); r++) {
                time(order.get(r), scenario, i >= warmup ? timings.get(r) : null, liveEvery);
            }
        }
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode node = mapper.createObjectNode();
        int population = scenario.populationSize();
        Timing seq = runners.contains(SequentialRunner.NAME) ? timings.get(0) : null;
        Timing local = runners.contains(LocalRunner.NAME) ? timings.get(order.size() - 1) : null;
        putRunner(node, "sequential", seq, population);
        putRunner(node, "local", local, population);
        putRatio(node, "ratio", seq == null || local == null ? null
                : (double) (long) median(local.wallMillis()) / Math.max(1, (long) median(seq.wallMillis())));
        putRatio(node, "epochRatio", seq == null || local == null || seq.epochMillis().isEmpty() ? null
                : median(local.epochMillis()) / median(seq.epochMillis()));
        putRatio(node, "cpuRatio", seq == null || local == null ? null
                : median(local.cpuMillis()) / Math.max(1, median(seq.cpuMillis())));
        node.put("repetitions", repetitions);
        node.put("population", population);
        node.put("populationMode", settled.population());
        node.put("auditTrials", auditTrials(scenario));
        node.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        if (liveEvery == null) {
            node.putNull("liveEveryMillis");
        } else {
            node.put("liveEveryMillis", liveEvery);
        }
        node.put("kernel", PackedSymmetric.kernel());
        String text = mapper.writeValueAsString(node);
        if (out != null) {
            Files.writeString(out, mapper.enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(node) + "\n");
        }
        if (json) {
            spec.commandLine().getOut().println(text);
        } else {
            spec.commandLine().getOut().printf("scenario %s, population %d%s, %d audit trials, %d warm-up + %d timed"
                    + " runs each, heap limit %.1f GB, %s Gram kernel%s%n", scenario.name(), population,
                    settled.population() == null ? "" : " (" + settled.population() + ")",
                    auditTrials(scenario), warmup, repetitions, Runtime.getRuntime().maxMemory() / 1e9,
                    PackedSymmetric.kernel(), liveEvery == null ? ""
                            : ", peak heap = peak live data (a full collection every " + liveEvery + " ms)");
            printRunner("sequential", seq, population, auditTrials(scenario));
            printRunner("local", local, population, auditTrials(scenario));
            if (seq != null && local != null) {
                spec.commandLine().getOut().printf("ratio local/sequential %.3f (wall), %s (epoch), %.3f (cpu)%n",
                        node.get("ratio").asDouble(), node.get("epochRatio").isNull() ? "n/a"
                                : String.format("%.3f", node.get("epochRatio").asDouble()),
                        node.get("cpuRatio").asDouble());
            }
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    private void printRunner(String name, Timing t, int population, int auditTrials) {
        if (t == null) {
            return;
        }
        long wall = (long) median(t.wallMillis());
        // Per-user heap only means something for a task with a population (not transfer or multi-task).
        spec.commandLine().getOut().printf("%-10s median %d ms, epoch %s, cpu %d ms, peak heap %.1f MB%s%s%n",
                name, wall, t.epochMillis().isEmpty() ? "n/a" : String.format("%.1f ms", median(t.epochMillis())),
                (long) median(t.cpuMillis()), median(t.peakHeapBytes()) / 1e6,
                population == 0 ? "" : String.format(" (%d bytes/user)", (long) median(t.peakHeapBytes()) / population),
                auditTrials == 0 ? "" : String.format(", %.0f audit trials/s", auditTrials * 1000.0 / Math.max(1, wall)));
    }

    private static void putRunner(ObjectNode node, String name, Timing t, int population) {
        if (t == null) {
            node.putNull(name + "MedianMillis");
            node.putNull(name + "EpochMillis");
            node.putNull(name + "CpuMillis");
            node.putNull(name + "PeakHeapBytes");
            node.putNull(name + "BytesPerUser");
            return;
        }
        node.put(name + "MedianMillis", (long) median(t.wallMillis()));
        if (t.epochMillis().isEmpty()) {
            node.putNull(name + "EpochMillis");
        } else {
            node.put(name + "EpochMillis", median(t.epochMillis()));
        }
        node.put(name + "CpuMillis", (long) median(t.cpuMillis()));
        long peak = (long) median(t.peakHeapBytes());
        node.put(name + "PeakHeapBytes", peak);
        if (population == 0) {
            node.putNull(name + "BytesPerUser");
        } else {
            node.put(name + "BytesPerUser", peak / population);
        }
    }

    private static void putRatio(ObjectNode node, String field, Double value) {
        if (value == null) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static void time(String runner, Scenario scenario, Timing into, Integer liveEvery)
            throws InterruptedException {
        // Collect the previous run's garbage (50,000 actors or data sets) before the clock starts,
        // so one runner's leftovers are not billed to the other.
        System.gc();
        EpochClock clock = new EpochClock();
        long start;
        long wall;
        long cpu;
        long peak;
        ScheduledExecutorService sampler = liveEvery == null ? null
                : Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "bench-live-heap");
                    t.setDaemon(true);
                    return t;
                });
        try (HeapPeak heap = new HeapPeak(liveEvery != null)) {
            if (sampler != null) {
                sampler.scheduleWithFixedDelay(System::gc, liveEvery, liveEvery, TimeUnit.MILLISECONDS);
            }
            long cpuStart = processCpuNanos();
            start = System.nanoTime();
            try {
                ScenarioExecution.runWith(runner, scenario, clock);
            } finally {
                if (sampler != null) {
                    sampler.shutdownNow();
                    sampler.awaitTermination(1, TimeUnit.MINUTES); // a collection in progress ends first
                }
            }
            wall = (System.nanoTime() - start) / 1_000_000;
            cpu = (processCpuNanos() - cpuStart) / 1_000_000;
            peak = heap.bytes();
        }
        if (into != null) {
            into.wallMillis().add(wall);
            into.epochMillis().addAll(clock.epochs);
            into.cpuMillis().add(cpu);
            into.peakHeapBytes().add(peak);
        }
    }

    /** CPU time of the whole process so far (all threads), or 0 where the JVM does not expose it. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuTime()) : 0;
    }

    /** Records the interval between consecutive round releases of the same run. */
    private static final class EpochClock implements Progress {
        private final List<Double> epochs = new ArrayList<>();
        private int lastCell = -1;
        private int lastRun = -1;
        private int lastRound = -1;
        private long lastNanos;

        @Override
        public void update(long done, long total, String message) {
        }

        @Override
        public synchronized void released(int cell, int run, Object request) {
            long now = System.nanoTime();
            if (request instanceof UserTask.Round r) {
                if (cell == lastCell && run == lastRun && r.round() == lastRound + 1) {
                    epochs.add((now - lastNanos) / 1e6);
                }
                lastCell = cell;
                lastRun = run;
                lastRound = r.round();
                lastNanos = now;
            } else {
                lastRun = -1;
            }
        }
    }

    private static int auditTrials(Scenario scenario) {
        return scenario.audits().stream().mapToInt(AuditSpec::trials).sum();
    }

    private static double median(List<? extends Number> values) {
        double[] sorted = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
