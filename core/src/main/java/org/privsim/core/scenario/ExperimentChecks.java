package org.privsim.core.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.privsim.core.privacy.BudgetAllocation;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.SampledGaussianRdp;

import java.util.function.Predicate;
/**
 * The checks of one experiment (read by {@link ExperimentReader}) that need its task: that the task is
 * of the algorithm's type, {@code rounds ≤ task.users}, that the {@code paper} split divides
 * samplesPerUser into quarters, that swept persons fit distinct indices, that the held-out users' rows fit,
 * that a budget allocation splits every ε, and that a Poisson-sampled Gaussian's σ meets every ε.
 *
 * <p>Guarantee: every problem found is recorded at the field to blame; nothing else happens.
 */
final class ExperimentChecks {

    /** Largest number of doubles the held-out users' rows may hold (800 MB). */
    private static final long MAX_HELD_OUT_VALUES = 100_000_000L;

    private final FieldReader fields;
    private final GivenFields values;
    private final Algorithm algorithm;
    private final Predicate<String> uses;
    private final Predicate<String> reads;
    private final List<Double> epsilons;
    private final Double delta;
    private final Integer outlierTask;
    private final List<Integer> persons;
    private final Integer heldOutUsers;
    private final List<Integer> personalizationSamples;
    private final SampleSplit split;
    private final Integer rounds;
    private final Participation participation;
    private final Double samplingRate;
    private final Accountant accountant;
    private final Double noiseMultiplier;
    private final Representation representation;
    private final SubspaceEstimator subspaceEstimator;
    private final Integer steps;
    private final Integer rank;
    private final BudgetAllocation allocation;
    private final Boolean acceleration;
    private final Integer iterations;

    /**
     * The checks of the experiment of {@code algorithm} read from {@code fields}, whose accepted values are
     * {@code values}; {@code uses}: whether the algorithm reads a field, {@code reads}: whether this
     * experiment (not its audit) reads it.
     */
    ExperimentChecks(FieldReader fields, Algorithm algorithm, GivenFields values, Predicate<String> uses,
                     Predicate<String> reads) {
        this.fields = fields;
        this.values = values;
        this.algorithm = algorithm;
        this.uses = uses;
        this.reads = reads;
        this.epsilons = values.list("epsilon");
        this.delta = values.get("delta", Double.class);
        this.outlierTask = values.get("outlierTask", Integer.class);
        this.persons = values.list("persons");
        this.heldOutUsers = values.get("heldOutUsers", Integer.class);
        this.personalizationSamples = values.list("personalizationSamples");
        this.split = values.get("split", SampleSplit.class);
        this.rounds = values.get("rounds", Integer.class);
        this.participation = values.get("participation", Participation.class);
        this.samplingRate = values.get("samplingRate", Double.class);
        this.accountant = values.get("accountant", Accountant.class);
        this.noiseMultiplier = values.get("noiseMultiplier", Double.class);
        this.representation = values.get("representation", Representation.class);
        this.subspaceEstimator = values.get("subspaceEstimator", SubspaceEstimator.class);
        this.steps = values.get("steps", Integer.class);
        this.rank = values.get("rank", Integer.class);
        this.allocation = values.get("allocation", BudgetAllocation.class);
        this.acceleration = values.get("acceleration", Boolean.class);
        this.iterations = values.get("iterations", Integer.class);
    }

    /** Records the problems of the experiment on (valid) task {@code task}; {@code taskField} names where it came from. */
    void check(Task task, String taskField) {
        if (!algorithm.runsOn(task)) {
            fields.error("algorithm", algorithm.id() + " needs a task of type " + algorithm.taskTypes()
                    + ", but " + taskField + " is of type " + task.type());
            return;
        }
        if (fields.has("rank") && !(task instanceof DatasetTask) && uses("rank")) {
            fields.error("rank", "only used with a " + DatasetTask.TYPE + " task (" + taskField + ".rank sets it here)");
        }
        if (task instanceof DatasetTask dataset) {
            checkAgainst(dataset);
        } else if (task instanceof LowRankRegressionTask lowRank) {
            checkAgainst(lowRank);
        } else if (task instanceof MultitaskRegressionTask multitask) {
            if (outlierTask != null && outlierTask > multitask.tasks()) {
                fields.error("outlierTask", "must be ≤ task.tasks (" + multitask.tasks() + "), got " + outlierTask);
            }
            checkAllocation(multitask);
        } else if (task instanceof TransferRegressionTask transferTask) {
            checkAgainst(transferTask);
        } else if (task instanceof IndexedMeanTask indexed && persons != null
                && indexed.indices() == IndexAssignment.DISTINCT) {
            persons.stream().filter(t -> t > indexed.dimension()).findFirst().ifPresent(t -> fields.error("persons",
                    "distinct indices need persons ≤ task.dimension (" + indexed.dimension() + "), got " + t));
        }
    }

