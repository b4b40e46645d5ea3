package org.privsim.core.run;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.scenario.DatasetTask;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Participation;
import org.privsim.core.scenario.PopulationMode;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;

/**
 * How much heap a scenario needs, before any work (a ratings scenario: {@link #ratingsBytes}; an
 * indexed-mean one: {@link #indexedMeanBytes}). A low-rank one (the low-rank and federated
 * families): the users' data sets when the population is stored (a pure function of the task's
 * shape, counted object by object on a 64-bit JVM with compressed references, and the population's
 * array slot; a regenerated population holds none, {@link PopulationMode}), for each stored
 * population held at once ({@link #populationsAtOnce}); what the runtime keeps per user (the
 * sequential interpreter keeps each user's participant view, {@value #VIEW_BYTES} bytes with its
 * table slot; the actor runtimes build views per batch and keep none); what each run in flight's
 * curator holds per user ({@link #RUN_BYTES_PER_USER}, {@link #FEDERATED_RUN_BYTES_PER_USER}, and
 * under disjoint batches each user's batch and the ledger's {@link Ledger#HISTORY_BYTES_PER_USER});
 * the sums in flight (d(d+1)/2 doubles or more each: the range's sum and the total sequentially; on
 * an actor runtime, per run in flight, the ranges folding or waiting to be combined in range order,
 * bounded by {@value #RANGES_IN_FLIGHT} per run), the curator's dk×dk matrices of the full U-step,
 * and a fixed base for the JVM, Pekko and the report.
 *
 * <p>No participant is an actor on any runner: a run's curator owns its participants (the actor
 * runtimes' {@code RunCuratorActor} in a participant table, the sequential interpreter in the same
 * kind of table), so a participant costs the same on every runner; what an actor runtime adds is
 * up to {@value #SEAM_RUNS_IN_FLIGHT} runs in flight at once instead of one.
 *
 * <p>Guarantee: {@link #dataBytesPerUser} is exact for {@link org.privsim.core.data.UserDataset}'s
 * arrays up to object alignment (tested against a measured heap); the per-participant figures
 * ({@link #RATINGS_PARTICIPANT_BYTES}, {@link #INDEXED_PERSON_BYTES}) are counted and checked against
 * a measured heap in {@code MemoryModelTest}, and the per-user estimates against the live heap
 * {@code privsim bench --live-every} measured (bench/RESULTS.md, "Per-participant memory").
 * It is an estimate for refusing scenarios that cannot fit, not a bound.
 */
public final class MemoryModel {
    private MemoryModel() {}

    /** Heap every run needs besides the population: JVM, Pekko, scenario and report (measured, rounded up). */
    public static final long BASE_BYTES = 96L << 20;
    /**
     * What a run keeps per ratings participant, on every runner: the participant (a closure over
     * the cell, the run's context and its id: a 12-byte header and three 4-byte fields, 24 bytes)
     * and its slot in the run's participant table (4 bytes, up to 8 while the sequential
     * interpreter's table doubles). It holds no ratings: it regenerates or reads them per request.
     * Measured: {@code MemoryModelTest} weighs 400,000 of them; the peak live heap per user is the
     * same on the local and the sequential runner ({@code java -jar actors/target/privsim.jar bench
     * ratings.yaml --warmup 0 --repetitions 1 --live-every 200} at 100,000 and 300,000 users,
     * bench/RESULTS.md, "Per-participant memory"), where it was 1,600 bytes of an actor per
     * participant before the curators owned their participants.
     */
    public static final long RATINGS_PARTICIPANT_BYTES = 32;
    /**
     * What an indexed-mean run holds per person besides its sums at the support, on every runner:
     * the participant (a closure over its data, the population, its position and id: 32 bytes), its
     * {@link org.privsim.core.family.indexedmean.PersonData} (40; its clipped and raw sums are one array for
     * a population person), its table slot (up to 8), its contribution (a 24-byte record sharing the
     * sums) and five 4-byte slots (the step's ids, the answers, the curator's arrays of contributions
     * and of indices, the population's indices): 124, rounded up. The loss terms of the second step
     * (28 bytes a person) replace the contributions. Measured: {@code MemoryModelTest} weighs 200,000
     * persons; the peak live heap of one run per person ({@code privsim bench --live-every 200},
     * bench/RESULTS.md, "Per-participant memory") is this plus the sums.
     */
    public static final long INDEXED_PERSON_BYTES = 128;
    /** A low-rank user's participant view and its table slot, kept by the sequential interpreter. */
    public static final long VIEW_BYTES = 32;
    /** Range sums a low-rank run holds at once on an actor runtime (folding on workers, or waiting for their turn). */
    public static final int RANGES_IN_FLIGHT = 8;
    /**
     * What a low-rank run's curator holds per user while a collection is in flight, whatever the
     * population mode: the step's ids (4 bytes), the sum's list of contributors (up to 8: it doubles as
     * it grows) and the copy of it the ledger is charged with (4).
     */
    public static final long RUN_BYTES_PER_USER = 16;
    /**
     * What a federated run holds per user at its last step, which asks every user its error: the id
     * (4 bytes), the answer (an array of at most four doubles, 48) and its slot in the answers (4).
     */
    public static final long FEDERATED_RUN_BYTES_PER_USER = 56;
    /** What a low-rank run under disjoint batches keeps per user besides: the user's batch (an int). */
    public static final long BATCH_BYTES_PER_USER = 4;

