package org.privsim.core.run;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.IndexedLoss;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.MultitaskRegressionTask;
import org.privsim.core.scenario.MultitaskSettings;
import org.privsim.core.scenario.Participation;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Representation;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.Task;
import org.privsim.core.scenario.TransferRegressionTask;
import org.privsim.core.scenario.TransferSettings;
import org.privsim.core.scenario.UStep;

/**
 * The work a scenario asks for, counted in {@link WorkUnit}s per family from the scenario alone (it walks
 * the experiments and audits, never their runs), and its CPU seconds on one core of the measured
 * machine; {@link RunTimeModel} turns them into a wall time.
 *
 * <p>Guarantee: the counts are a pure function of the scenario; every unit's cost is the one fitted
 * to the bundled scenarios' measured CPU times (bench/RESULTS.md, "Run-time model").
 */
final class ScenarioWork {
    /**
     * Epochs charged to a non-private-altmin run (it stops once U stops moving, at most at its epoch
     * cap): its runs in demo, metalearning and jain2021-fig2 stop after 13.
     */
    static final int NON_PRIVATE_EPOCHS = 20;

    private final double[] counts = new double[WorkUnit.values().length];
    private final Set<List<Object>> calibrations = new HashSet<>();

    private ScenarioWork() {}

    private void add(WorkUnit unit, double count) {
        counts[unit.ordinal()] += count;
    }

    /** Counts a calibration once per distinct target (they are memoized). */
    private void calibration(List<Object> target) {
        if (calibrations.add(target)) {
            add(WorkUnit.CALIBRATION, 1);
        }
    }

    /** The work's CPU seconds on one core of the measured machine. */
    double cpuSeconds() {
        double sum = 0;
        for (WorkUnit unit : WorkUnit.values()) {
            sum += counts[unit.ordinal()] * unit.seconds;
        }
        return sum;
    }

