package org.privsim.core.family.lowrank;

import static org.privsim.core.scenario.ScenarioFields.CALIBRATION;
import static org.privsim.core.scenario.ScenarioFields.CLIP_FEATURE;
import static org.privsim.core.scenario.ScenarioFields.CLIP_LABEL;
import static org.privsim.core.scenario.ScenarioFields.CLIP_MODEL;
import static org.privsim.core.scenario.ScenarioFields.CLIP_MOMENT;
import static org.privsim.core.scenario.ScenarioFields.DELTA;
import static org.privsim.core.scenario.ScenarioFields.EPOCHS;
import static org.privsim.core.scenario.ScenarioFields.EPOCH_CAP;
import static org.privsim.core.scenario.ScenarioFields.EPSILON;
import static org.privsim.core.scenario.ScenarioFields.FEATURE_BUDGET;
import static org.privsim.core.scenario.ScenarioFields.FEATURE_COVARIANCE;
import static org.privsim.core.scenario.ScenarioFields.HELD_OUT;
import static org.privsim.core.scenario.ScenarioFields.INIT_BUDGET;
import static org.privsim.core.scenario.ScenarioFields.MODEL_NORM;
import static org.privsim.core.scenario.ScenarioFields.PARTICIPATION;
import static org.privsim.core.scenario.ScenarioFields.PERSONALIZATION;
import static org.privsim.core.scenario.ScenarioFields.RANK;
import static org.privsim.core.scenario.ScenarioFields.REPEATS;
import static org.privsim.core.scenario.ScenarioFields.RIDGE;
import static org.privsim.core.scenario.ScenarioFields.ROUNDS;
import static org.privsim.core.scenario.ScenarioFields.ROUND_BUDGET;
import static org.privsim.core.scenario.ScenarioFields.SELECTION;
import static org.privsim.core.scenario.ScenarioFields.SELECTION_MEAN;
import static org.privsim.core.scenario.ScenarioFields.SELECTION_SHAPE;
import static org.privsim.core.scenario.ScenarioFields.SPLIT;
import static org.privsim.core.scenario.ScenarioFields.TOLERANCE;
import static org.privsim.core.scenario.ScenarioFields.U_STEP;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.OneRunGame;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.PopulationUse;
import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.ExperimentResultRows;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.Participation;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.AuditForm;
import org.privsim.core.scenario.AuditForm.Release;
import org.privsim.core.scenario.RatingsTask;

/**
 * The low-rank family (priv-altmin, non-private-altmin, single-model-dp, own-data on a low-rank or CSV
 * task) as a module. Guarantee: it audits exactly its own algorithms on a low-rank regression task —
 * single-model-dp with {@link SingleModelCanaryGame}, priv-altmin with {@link AltMinCanaryGame}.
 */
public final class LowRankModule implements FamilyModule {
    /** The one instance. */
    public static final LowRankModule INSTANCE = new LowRankModule();

    private LowRankModule() {}

    @Override
    public String id() {
        return "lowrank";
    }

    @Override
    public List<Family<?, ?, ?, ?, ?, ?>> families() {
        return List.of(LowRankFamily.INSTANCE);
    }

    @Override
    public List<RowDescription<?>> rows() {
        return List.of(ExperimentResultRows.INSTANCE);
    }

    @Override
    public boolean audits(AuditSpec spec) {
        return spec.task() instanceof LowRankRegressionTask && LowRankFamily.INSTANCE.runs(spec.algorithm());
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        long seed = FamilyModule.gameSeed(root, index);
        LowRankRegressionTask task = (LowRankRegressionTask) spec.task();
        if (spec.algorithm() == Algorithm.SINGLE_MODEL_DP) {
            return new SingleModelCanaryGame(task, scenario.aggregation(), spec.experiment(), spec.epsilon(), seed,
                    spec.target(), spec.inject());
        }
        return new AltMinCanaryGame(task, scenario.aggregation(), spec.experiment(), spec.epsilon(), seed,
                spec.target(), spec.inject(), spec.threatModel() == ThreatModel.WHITE_BOX);
    }