    /**
     * Bytes of one user's data set: the record (12-byte header, two ints, seven compressed
     * references: 48), x (m×d), y (m), the feature norms (m), v* (k) and θ* (d).
     */
    public static long dataBytesPerUser(LowRankRegressionTask task) {
        long m = task.samplesPerUser();
        long d = task.dimension();
        long k = task.rank();
        return add(add(48 + array(m), array(mul(m, d))), array(m) + array(k) + array(d));
    }

    /**
     * Bytes a population held in {@code mode} keeps per user: its data set and array slot when stored
     * (or left open), nothing when regenerated.
     */
    public static long populationBytesPerUser(LowRankRegressionTask task, PopulationMode mode) {
        return mode == PopulationMode.REGENERATED ? 0 : add(dataBytesPerUser(task), 8);
    }

    /**
     * Estimated peak heap of {@code scenario} under {@code runner}: {@link #BASE_BYTES}, plus a data
     * set's table ({@link #datasetBytes}), plus the largest of the low-rank population's estimate and
     * the indexed-mean runs in flight (the largest run, {@link #indexedMeanBytes}, once sequentially,
     * up to {@value #SEAM_RUNS_IN_FLIGHT} times on an actor runtime). Saturates at {@link Long#MAX_VALUE}.
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
        if (scenario.task() instanceof RatingsTask ratings) {
            return add(BASE_BYTES, ratingsBytes(scenario, ratings, runner));
        }
        long base = add(BASE_BYTES, scenario.task() instanceof DatasetTask dataset ? datasetBytes(dataset) : 0);
        long indexed = 0;
        for (IndexedMeanTask task : indexedMeanTasks(scenario)) {
            indexed = Math.max(indexed, indexedMeanBytes(task));
        }
        indexed = mul(runsInFlight(runner, indexedMeanRuns(scenario)), indexed);
        if (!scenario.hasLowRankExperiments()) {
            return add(base, indexed);
        }
        return add(base - BASE_BYTES, Math.max(lowRankEstimate(scenario, runner, nodes), add(BASE_BYTES, indexed)));
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
     * when the groups are smaller than that; one sequentially. Counts the low-rank populations (one per
     * repeat) and the federated ones (one per experiment and repeat).
     */
    static long populationsAtOnce(Scenario scenario, String runner) {
        long populations = 0;
        long runs = 0;
        long lowRankRepeats = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            if (!spec.algorithm().isLowRank()) {
                continue;
            }
            long cells = (long) Math.max(1, spec.epsilons() == null ? 1 : spec.epsilons().size())
                    * Math.max(1, spec.epochs() == null ? 1 : spec.epochs().size());
            runs = add(runs, mul(cells, spec.repeats()));
            if (spec.algorithm().isFederated()) {
                populations = add(populations, spec.repeats());
            } else {
                lowRankRepeats = Math.max(lowRankRepeats, spec.repeats());
            }
        }
        populations = add(populations, lowRankRepeats);
        if (SequentialRunner.NAME.equals(runner) || populations <= 1) {
            return 1;
        }
        long perGroup = runs / populations;
        return Math.min(populations, perGroup >= SEAM_RUNS_IN_FLIGHT ? 2 : SEAM_RUNS_IN_FLIGHT);
    }

    /**
     * What each low-rank or federated run in flight holds per user: {@link #RUN_BYTES_PER_USER} (and
     * under disjoint batches {@link #BATCH_BYTES_PER_USER} and the ledger's
     * {@link Ledger#HISTORY_BYTES_PER_USER}), or
     * {@link #FEDERATED_RUN_BYTES_PER_USER}, the largest of the scenario's experiments.
     */
    private static long runBytesPerUser(Scenario scenario) {
        long most = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            if (spec.algorithm().isFederated()) {
                most = Math.max(most, FEDERATED_RUN_BYTES_PER_USER);
            } else if (spec.algorithm().isLowRank()) {
                most = Math.max(most, RUN_BYTES_PER_USER
                        + (spec.participation() == Participation.DISJOINT_BATCHES
                        ? BATCH_BYTES_PER_USER + Ledger.HISTORY_BYTES_PER_USER : 0));
            }
        }
        return most;
    }

    /** The low-rank and federated runs of the scenario. */
    private static long lowRankRuns(Scenario scenario) {
        long runs = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            if (spec.algorithm().isLowRank()) {
                runs = add(runs, mul((long) (spec.epsilons() == null ? 1 : spec.epsilons().size())
                        * (spec.epochs() == null ? 1 : spec.epochs().size()), spec.repeats()));
            }
        }
        return runs;
    }

    /**
     * Bytes of a ratings scenario besides the base: a file's table (28 bytes a rating while it is read:
     * the generic table's two doubles and the ratings table's int and double; 100 a user), and per run
     * in flight — {@value #SEAM_RUNS_IN_FLIGHT} on an actor runtime (at most the scenario's runs), one
     * sequentially — each participant ({@link #RATINGS_PARTICIPANT_BYTES}, on every runner), one round's
     * answers (a user's contribution: 72 bytes of headers, 12 per rating it sends, 8 per factor
     * coordinate; it sends at most L ratings when private, else its training ratings, on average
     * (1 − testFraction)·ratings/users), the ledger (8 bytes a user), the curator's per-item statistics
     * and four copies of the item factors (K = k + 1: (K² + 5K)·8 bytes an item), and a synthetic
     * task's true item factors. A white-box audit's trial ({@code RatingsWhiteBoxGame}) is such a run
     * that also holds every user's ratings split ({@link #SPLIT_BYTES} and 12 bytes a rating) and a
     * second copy of a round's answers (the other world's); each trial is a run (a game's run plays one
     * trial, {@code AuditFamily}).
     */
    public static long ratingsBytes(Scenario scenario, RatingsTask task, String runner) {
        long total = task.synthetic() ? mul(mul(task.items(), task.rank()), 8)
                : add(mul(task.ratings(), 28), mul(task.users(), 100));
        long runs = 0;
        long largest = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            largest = Math.max(largest, ratingsRunBytes(task, spec.settings(RatingsSettings.class), false));
            runs += (long) spec.repeats() * (spec.epsilons() == null ? 1 : spec.epsilons().size());
        }
        for (AuditSpec audit : scenario.audits()) {
            if (audit.task() instanceof RatingsTask audited) {
                largest = Math.max(largest, ratingsRunBytes(audited, audit.experiment().settings(RatingsSettings.class),
                        true));
                runs = add(runs, audit.trials());
            }
        }
        return add(total, mul(runsInFlight(runner, runs), largest));
    }

    /**
     * A user's ratings split as a white-box trial holds it: the split record, two {@code UserRatings}
     * and their four arrays' headers (16 + 2·16 + 4·16 bytes), and its slot in the trial's array.
     */
    static final long SPLIT_BYTES = 116;

    /** One ratings run (see {@link #ratingsBytes}); {@code trial}: a white-box audit's trial. */
    private static long ratingsRunBytes(RatingsTask task, RatingsSettings s, boolean trial) {
        long users = task.users();
        double perUser = task.ratings() * (1 - task.testFraction()) / Math.max(1, users);
        long k = s.rank() == null ? 0 : s.rank() + 1;
        double sent = s.maxRatingsPerUser() == null ? perUser : Math.min(s.maxRatingsPerUser(), perUser);
        long answer = 72 + (long) Math.ceil(12 * sent) + 8 * k;
        long perParticipant = RATINGS_PARTICIPANT_BYTES + answer + 8;
        if (trial) {
            double ratings = (double) task.ratings() / Math.max(1, users);
            perParticipant = add(perParticipant, SPLIT_BYTES + (long) Math.ceil(12 * ratings) + answer);
        }
        return add(mul(users, perParticipant), mul(task.items(), (k * k + 5 * k + 2) * 8));
    }

    /** Runs held at once by {@code runner} of a family with {@code runs} runs: one sequentially. */
    private static long runsInFlight(String runner, long runs) {
        return SequentialRunner.NAME.equals(runner) ? 1 : Math.max(1, Math.min(SEAM_RUNS_IN_FLIGHT, runs));
    }

    /** Seam runs in flight at once on the actor runtimes (SeamCoordinator's RUNS_IN_FLIGHT). */
    public static final int SEAM_RUNS_IN_FLIGHT = 4;

    /**
     * Bytes of a data set's table as read ({@link org.privsim.core.data.DatasetTable}): per row its
     * features and label, per user two arrays and its key.
     */
    public static long datasetBytes(DatasetTask task) {
        long values = mul(task.rows(), task.features().size() + 1L);
        return add(mul(values, 8), mul(task.users(), 2 * 16 + 64));
    }

    /**
     * Bytes of one indexed-mean run with t persons, whatever the runner: each person's sums at the
     * support (a double per coordinate of the support, at most min(t, d) coordinates; its
     * contribution shares them) and {@link #INDEXED_PERSON_BYTES}. An actor runtime holds up to
     * {@value #SEAM_RUNS_IN_FLIGHT} runs at once ({@link #estimate}).
     */
    public static long indexedMeanBytes(IndexedMeanTask task) {
        long t = task.persons();
        long support = Math.min(t, task.dimension());
        return mul(t, add(array(support), INDEXED_PERSON_BYTES));
    }

    /**
     * The runs of the scenario's indexed-mean experiments (repeats per ε and t) and audits (an audit's
     * runs are batches of its trials, so at most its trials).
     */
    private static long indexedMeanRuns(Scenario scenario) {
        long runs = 0;
        if (scenario.task() instanceof IndexedMeanTask) {
            for (ExperimentSpec spec : scenario.experiments()) {
                long cells = (spec.epsilons() == null ? 1 : spec.epsilons().size())
                        * (spec.persons() == null ? 1 : Math.max(1, spec.persons().size()));
                runs = add(runs, mul(cells, spec.repeats()));
            }
        }
        for (AuditSpec audit : scenario.audits()) {
            if (audit.task() instanceof IndexedMeanTask) {
                runs = add(runs, audit.trials());
            }
        }
        return runs;
    }

    /** Every indexed-mean shape the scenario runs: the task at each swept t, and each audit's task. */
    private static List<IndexedMeanTask> indexedMeanTasks(Scenario scenario) {
        List<IndexedMeanTask> tasks = new ArrayList<>();
        if (scenario.task() instanceof IndexedMeanTask task) {
            tasks.add(task);
            for (ExperimentSpec spec : scenario.experiments()) {
                if (spec.persons() != null) {
                    spec.persons().forEach(t -> tasks.add(task.withPersons(t)));
                }
            }
        }
        for (AuditSpec audit : scenario.audits()) {
            if (audit.task() instanceof IndexedMeanTask task) {
                tasks.add(task);
            }
        }
        return tasks;
    }

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
        return add(add(add(BASE_BYTES, population), add(views, runs)), add(inFlight, curatorBytes(d, k)));
    }

    /**
     * The heap a low-rank task needs whatever the runner: the base, every user's data set and the
     * curator's state ({@link #curatorBytes}); a lower bound of {@link #estimate}.
     */
    public static long taskBytes(LowRankRegressionTask task) {
        return add(add(BASE_BYTES, mul(task.users(), dataBytesPerUser(task))), curatorBytes(task.dimension(), task.rank()));
    }

    /**
     * Bytes of the low-rank curator's state at dimension d and rank k, whatever the number of
     * users: its four dk×dk matrices of the full U-step and the k(k+1)/2 packed d×d blocks — O(d²k²),
     * what bounds a low-rank task's dimension.
     */
    public static long curatorBytes(long d, long k) {
        long packed = mul(d, d + 1) / 2;
        long n = mul(d, k);
        return add(mul(4, array(mul(n, n))), array(mul(k * (k + 1) / 2, packed)));
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

    private static long array(long doubles) {
        return align(add(16, mul(8, doubles)));
    }

    /** a·b, or {@link Long#MAX_VALUE} when it overflows (every operand here is non-negative). */
    private static long mul(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE : low;
    }

    /** a + b, or {@link Long#MAX_VALUE} when it overflows (non-negative operands). */
    private static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long align(long bytes) {
        return bytes == Long.MAX_VALUE ? bytes : (bytes + 7) & ~7L;
    }
}
