package org.privsim.core.family.transfer;

import static org.privsim.core.scenario.ScenarioFields.ACCOUNTANT;
import static org.privsim.core.scenario.ScenarioFields.AVERAGE_ITERATES;
import static org.privsim.core.scenario.ScenarioFields.CALIBRATION;
import static org.privsim.core.scenario.ScenarioFields.CLIP_FEATURE;
import static org.privsim.core.scenario.ScenarioFields.CLIP_GRADIENT;
import static org.privsim.core.scenario.ScenarioFields.CLIP_LABEL;
import static org.privsim.core.scenario.ScenarioFields.DELTA;
import static org.privsim.core.scenario.ScenarioFields.EPSILON;
import static org.privsim.core.scenario.ScenarioFields.LEARNING_RATE;
import static org.privsim.core.scenario.ScenarioFields.NOISE_MULTIPLIER;
import static org.privsim.core.scenario.ScenarioFields.REPEATS;
import static org.privsim.core.scenario.ScenarioFields.REPRESENTATION;
import static org.privsim.core.scenario.ScenarioFields.REPRESENTATION_DELTA;
import static org.privsim.core.scenario.ScenarioFields.REPRESENTATION_EPOCHS;
import static org.privsim.core.scenario.ScenarioFields.REPRESENTATION_EPSILON;
import static org.privsim.core.scenario.ScenarioFields.SAMPLING_RATE;
import static org.privsim.core.scenario.ScenarioFields.STATISTICS_SPLIT;
import static org.privsim.core.scenario.ScenarioFields.STEPS;
import static org.privsim.core.scenario.ScenarioFields.SUBSPACE_ESTIMATOR;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.OneRunGame;
import org.privsim.core.audit.SampledGaussianAuc;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.report.RowDescription;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.Representation;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.TransferRegressionTask;
import org.privsim.core.scenario.TransferSettings;
import org.privsim.core.seam.Family;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.AuditForm;
import org.privsim.core.scenario.AuditForm.Release;

/**
 * The transfer family (DP-SGD, sufficient statistics and their baselines on a
 * {@code transfer-regression} task) as a module. Guarantee: it audits exactly the audits on a transfer
 * task — under white-box with {@link TransferWhiteBoxGame}, else {@link DpSgdCanaryGame}; the
 * population is the first n₂ private samples.
 */
public final class TransferModule implements FamilyModule {
    /** The one instance. */
    public static final TransferModule INSTANCE = new TransferModule();

    private TransferModule() {}

    @Override
    public String id() {
        return "transfer";
    }

    @Override
    public List<Family<?, ?, ?, ?, ?, ?>> families() {
        return List.of(TransferFamily.INSTANCE);
    }

    @Override
    public List<RowDescription<?>> rows() {
        return List.of(TransferRows.INSTANCE);
    }

    @Override
    public boolean audits(AuditSpec spec) {
        return spec.task() instanceof TransferRegressionTask;
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        long seed = FamilyModule.gameSeed(root, index);
        TransferRegressionTask task = (TransferRegressionTask) spec.task();
        if (spec.threatModel() == ThreatModel.WHITE_BOX) {
            return new TransferWhiteBoxGame(task, spec.experiment(), seed, spec.target(), spec.inject());
        }
        return new DpSgdCanaryGame(task, spec.experiment(), seed, spec.target(), spec.inject());
    }