    @Override
    public OneRunGame oneRunGame(Scenario scenario, AuditSpec spec, int index, long root) {
        return new AltMinOneRunGame((LowRankRegressionTask) spec.task(), spec.experiment(), spec.epsilon(),
                FamilyModule.gameSeed(root, index), spec.canaries(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        return AuditClaim.zcdp(spec, ((LowRankRegressionTask) spec.task()).users());
    }

    @Override
    public boolean runs(Scenario scenario, ExperimentSpec spec) {
        return !(scenario.task() instanceof RatingsTask) && LowRankFamily.INSTANCE.runs(spec.algorithm());
    }

    /**
     * One of its algorithms on a low-rank or data-set task: a run per ε, repeat and epoch count ({@link LowRankWork});
     * with a private selection, selectionMean runs per ε and repeat, spread evenly over the epoch counts.
     */
    @Override
    public void addWork(Scenario scenario, ExperimentSpec spec, Work work) {
        LowRankRegressionTask shape = scenario.lowRankTask(spec);
        double runs = spec.selection() == null ? Work.runs(spec)
                : Work.runs(spec) * spec.selection().mean() / spec.epochs().size();
        for (int e : spec.epochs() == null ? List.of(0) : spec.epochs()) {
            LowRankWork.runs(work, runs, shape, spec, e);
        }
    }

    /** An audit's trials: runs at the experiment's first epoch count, each on a population of its own. */
    @Override
    public void addAuditWork(AuditSpec spec, Work work) {
        LowRankRegressionTask shape = (LowRankRegressionTask) spec.task();
        ExperimentSpec experiment = spec.experiment();
        double trials = spec.trials();
        int epochs = experiment.epochs() == null || experiment.epochs().isEmpty() ? 0 : experiment.epochs().get(0);
        LowRankWork.runs(work, trials, shape, experiment, epochs);
        work.add(WorkUnit.LOW_RANK_OP, trials * shape.users() * shape.samplesPerUser() * shape.dimension());
    }

    /**
     * What a low-rank run's curator holds per user while a collection is in flight, whatever the
     * population mode: the step's ids (4 bytes), the sum's list of contributors (up to 8: it doubles as
     * it grows) and the copy of it the ledger is charged with (4).
     */
    public static final long RUN_BYTES_PER_USER = 16;
    /** What a low-rank run under disjoint batches keeps per user besides: the user's batch (an int). */
    public static final long BATCH_BYTES_PER_USER = 4;

    /**
     * Its experiments share the scenario's population per repeat; a run in flight holds
     * {@link #RUN_BYTES_PER_USER} a user, and under disjoint batches also {@link #BATCH_BYTES_PER_USER}
     * and the ledger's {@link Ledger#HISTORY_BYTES_PER_USER}.
     */
    @Override
    public PopulationUse populationUse(ExperimentSpec spec) {
        return new PopulationUse(false, RUN_BYTES_PER_USER + (spec.participation() == Participation.DISJOINT_BATCHES
                ? BATCH_BYTES_PER_USER + Ledger.HISTORY_BYTES_PER_USER : 0));
    }

    /** The experiment fields of its algorithms on a low-rank regression or dataset task. */
    @Override
    public List<ExperimentForm> forms() {
        return List.of(
                ExperimentForm.of(Algorithm.PRIV_ALTMIN, LowRankResolver::resolve, EPSILON, DELTA, CALIBRATION,
                        EPOCHS, SELECTION, SELECTION_MEAN, SELECTION_SHAPE, PARTICIPATION, ROUNDS, SPLIT, CLIP_MODEL, CLIP_LABEL, INIT_BUDGET, U_STEP,
                        FEATURE_COVARIANCE, CLIP_FEATURE, FEATURE_BUDGET, ROUND_BUDGET, CLIP_MOMENT, RIDGE,
                        MODEL_NORM, HELD_OUT, PERSONALIZATION, RANK, REPEATS),
                ExperimentForm.of(Algorithm.NON_PRIVATE_ALTMIN, LowRankResolver::resolve, EPOCH_CAP, PARTICIPATION,
                        ROUNDS, SPLIT, RIDGE, MODEL_NORM, TOLERANCE, HELD_OUT, PERSONALIZATION, RANK, REPEATS),
                ExperimentForm.of(Algorithm.OWN_DATA, LowRankResolver::resolve, RIDGE, REPEATS),
                ExperimentForm.of(Algorithm.SINGLE_MODEL_DP, LowRankResolver::resolve, EPSILON, DELTA, CALIBRATION,
                        CLIP_MODEL, CLIP_LABEL, RIDGE, REPEATS));
    }

    /** Priv-altmin audits on its low-rank task or on a ratings task; single-model-dp under white-box only. */
    @Override
    public List<AuditForm> auditForms() {
        return List.of(
                AuditForm.of(Algorithm.PRIV_ALTMIN, Release.GAUSSIAN, LowRankRegressionTask.TYPE, RatingsTask.TYPE)
                        .withRunSettings().withOneRun((task, representation) -> task instanceof LowRankRegressionTask
                                lowRank ? lowRank.dimension() : 0),
                AuditForm.of(Algorithm.SINGLE_MODEL_DP, Release.GAUSSIAN, LowRankRegressionTask.TYPE).withRunSettings()
                        .underOnly("is audited under white-box only (the adversary sees its two releases)", true,
                                ThreatModel.WHITE_BOX));
    }
}