    /**
     * The budget allocation must split every ε over the iterations into positive finite budgets
     * (geometric(Q) with a large Q, or a tiny ε over many iterations, underflows or overflows).
     */
    private void checkAllocation(MultitaskRegressionTask task) {
        if (!uses("allocation") || epsilons == null
                || (reads("delta") && fields.has("delta") && delta == null)) {
            return;
        }
        BudgetAllocation resolved = or(allocation, Defaults.allocation(or(acceleration, Defaults.ACCELERATION)));
        int t = or(iterations, Catalog.form(algorithm, false).defaultInteger("iterations"));
        double d = uses("delta") ? or(delta, Defaults.multitaskDelta(task)) : 0;
        for (double epsilon : epsilons) {
            String problem;
            try {
                double[] budgets = resolved.epsilons(t, epsilon, d);
                problem = Arrays.stream(budgets).allMatch(b -> b > 0 && Double.isFinite(b)) ? null
                        : "some iteration's budget is 0 or not finite";
            } catch (IllegalArgumentException | ArithmeticException e) {
                problem = e.getMessage();
            }
            if (problem != null) {
                fields.error(fields.has("allocation") ? "allocation" : "epsilon", resolved.id() + " cannot split ε = "
                        + epsilon + " over " + t + " iterations: " + problem);
                return;
            }
        }
    }

    private void checkAgainst(LowRankRegressionTask task) {
        if (heldOutUsers != null) {
            int most = personalizationSamples == null ? task.samplesPerUser()
                    : personalizationSamples.stream().mapToInt(Integer::intValue).max().orElse(1);
            long values = (long) heldOutUsers * most * (task.dimension() + 1L);
            if (values > MAX_HELD_OUT_VALUES) {
                fields.error("heldOutUsers", heldOutUsers + " held-out users with " + most + " samples in d = "
                        + task.dimension() + " need " + String.format("%.1f", values * 8e-9)
                        + " GB of rows (more than 0.8 GB); use fewer users or samples");
            }
        }
        if (split == SampleSplit.PAPER && task.samplesPerUser() % 4 != 0) {
            fields.error("split", "paper split needs samplesPerUser divisible by 4 (got " + task.samplesPerUser() + ")");
        }
        if (uses("clipUpdate")) { // federated: Poisson-sampled users (or fixed cohorts) over rounds
            if (new FederatedChecks(fields, values).check(task)) {
                return;
            }
            checkSampledGaussian(or(samplingRate, FedAvgSettings.SAMPLING_RATE), or(rounds, FedAvgSettings.ROUNDS),
                    "rounds", or(accountant, Defaults.ACCOUNTANT));
            return;
        }
        if (rounds != null && rounds > task.users()) {
            fields.error("rounds", "must be ≤ task.users (" + task.users() + "), got " + rounds);
        }
        if (participation == Participation.DISJOINT_BATCHES && !fields.has("rounds")
                && Defaults.DISJOINT_BATCH_ROUNDS > task.users()) {
            fields.error("rounds", "the default " + Defaults.DISJOINT_BATCH_ROUNDS
                    + " must be ≤ task.users (" + task.users() + "); set rounds");
        }
    }

    private void checkAgainst(DatasetTask task) {
        if (fields.has("heldOutUsers")) {
            fields.error("heldOutUsers", "not available on a " + DatasetTask.TYPE + " task (there are no users"
                    + " beyond the file's; every user's test rows are held out instead)");
        }
        if (split == SampleSplit.PAPER) {
            fields.error("split", "paper split is not available on a " + DatasetTask.TYPE
                    + " task (users hold different numbers of rows); use reuse");
        }
        if (rank != null && rank > task.dimension()) {
            fields.error("rank", "must be ≤ the model columns d (" + task.dimension() + "), got " + rank);
        }
        int k = rank == null ? Math.min(Defaults.DATASET_RANK, task.dimension()) : rank;
        checkAgainst(task.shape(k));
    }

