package org.privsim.core.family;

import static org.privsim.core.scenario.HeapBytes.BASE_BYTES;
import static org.privsim.core.scenario.HeapBytes.add;
import static org.privsim.core.scenario.HeapBytes.array;
import static org.privsim.core.scenario.HeapBytes.curatorBytes;
import static org.privsim.core.scenario.HeapBytes.dataBytesPerUser;
import static org.privsim.core.scenario.HeapBytes.mul;

import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.PopulationUse;
import org.privsim.core.module.RunHeap;
import org.privsim.core.scenario.DatasetTask;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.HeapBytes;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.PopulationMode;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;

/**
 * How much heap a scenario needs, before any work: {@link HeapBytes#BASE_BYTES}, a data set's table
 * ({@link #datasetBytes}), and the largest of what the low-rank population needs and what each module
 * says its own runs need ({@link FamilyModule#heap}: the ratings and indexed-mean runs, held
 * {@code min(runs, runs in flight)} times). The low-rank population (the low-rank and federated
 * families'): the users' data sets when it is stored (a pure function of the task's shape,
 * {@link HeapBytes#dataBytesPerUser}, and the population's array slot; a regenerated population holds
 * none, {@link PopulationMode}), for each stored population held at once ({@link #populationsAtOnce},
 * from each experiment's {@link FamilyModule#populationUse}); what the runtime keeps per user (the
 * sequential interpreter keeps each user's participant view, {@value #VIEW_BYTES} bytes with its table
 * slot; the actor runtimes build views per batch and keep none); what each run in flight's curator
 * holds per user (the module's {@link PopulationUse#runBytesPerUser}); the sums in flight (d(d+1)/2
 * doubles or more each: the range's sum and the total sequentially; on an actor runtime, per run in
 * flight, the ranges folding or waiting to be combined in range order, bounded by
 * {@value #RANGES_IN_FLIGHT} per run), and the curator's dk×dk matrices of the full U-step.
 *
 * <p>No participant is an actor on any runner: a run's curator owns its participants (the actor
 * runtimes' {@code RunCuratorActor} in a participant table, the sequential interpreter in the same
 * kind of table), so a participant costs the same on every runner; what an actor runtime adds is
 * up to {@value #SEAM_RUNS_IN_FLIGHT} runs in flight at once instead of one.
 *
 * <p>Guarantee: the per-participant figures are counted and checked against a measured heap in
 * {@code MemoryModelTest}, and the per-user estimates against the live heap
 * {@code privsim bench --live-every} measured (bench/RESULTS.md, "Per-participant memory").
 * It is an estimate for refusing scenarios that cannot fit, not a bound.
 */
public final class MemoryModel {
    private MemoryModel() {}

    /** A low-rank user's participant view and its table slot, kept by the sequential interpreter. */
    public static final long VIEW_BYTES = 32;
    /** Range sums a low-rank run holds at once on an actor runtime (folding on workers, or waiting for their turn). */
    public static final int RANGES_IN_FLIGHT = 8;
    /** Seam runs in flight at once on the actor runtimes (SeamCoordinator's RUNS_IN_FLIGHT). */
    public static final int SEAM_RUNS_IN_FLIGHT = 4;

    /**
     * Bytes a population held in {@code mode} keeps per user: its data set and array slot when stored
     * (or left open), nothing when regenerated.
     */
    public static long populationBytesPerUser(LowRankRegressionTask task, PopulationMode mode) {
        return mode == PopulationMode.REGENERATED ? 0 : add(dataBytesPerUser(task), 8);
    }

    /**
     * Estimated peak heap of {@code scenario} under {@code runner}: {@link HeapBytes#BASE_BYTES}, plus a
     * data set's table ({@link #datasetBytes}), plus the largest of the low-rank population's estimate
     * and each module's runs in flight (once sequentially, up to {@value #SEAM_RUNS_IN_FLIGHT} at once on
     * an actor runtime). Saturates at {@link Long#MAX_VALUE}.
     */
    public static long estimate(Scenario scenario, String runner) {
        return estimate(scenario, runner, 1);
    }