    /** The work of {@code scenario}'s experiments and audits. */
    static ScenarioWork of(Scenario scenario) {
        ScenarioWork w = new ScenarioWork();
        w.add(WorkUnit.START, 1);
        Task task = scenario.task();
        int populationRepeats = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            int repeats = spec.repeats() == null ? 1 : spec.repeats();
            double eps = spec.epsilons() == null ? 1 : spec.epsilons().size();
            Algorithm a = spec.algorithm();
            if (task instanceof RatingsTask ratings) {
                w.add(WorkUnit.RATINGS_OP, eps * repeats * ratingsRunOps(ratings, spec));
                w.add(WorkUnit.RATINGS_RUN, eps * repeats);
            } else if (a.isLowRank()) {
                LowRankRegressionTask shape = scenario.lowRankTask(spec);
                populationRepeats = Math.max(populationRepeats, repeats);
                if (a == Algorithm.DP_FEDAVG || a == Algorithm.DP_FEDREP) {
                    FedAvgSettings s = spec.settings(FedAvgSettings.class);
                    w.add(WorkUnit.FEDERATED_OP, eps * repeats * federatedRunOps(shape, a, s));
                    w.add(WorkUnit.FEDERATED_ROUND, eps * repeats * s.rounds());
                    regenerated(w, shape, eps * repeats * (s.rounds() * s.samplingRate() + 1) * shape.users());
                    calibrate(w, spec, s.samplingRate(), s.rounds(), s.noiseMultiplier(), s.accountant());
                } else {
                    List<Integer> epochs = spec.epochs() == null ? List.of(0) : spec.epochs();
                    for (int e : epochs) {
                        lowRankRuns(w, eps * repeats, shape, spec, e);
                    }
                }
            } else if (task instanceof IndexedMeanTask indexed) {
                List<Integer> persons = spec.persons() == null || spec.persons().isEmpty()
                        ? List.of(indexed.persons()) : spec.persons();
                for (int t : persons) {
                    w.add(WorkUnit.INDEXED_PERSON, eps * repeats * t);
                    if (indexed.loss() == IndexedLoss.SIGN) {
                        w.add(WorkUnit.SIGN_TERM, eps * repeats * signTerms(t, indexed.samplesPerPerson()));
                    }
                }
                w.add(WorkUnit.INDEXED_RUN, eps * repeats * persons.size());
            } else if (task instanceof MultitaskRegressionTask multitask) {
                double runs = eps * repeats * multitask.structures().size() * candidates(spec.multitask());
                w.add(WorkUnit.MULTITASK_OP, runs * multitaskRunOps(multitask, spec));
                w.add(WorkUnit.MULTITASK_RUN, runs);
            } else if (task instanceof TransferRegressionTask transfer) {
                TransferSettings s = spec.transfer();
                List<Integer> n1 = s.representation() != null && s.representation().fromPublicRows()
                        ? transfer.publicSamples() : List.of(0);
                for (int publicRows : n1) {
                    for (int privateRows : transfer.privateSamples()) {
                        w.add(WorkUnit.TRANSFER_OP, eps * repeats * transferRunOps(transfer, spec, publicRows, privateRows));
                        w.add(WorkUnit.SGD_STEP, eps * repeats * sgdSteps(spec));
                        w.add(WorkUnit.TRANSFER_RUN, eps * repeats);
                    }
                }
                if (a == Algorithm.DP_SGD) {
                    calibrate(w, spec, s.samplingRate(), s.steps(), s.noiseMultiplier(), s.accountant());
                }
            }
        }
        if (populationRepeats > 0) {
            LowRankRegressionTask shape = scenario.lowRankTask();
            w.add(WorkUnit.LOW_RANK_OP, (double) populationRepeats * shape.users() * shape.samplesPerUser() * shape.dimension());
        }
        for (AuditSpec audit : scenario.audits()) {
            auditWork(w, audit);
        }
        return w;
    }

    /** One audit: its trials, each one run of the audited mechanism on the audit's task. */
    private static void auditWork(ScenarioWork w, AuditSpec audit) {
        double trials = audit.trials();
        Algorithm a = audit.algorithm();
        ExperimentSpec spec = audit.experiment();
        if (audit.task() instanceof IndexedMeanTask indexed) {
            double samples = (double) indexed.persons() * indexed.samplesPerPerson();
            w.add(WorkUnit.INDEXED_SAMPLE, trials * (audit.tracing() ? samples * indexed.dimension() : samples));
            w.add(WorkUnit.INDEXED_RUN, trials);
        } else if (audit.task() instanceof RatingsTask ratings) {
            w.add(WorkUnit.RATINGS_OP, trials * ratingsRunOps(ratings, spec));
            w.add(WorkUnit.RATINGS_RUN, trials);
        } else if (audit.task() instanceof LowRankRegressionTask shape) {
            if (a == Algorithm.DP_FEDAVG || a == Algorithm.DP_FEDREP) {
                FedAvgSettings s = spec.settings(FedAvgSettings.class);
                w.add(WorkUnit.FEDERATED_OP, trials * federatedRunOps(shape, a, s));
                w.add(WorkUnit.FEDERATED_ROUND, trials * s.rounds());
                calibrate(w, spec, s.samplingRate(), s.rounds(), s.noiseMultiplier(), s.accountant());
            } else {
                int epochs = spec.epochs() == null || spec.epochs().isEmpty() ? 0 : spec.epochs().get(0);
                lowRankRuns(w, trials, shape, spec, epochs);
                w.add(WorkUnit.LOW_RANK_OP, trials * shape.users() * shape.samplesPerUser() * shape.dimension());
            }
        } else if (audit.task() instanceof MultitaskRegressionTask multitask) {
            w.add(WorkUnit.MULTITASK_OP, trials * multitaskRunOps(multitask, spec));
            w.add(WorkUnit.MULTITASK_RUN, trials);
        } else if (audit.task() instanceof TransferRegressionTask transfer) {
            int publicRows = transfer.publicSamples().get(0);
            int privateRows = transfer.privateSamples().get(0);
            w.add(WorkUnit.TRANSFER_OP, trials * transferRunOps(transfer, spec, publicRows, privateRows));
            w.add(WorkUnit.SGD_STEP, trials * sgdSteps(spec));
            w.add(WorkUnit.TRANSFER_RUN, trials);
            TransferSettings s = spec.transfer();
            if (a == Algorithm.DP_SGD) {
                calibrate(w, spec, s.samplingRate(), s.steps(), s.noiseMultiplier(), s.accountant());
            }
        }
    }

    /** One noise calibration per distinct (rate, steps, δ, ε, σ, accountant) of the scenario (they are memoized). */
    private static void calibrate(ScenarioWork w, ExperimentSpec spec, double rate, int steps, Double sigma, Object accountant) {
        if (spec.epsilons() == null) {
            return;
        }
        for (Double epsilon : spec.epsilons()) {
            w.calibration(List.of(rate, steps, spec.delta(), epsilon, String.valueOf(sigma), accountant));
        }
    }

    /**
     * {@code times} low-rank runs of {@code epochs} epochs each (0: the algorithm's one pass): priv-altmin
     * and non-private-altmin initialise on every user's m samples (m·d² each), then per epoch each user
     * fits its v (m·d·k) and sends its part of the U-step (full: its Gram m·d² and the d²k² block
     * product; Kronecker: m·d·k), and the curator solves (dk)³ (full) or d³ (Kronecker); a
     * disjoint-batches run sees each user once over its rounds. own-data fits m·d² + d³ per user;
     * single-model-dp sums m·d² per user once. Every run measures its test error (m·d·k per user).
     * Each pass over the users also costs a visit per user ({@link WorkUnit#LOW_RANK_USER}).
     */
    private static void lowRankRuns(ScenarioWork w, double times, LowRankRegressionTask t, ExperimentSpec spec, int epochs) {
        double n = t.users();
        double m = t.samplesPerUser();
        double d = t.dimension();
        double k = t.rank();
        double test = n * m * d * k;
        switch (spec.algorithm()) {
            case OWN_DATA:
                w.add(WorkUnit.LOW_RANK_OP, times * (n * (m * d * d + d * d * d) + test));
                w.add(WorkUnit.LOW_RANK_USER, times * 2 * n);
                return;
            case SINGLE_MODEL_DP:
                w.add(WorkUnit.LOW_RANK_OP, times * (n * m * d * d + d * d * d + test));
                w.add(WorkUnit.LOW_RANK_USER, times * 2 * n);
                return;
            default:
                break;
        }
        boolean kronecker = spec.uStep() == UStep.KRONECKER;
        double perUser = m * d * k + (kronecker ? m * d * k : m * d * d + d * d * k * k);
        double curator = kronecker ? d * d * d : Math.pow(d * k, 3);
        double init = n * m * d * d + d * d * d + (spec.releasesFeatureCovariance() ? n * m * d * d : 0);
        double passes;
        double solves;
        if (spec.algorithm() == Algorithm.NON_PRIVATE_ALTMIN) {
            passes = Math.min(NON_PRIVATE_EPOCHS, Math.max(1, epochs));
            solves = passes;
        } else if (spec.participation() == Participation.DISJOINT_BATCHES && spec.rounds() != null) {
            passes = 1;
            solves = spec.rounds();
        } else {
            passes = Math.max(1, epochs);
            solves = passes;
        }
        double heldOut = spec.metalearning() == null ? 0
                : spec.metalearning().heldOutUsers() * spec.metalearning().personalizationSamples().size()
                        * (m * d * k + k * k * k);
        w.add(WorkUnit.LOW_RANK_OP, times * (init + passes * n * perUser + solves * curator + test + heldOut));
        w.add(WorkUnit.LOW_RANK_USER, times * (passes + 2) * n);
        regenerated(w, t, times * (passes + 2) * n);
    }

    /** A regenerated population rebuilds a user's data set at each of its {@code visits}: m·(d + 1) draws each. */
    private static void regenerated(ScenarioWork w, LowRankRegressionTask t, double visits) {
        if (t.regenerated()) {
            w.add(WorkUnit.REGENERATED_DRAW, visits * t.samplesPerUser() * (t.dimension() + 1.0));
        }
    }

    /**
     * A federated run: per round the Poisson sample (q·n users) takes E local steps on its m rows
     * (m·d each; dp-fedrep: m·d·k), then every user fine-tunes on its rows (m·d²).
     */
    private static double federatedRunOps(LowRankRegressionTask t, Algorithm a, FedAvgSettings s) {
        double n = t.users();
        double m = t.samplesPerUser();
        double d = t.dimension();
        double k = a == Algorithm.DP_FEDREP ? t.rank() : 1;
        return s.rounds() * s.samplingRate() * n * s.localEpochs() * m * d * k + n * m * d * d;
    }

    /**
     * Terms of the exact expected sign loss of a run with t persons of n samples: per person the
     * binomial's values within 12 standard deviations of its mean (at most 12·√(tn) + 3).
     */
    private static double signTerms(int t, int n) {
        return t * (12 * Math.sqrt((double) t * n) + 3);
    }

    /** λ (and covariance-shift) candidates of a multi-task experiment: each is one run. */
    private static double candidates(MultitaskSettings s) {
        if (s == null) {
            return 1;
        }
        double lambdas = s.lambdas() == null || s.lambdas().isEmpty() ? 1 : s.lambdas().size();
        double shifts = s.covarianceShifts() == null || s.covarianceShifts().isEmpty() ? 1 : s.covarianceShifts().size();
        return lambdas * shifts;
    }

    /**
     * A multi-task run: the tasks' rows drawn (training, validation, test: ·d), each task's ridge fit
     * (n·d² + d³), and per iteration the tasks' gradients (n·d each) and the projection of the d×m
     * model matrix (d²·m + d³).
     */
    private static double multitaskRunOps(MultitaskRegressionTask t, ExperimentSpec spec) {
        double m = t.tasks();
        double n = t.samplesPerTask();
        double d = t.dimension();
        double rows = n + t.validationSamplesPerTask() + t.testSamplesPerTask();
        MultitaskSettings s = spec.multitask();
        double iterations = s == null || s.iterations() == null ? 0 : s.iterations();
        return m * rows * d + m * (n * d * d + d * d * d) + iterations * (m * n * d + d * d * m + d * d * d);
    }

    /** DP-SGD steps of a transfer run (0 for the other transfer algorithms). */
    private static double sgdSteps(ExperimentSpec spec) {
        return spec.algorithm() == Algorithm.DP_SGD ? spec.transfer().steps() : 0;
    }

    /**
     * A transfer run: the representation from n₁ public rows (moments: n₁·d² + d³; private-altmin: a
     * priv-altmin run on the public tasks), then the private task's n₂ rows in p dimensions (p = k with a
     * representation, else d): DP-SGD's expected q·n₂ gradients per step (p each); sufficient statistics
     * and least squares n₂·p² + p³.
     */
    private static double transferRunOps(TransferRegressionTask t, ExperimentSpec spec, int publicRows,
                                         int privateRows) {
        TransferSettings s = spec.transfer();
        double d = t.dimension();
        double k = t.rank();
        double ops = (double) (publicRows + privateRows) * d;
        Representation r = s.representation();
        if (r == Representation.PUBLIC) {
            ops += publicRows * d * d + d * d * d;
        } else if (r == Representation.PRIVATE_ALTMIN) {
            int tasks = t.publicTasks();
            double m = Math.max(1, publicRows / Math.max(1, tasks));
            double epochs = s.representationEpochs() == null ? 1 : s.representationEpochs();
            ops += publicRows * d * d + epochs * (tasks * (m * d * d + d * d * k * k) + Math.pow(d * k, 3));
        }
        double p = r == null || r == Representation.NONE ? d : k;
        switch (spec.algorithm()) {
            case DP_SGD:
                return ops + s.steps() * (s.samplingRate() * privateRows + 1) * p;
            case SUFFICIENT_STATISTICS:
            case NONPRIVATE_REGRESSION:
                return ops + privateRows * p * p + p * p * p;
            default:
                return ops;
        }
    }

    /**
     * A ratings run: global-mean and the item means read every rating once; an altmin run, per round,
     * each user's sent ratings (all its training ratings, at most L when private) times K² (K = k + 1)
     * plus its K³ solve, the items' K³ solves, and the ratings regenerated (synthetic) or read.
     */
    private static double ratingsRunOps(RatingsTask t, ExperimentSpec spec) {
        double users = t.users();
        double ratings = t.ratings();
        double items = t.items();
        Algorithm a = spec.algorithm();
        if (a == Algorithm.GLOBAL_MEAN || a == Algorithm.ITEM_MEAN || a == Algorithm.ITEM_MEAN_DP) {
            return ratings + items;
        }
        RatingsSettings s = spec.settings(RatingsSettings.class);
        double k = (s.rank() == null ? RatingsSettings.RANK : s.rank()) + 1;
        if (a == Algorithm.OWN_DATA) {
            return ratings * k * k + users * k * k * k;
        }
        double perUser = ratings / Math.max(1, users);
        double sent = s.maxRatingsPerUser() == null ? perUser : Math.min(s.maxRatingsPerUser(), perUser);
        double rounds = s.rounds() == null ? RatingsSettings.ROUNDS : s.rounds();
        return rounds * (users * (sent * k * k + k * k * k) + items * k * k * k + ratings * k);
    }
}