    private void checkAgainst(TransferRegressionTask task) {
        if (representation == Representation.PRIVATE_ALTMIN) {
            int t = task.publicTasks();
            task.publicSamples().stream().filter(n1 -> n1 % t != 0 || n1 / t < 2).findFirst().ifPresent(n1 ->
                    fields.error("representation", "private-altmin makes each of task.publicTasks (" + t
                            + ") a user holding n₁/t rows, so every task.publicSamples must be a multiple of " + t
                            + " with at least 2 rows per task, got " + n1));
        }
        if (representation == Representation.PUBLIC && subspaceEstimator == SubspaceEstimator.PAIRS) {
            int t = task.publicTasks();
            task.publicSamples().stream().filter(n1 -> n1 <= t).findFirst().ifPresent(n1 ->
                    fields.error("subspaceEstimator", "pairs needs two rows of one public task, and rows are dealt"
                            + " to task.publicTasks (" + t + ") in turn, so every task.publicSamples must exceed "
                            + t + ", got " + n1));
        }
        if (uses("steps") && steps == null && !fields.has("steps")) { // dp-sgd
            double q = or(samplingRate, Defaults.SAMPLING_RATE);
            double derived = Math.ceil(Defaults.DP_SGD_EPOCHS / q);
            if (derived > ScenarioFields.MAX_STEPS) {
                fields.error(fields.has("samplingRate") ? "samplingRate" : "steps", "at sampling rate " + q
                        + " the default steps (" + Defaults.DP_SGD_EPOCHS + " epochs / samplingRate = "
                        + String.format("%.3g", derived) + ") exceed the cap of " + ScenarioFields.MAX_STEPS
                        + " that steps obeys; raise samplingRate or give steps");
                return;
            }
        }
        if (uses("steps")) {
            double q = or(samplingRate, Defaults.SAMPLING_RATE);
            checkSampledGaussian(q, or(steps, Defaults.steps(q)), "steps", or(accountant, Defaults.ACCOUNTANT));
        }
    }

    /**
     * The targets of a Poisson-sampled Gaussian mechanism run {@code count} times at rate q, accounted
     * by {@code by}: a σ calibrated by RDP needs every epsilon above that accountant's floor; a given
     * noiseMultiplier must not spend more than any epsilon.
     */
    private void checkSampledGaussian(double q, int count, String what, Accountant by) {
        if (epsilons == null || delta == null || delta <= 0) {
            return;
        }
        if (noiseMultiplier == null) {
            if (by == Accountant.RDP) {
                double floor = SampledGaussianRdp.epsilonFloor(delta, SampledGaussianRdp.Conversion.TIGHT);
                epsilons.stream().filter(e -> !(e > floor)).findFirst().ifPresent(e -> fields.error("epsilon",
                        algorithm.id() + " cannot reach ε = " + e + " at δ = " + delta + ": even zero Rényi"
                                + " divergence converts to ε = " + String.format("%.4g", floor)
                                + " at the accountant's orders; use a larger epsilon"));
            }
            return;
        }
        double spent;
        try {
            spent = by == Accountant.PLD ? PldAccountant.dpSgdEpsilon(q, noiseMultiplier, count, delta)
                    : SampledGaussianRdp.epsilon(q, noiseMultiplier, count, delta, SampledGaussianRdp.defaultOrders())
                            .tightEpsilon();
        } catch (IllegalArgumentException e) {
            fields.error("noiseMultiplier", "cannot be accounted by " + by.id() + ": " + e.getMessage());
            return;
        }
        epsilons.stream().filter(e -> spent > e).findFirst().ifPresent(e -> fields.error("noiseMultiplier",
                noiseMultiplier + " over " + count + " " + what + " at sampling rate " + q + " spends ε = "
                        + String.format("%.4g", spent) + " at δ = " + delta + " (accountant " + by.id()
                        + "), more than epsilon " + e
                        + " (omit noiseMultiplier to calibrate it to each epsilon)"));
    }

    private boolean uses(String field) {
        return uses.test(field);
    }

    private boolean reads(String field) {
        return reads.test(field);
    }

    private static <T> T or(T given, T fallback) {
        return Objects.requireNonNullElse(given, fallback);
    }
}
