package org.privsim.core.family.multitask;

import static org.privsim.core.scenario.ScenarioFields.ACCELERATION;
import static org.privsim.core.scenario.ScenarioFields.ALLOCATION;
import static org.privsim.core.scenario.ScenarioFields.CALIBRATION;
import static org.privsim.core.scenario.ScenarioFields.CLIP_MODEL;
import static org.privsim.core.scenario.ScenarioFields.COVARIANCE_NOISE;
import static org.privsim.core.scenario.ScenarioFields.COVARIANCE_SHIFT;
import static org.privsim.core.scenario.ScenarioFields.EXPORT_MODELS;
import static org.privsim.core.scenario.ScenarioFields.INITIAL_MODELS;
import static org.privsim.core.scenario.ScenarioFields.ITERATIONS;
import static org.privsim.core.scenario.ScenarioFields.LAMBDA;
import static org.privsim.core.scenario.ScenarioFields.MP_MTL_ITERATIONS;
import static org.privsim.core.scenario.ScenarioFields.OUTLIER_SCALE;
import static org.privsim.core.scenario.ScenarioFields.OUTLIER_TASK;
import static org.privsim.core.scenario.ScenarioFields.PURE_DELTA;
import static org.privsim.core.scenario.ScenarioFields.PURE_EPSILON;
import static org.privsim.core.scenario.ScenarioFields.REPEATS;
import static org.privsim.core.scenario.ScenarioFields.RIDGE;
import static org.privsim.core.scenario.ScenarioFields.SELECTION;
import static org.privsim.core.scenario.ScenarioFields.SELECTION_MEAN;
import static org.privsim.core.scenario.ScenarioFields.SELECTION_SHAPE;
import static org.privsim.core.scenario.ScenarioFields.STEP_SIZE;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.report.RowDescription;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.MultitaskRegressionTask;
import org.privsim.core.scenario.MultitaskSettings;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.AuditForm;
import org.privsim.core.scenario.AuditForm.Release;
import org.privsim.core.audit.ThreatModel;

/**
 * The multi-task family (MP-MTL and its baselines on a {@code multitask-regression} task) as a module.
 * Guarantee: it audits exactly the audits on a multi-task task — {@link MpMtlGaussianCanaryGame} for
 * Gaussian covariance releases, {@link MpMtlCanaryGame} for Wishart ones; the population is the m tasks.
 */
public final class MultitaskModule implements FamilyModule {
    /** The one instance. */
    public static final MultitaskModule INSTANCE = new MultitaskModule();

    private MultitaskModule() {}

    @Override
    public String id() {
        return "multitask";
    }

    @Override
    public List<Family<?, ?, ?, ?, ?, ?>> families() {
        return List.of(MultitaskFamily.INSTANCE);
    }

    @Override
    public List<RowDescription<?>> rows() {
        return List.of(MultitaskRows.INSTANCE);
    }