    @Override
    public OneRunGame oneRunGame(Scenario scenario, AuditSpec spec, int index, long root) {
        return new DpSgdOneRunGame((TransferRegressionTask) spec.task(), spec.experiment(),
                FamilyModule.gameSeed(root, index), spec.canaries(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        TransferRegressionTask task = (TransferRegressionTask) spec.task();
        int population = task.privateSamples().get(0);
        if (!spec.algorithm().isPrivate()) {
            return new AuditClaim(population, null, null);
        }
        TransferSettings s = spec.experiment().settings(TransferSettings.class);
        return new AuditClaim(population,
                TransferRunPlan.audited(task, spec.experiment(), Injection.NONE).accountedEpsilon(),
                spec.method() == AuditMethod.SAMPLED_GAUSSIAN_AUC ? new SampledGaussianAuc(s.samplingRate(), s.steps()) : null);
    }

    @Override
    public boolean runs(Scenario scenario, ExperimentSpec spec) {
        return scenario.task() instanceof TransferRegressionTask;
    }

    /**
     * An experiment on a transfer task: a run per n₁ (public representations) and n₂, each with its
     * DP-SGD steps, and one noise calibration per distinct DP-SGD target.
     */
    @Override
    public void addWork(Scenario scenario, ExperimentSpec spec, Work work) {
        TransferRegressionTask transfer = (TransferRegressionTask) scenario.task();
        double runs = Work.runs(spec);
        TransferSettings s = spec.settings(TransferSettings.class);
        List<Integer> n1 = s.representation() != null && s.representation().fromPublicRows()
                ? transfer.publicSamples() : List.of(0);
        for (int publicRows : n1) {
            for (int privateRows : transfer.privateSamples()) {
                work.add(WorkUnit.TRANSFER_OP, runs * runOps(transfer, spec, publicRows, privateRows));
                work.add(WorkUnit.SGD_STEP, runs * sgdSteps(spec));
                work.add(WorkUnit.TRANSFER_RUN, runs);
            }
        }
        if (spec.algorithm() == Algorithm.DP_SGD) {
            work.calibrations(spec, s.samplingRate(), s.steps(), s.noiseMultiplier(), s.accountant());
        }
    }

    /** An audit's trials: runs on the task's first n₁ and n₂. */
    @Override
    public void addAuditWork(AuditSpec spec, Work work) {
        TransferRegressionTask transfer = (TransferRegressionTask) spec.task();
        ExperimentSpec experiment = spec.experiment();
        double trials = spec.trials();
        int publicRows = transfer.publicSamples().get(0);
        int privateRows = transfer.privateSamples().get(0);
        work.add(WorkUnit.TRANSFER_OP, trials * runOps(transfer, experiment, publicRows, privateRows));
        work.add(WorkUnit.SGD_STEP, trials * sgdSteps(experiment));
        work.add(WorkUnit.TRANSFER_RUN, trials);
        TransferSettings s = experiment.settings(TransferSettings.class);
        if (spec.algorithm() == Algorithm.DP_SGD) {
            work.calibrations(experiment, s.samplingRate(), s.steps(), s.noiseMultiplier(), s.accountant());
        }
    }

    /** DP-SGD steps of a transfer run (0 for the other transfer algorithms). */
    private static double sgdSteps(ExperimentSpec spec) {
        return spec.algorithm() == Algorithm.DP_SGD ? spec.settings(TransferSettings.class).steps() : 0;
    }

    /**
     * A transfer run: the representation from n₁ public rows (moments: n₁·d² + d³; private-altmin: a
     * priv-altmin run on the public tasks), then the private task's n₂ rows in p dimensions (p = k with a
     * representation, else d): DP-SGD's expected q·n₂ gradients per step (p each); sufficient statistics
     * and least squares n₂·p² + p³.
     */
    private static double runOps(TransferRegressionTask t, ExperimentSpec spec, int publicRows, int privateRows) {
        TransferSettings s = spec.settings(TransferSettings.class);
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

    /** The experiment fields of the transfer algorithms. */
    @Override
    public List<ExperimentForm> forms() {
        return List.of(
                ExperimentForm.of(Algorithm.DP_SGD, TransferResolver::resolve, EPSILON, DELTA, REPRESENTATION,
                        SUBSPACE_ESTIMATOR, REPRESENTATION_EPSILON, REPRESENTATION_DELTA, REPRESENTATION_EPOCHS,
                        SAMPLING_RATE, STEPS, NOISE_MULTIPLIER, CLIP_GRADIENT, LEARNING_RATE, AVERAGE_ITERATES,
                        ACCOUNTANT, REPEATS),
                ExperimentForm.of(Algorithm.SUFFICIENT_STATISTICS, TransferResolver::resolve, EPSILON, DELTA,
                        CALIBRATION, CLIP_LABEL, CLIP_FEATURE, REPRESENTATION, SUBSPACE_ESTIMATOR,
                        REPRESENTATION_EPSILON, REPRESENTATION_DELTA, REPRESENTATION_EPOCHS, STATISTICS_SPLIT,
                        REPEATS),
                ExperimentForm.of(Algorithm.NONPRIVATE_REGRESSION, TransferResolver::resolve, REPRESENTATION,
                        SUBSPACE_ESTIMATOR, REPRESENTATION_EPSILON, REPRESENTATION_DELTA, REPRESENTATION_EPOCHS,
                        REPEATS),
                ExperimentForm.of(Algorithm.ZERO_SHOT, TransferResolver::resolve, REPEATS));
    }

    /** dp-sgd audits under billboard or white-box, sufficient-statistics under white-box only. */
    @Override
    public List<AuditForm> auditForms() {
        return List.of(
                AuditForm.of(Algorithm.DP_SGD, Release.SAMPLED_GAUSSIAN, TransferRegressionTask.TYPE).withRunSettings()
                        .underOnly("is audited under billboard or white-box only (every iterate is public; users"
                                + " receive no separate outputs)", true, ThreatModel.BILLBOARD, ThreatModel.WHITE_BOX)
                        .withOneRun((task, representation) -> representation == Representation.NONE
                                ? ((TransferRegressionTask) task).dimension() : ((TransferRegressionTask) task).rank()),
                AuditForm.of(Algorithm.SUFFICIENT_STATISTICS, Release.GAUSSIAN, TransferRegressionTask.TYPE)
                        .withRunSettings().underOnly("is audited under white-box only (the adversary sees its two"
                                + " releases)", true, ThreatModel.WHITE_BOX));
    }
}