    /**
     * Estimated peak heap of one of {@code nodes} cluster nodes when each run's users are spread over
     * all of them (1: {@link #estimate}): per node the base, a 1/nodes share of every stored
     * population and of the participant views, and, on the node of the curators, everything else —
     * an upper bound for every node. Saturates at {@link Long#MAX_VALUE}.
     */
    public static long estimate(Scenario scenario, String runner, int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be positive, got " + nodes);
        }
        long most = scenario.hasLowRankExperiments() ? lowRankEstimate(scenario, runner, nodes) : 0;
        for (FamilyModule module : Families.MODULES) {
            RunHeap heap = module.heap(scenario);
            most = Math.max(most, add(heap.sharedBytes(), mul(runsInFlight(runner, heap.runs()), heap.largestBytes())));
        }
        return add(add(BASE_BYTES, scenario.task() instanceof DatasetTask dataset ? datasetBytes(dataset) : 0), most);
    }
    /**
     * The population mode a run of {@code scenario} under {@code runner} in a heap of
     * {@code maxHeapBytes} uses: the task's when it states one, else stored when the stored estimate
     * fits ({@link #problem}), else regenerated; null for a task without a low-rank population.
     */
    public static PopulationMode population(Scenario scenario, String runner, long maxHeapBytes) {
        if (!scenario.populationOpen()) {
            return scenario.population();
        }
        return fits(estimate(scenario.withPopulation(PopulationMode.STORED), runner), maxHeapBytes)
                ? PopulationMode.STORED : PopulationMode.REGENERATED;
    }

    /**
     * Stored populations an actor runtime holds at once: runs start grouped by population
     * ({@code RunOrder}), so one while a group's runs fill the {@value #SEAM_RUNS_IN_FLIGHT} runs in
     * flight, two where one group ends and the next begins, and up to {@value #SEAM_RUNS_IN_FLIGHT}
     * when the groups are smaller than that; one sequentially. Counts one population per repeat shared
     * by the experiments that share it, and one per repeat of each experiment that holds its own
     * ({@link PopulationUse#ownPopulation}).
     */
    static long populationsAtOnce(Scenario scenario, String runner) {
        long populations = 0;
        long runs = 0;
        long sharedRepeats = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            PopulationUse use = populationUse(scenario, spec);
            if (use == null) {
                continue;
            }
            runs = add(runs, runs(spec));
            if (use.ownPopulation()) {
                populations = add(populations, spec.repeats());
            } else {
                sharedRepeats = Math.max(sharedRepeats, spec.repeats());
            }
        }
        populations = add(populations, sharedRepeats);
        if (SequentialRunner.NAME.equals(runner) || populations <= 1) {
            return 1;
        }
        long perGroup = runs / populations;
        return Math.min(populations, perGroup >= SEAM_RUNS_IN_FLIGHT ? 2 : SEAM_RUNS_IN_FLIGHT);
    }

    /**
     * What each run in flight on the low-rank population holds per user: the largest of the
     * scenario's experiments' {@link PopulationUse#runBytesPerUser}.
     */
    private static long runBytesPerUser(Scenario scenario) {
        long most = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            PopulationUse use = populationUse(scenario, spec);
            most = use == null ? most : Math.max(most, use.runBytesPerUser());
        }
        return most;
    }

    /** The runs of the scenario on its low-rank population. */
    private static long lowRankRuns(Scenario scenario) {
        long runs = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            runs = populationUse(scenario, spec) == null ? runs : add(runs, runs(spec));
        }
        return runs;
    }

    /** What experiment {@code spec}'s module says it holds of the low-rank population (null: nothing). */
    private static PopulationUse populationUse(Scenario scenario, ExperimentSpec spec) {
        return Families.running(scenario, spec).map(module -> module.populationUse(spec)).orElse(null);
    }

    /** An experiment's runs: a cell per ε and epoch count, times its repeats. */
    private static long runs(ExperimentSpec spec) {
        long cells = (long) Math.max(1, spec.epsilons() == null ? 1 : spec.epsilons().size())
                * Math.max(1, spec.epochs() == null ? 1 : spec.epochs().size());
        return mul(cells, spec.repeats());
    }

    /** Runs held at once by {@code runner} of a family with {@code runs} runs: one sequentially. */
    private static long runsInFlight(String runner, long runs) {
        return SequentialRunner.NAME.equals(runner) ? 1 : Math.max(1, Math.min(SEAM_RUNS_IN_FLIGHT, runs));
    }

    /**
     * Bytes of a data set's table as read ({@link org.privsim.core.data.DatasetTable}): per row its
     * features and label, per user two arrays and its key.
     */
    public static long datasetBytes(DatasetTask task) {
        long values = mul(task.rows(), task.features().size() + 1L);
        return add(mul(values, 8), mul(task.users(), 2 * 16 + 64));
    }

    /** What the low-rank population and its runs need on one of {@code nodes} nodes, besides the base. */
    private static long lowRankEstimate(Scenario scenario, String runner, int nodes) {
        LowRankRegressionTask task = scenario.lowRankTask();
        long d = task.dimension();
        long k = task.rank();
        long users = task.users();
        long share = (users + nodes - 1) / nodes;
        long packed = mul(d, d + 1) / 2;
        long answer = add(array(mul(2, packed)), 64);
        long ranges = scenario.aggregation().ranges(task.users());
        boolean sequential = SequentialRunner.NAME.equals(runner);
        long inFlight = sequential
                ? mul(2, answer)
                : mul(SEAM_RUNS_IN_FLIGHT * (1 + Math.min(ranges, RANGES_IN_FLIGHT)), answer);
        long population = mul(mul(share, populationBytesPerUser(task, scenario.population())),
                populationsAtOnce(scenario, runner));
        long views = sequential ? mul(share, VIEW_BYTES) : 0;
        long runs = mul(mul(users, runBytesPerUser(scenario)), runsInFlight(runner, lowRankRuns(scenario)));
        return add(add(population, add(views, runs)), add(inFlight, curatorBytes(d, k)));
    }

    /**
     * Why {@code scenario} cannot run under {@code runner} in a heap of {@code maxHeapBytes}, as
     * {@code task.users: needs about X GB of heap, this JVM has Y GB (set PRIVSIM_JAVA_OPTS=-Xmx…)}
     * (naming {@code task.population: regenerated} too when the task stores its population and a
     * regenerated one would fit), or null when the estimate fits in 90% of it (the collector needs
     * some room to work).
     */
    public static String problem(Scenario scenario, String runner, long maxHeapBytes) {
        long need = estimate(scenario, runner);
        if (fits(need, maxHeapBytes)) {
            return null;
        }
        String field = scenario.task() instanceof IndexedMeanTask ? "task.persons"
                : scenario.task() instanceof DatasetTask ? "task.path"
                : scenario.task() instanceof RatingsTask ratings && !ratings.synthetic() ? "task.path" : "task.users";
        if (need == Long.MAX_VALUE || need / 0.9 > 1L << 50) {
            return String.format("%s: needs more than a petabyte of heap; make the task smaller", field);
        }
        long suggestGb = (long) Math.ceil(need / 0.9 / (1L << 30));
        boolean stored = scenario.population() == PopulationMode.STORED && scenario.task() instanceof LowRankRegressionTask;
        long regenerated = stored ? estimate(scenario.withPopulation(PopulationMode.REGENERATED), runner) : Long.MAX_VALUE;
        return String.format("%s: needs about %.1f GB of heap, this JVM has %.1f GB (set"
                + " PRIVSIM_JAVA_OPTS=-Xmx%dg%s)", field, need / 1e9, maxHeapBytes / 1e9, suggestGb,
                fits(regenerated, maxHeapBytes) ? String.format(", or task.population: regenerated, which needs about"
                        + " %.1f GB", regenerated / 1e9) : "");
    }

    /** Whether an estimate of {@code need} bytes leaves the collector a tenth of {@code maxHeapBytes}. */
    private static boolean fits(long need, long maxHeapBytes) {
        return need <= 0.9 * maxHeapBytes;
    }
}