    @Override
    public boolean audits(AuditSpec spec) {
        return spec.task() instanceof MultitaskRegressionTask;
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        long seed = FamilyModule.gameSeed(root, index);
        MultitaskRegressionTask task = (MultitaskRegressionTask) spec.task();
        return spec.experiment().settings(MultitaskSettings.class).gaussianNoise()
                ? new MpMtlGaussianCanaryGame(task, spec.experiment(), seed, spec.target(), spec.inject())
                : new MpMtlCanaryGame(task, spec.experiment(), seed, spec.target(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        int tasks = ((MultitaskRegressionTask) spec.task()).tasks();
        if (spec.algorithm().isPrivate() && !spec.experiment().settings(MultitaskSettings.class).gaussianNoise()) {
            // the Wishart release: the composition bound CB of its releases, the claimed ε itself
            return new AuditClaim(tasks, spec.epsilon(), null);
        }
        return AuditClaim.zcdp(spec, tasks);
    }

    @Override
    public boolean runs(Scenario scenario, ExperimentSpec spec) {
        return scenario.task() instanceof MultitaskRegressionTask;
    }

    /** An experiment on a multi-task task: a run per structure and λ (and covariance-shift) candidate. */
    @Override
    public void addWork(Scenario scenario, ExperimentSpec spec, Work work) {
        MultitaskRegressionTask multitask = (MultitaskRegressionTask) scenario.task();
        // A private selection trains selectionMean candidates per ε and repeat (on average) instead of every one.
        double runs = Work.runs(spec) * multitask.structures().size() * (spec.selection() == null
                ? candidates(spec.settings(MultitaskSettings.class)) : spec.selection().mean());
        work.add(WorkUnit.MULTITASK_OP, runs * runOps(multitask, spec));
        work.add(WorkUnit.MULTITASK_RUN, runs);
    }

    @Override
    public void addAuditWork(AuditSpec spec, Work work) {
        double trials = spec.trials();
        work.add(WorkUnit.MULTITASK_OP, trials * runOps((MultitaskRegressionTask) spec.task(), spec.experiment()));
        work.add(WorkUnit.MULTITASK_RUN, trials);
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
    private static double runOps(MultitaskRegressionTask t, ExperimentSpec spec) {
        double m = t.tasks();
        double n = t.samplesPerTask();
        double d = t.dimension();
        double rows = n + t.validationSamplesPerTask() + t.testSamplesPerTask();
        MultitaskSettings s = spec.settings(MultitaskSettings.class);
        double iterations = s == null || s.iterations() == null ? 0 : s.iterations();
        return m * rows * d + m * (n * d * d + d * d * d) + iterations * (m * n * d + d * d * m + d * d * d);
    }

    /** The experiment fields of the multi-task algorithms (the non-private iterative ones first: their iterations field is the variant listed first). */
    @Override
    public List<ExperimentForm> forms() {
        return List.of(
                ExperimentForm.of(Algorithm.STL_RIDGE, MultitaskResolver::resolve, RIDGE, REPEATS),
                ExperimentForm.of(Algorithm.MTL_TRACE_NORM, MultitaskResolver::resolve, RIDGE, ITERATIONS,
                        STEP_SIZE, LAMBDA, ACCELERATION, INITIAL_MODELS, OUTLIER_TASK, OUTLIER_SCALE, EXPORT_MODELS,
                        REPEATS),
                ExperimentForm.of(Algorithm.MTL_GROUP_LASSO, MultitaskResolver::resolve, RIDGE, ITERATIONS,
                        STEP_SIZE, LAMBDA, ACCELERATION, INITIAL_MODELS, OUTLIER_TASK, OUTLIER_SCALE, EXPORT_MODELS,
                        REPEATS),
                ExperimentForm.of(Algorithm.MP_MTL_LOW_RANK, MultitaskResolver::resolve, PURE_EPSILON, PURE_DELTA,
                        CALIBRATION, CLIP_MODEL, RIDGE, MP_MTL_ITERATIONS, STEP_SIZE, LAMBDA, ACCELERATION,
                        ALLOCATION, COVARIANCE_NOISE, COVARIANCE_SHIFT, SELECTION, SELECTION_MEAN, SELECTION_SHAPE, INITIAL_MODELS, OUTLIER_TASK, OUTLIER_SCALE,
                        EXPORT_MODELS, REPEATS),
                ExperimentForm.of(Algorithm.MP_MTL_GROUP_SPARSE, MultitaskResolver::resolve, PURE_EPSILON,
                        PURE_DELTA, CALIBRATION, CLIP_MODEL, RIDGE, MP_MTL_ITERATIONS, STEP_SIZE, LAMBDA,
                        ACCELERATION, ALLOCATION, COVARIANCE_NOISE, COVARIANCE_SHIFT, SELECTION, SELECTION_MEAN, SELECTION_SHAPE, INITIAL_MODELS, OUTLIER_TASK,
                        OUTLIER_SCALE, EXPORT_MODELS, REPEATS),
                ExperimentForm.of(Algorithm.DP_AGGR, MultitaskResolver::resolve, PURE_EPSILON, CLIP_MODEL, RIDGE,
                        REPEATS));
    }

    /** The MP-MTL estimators audit their covariance release, every other task colluding. */
    @Override
    public List<AuditForm> auditForms() {
        return List.of(mpMtl(Algorithm.MP_MTL_LOW_RANK), mpMtl(Algorithm.MP_MTL_GROUP_SPARSE));
    }

    private static AuditForm mpMtl(Algorithm algorithm) {
        return AuditForm.of(algorithm, Release.COVARIANCE, MultitaskRegressionTask.TYPE).withRunSettings()
                .underOnly("is audited under jdp (every task receives the same M; the adversary is all other tasks)"
                        + " or, with covarianceNoise gaussian, white-box", true, ThreatModel.JDP, ThreatModel.WHITE_BOX)
                .taskCanaryAllButTarget();
    }
}
