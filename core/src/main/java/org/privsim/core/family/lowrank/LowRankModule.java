package org.privsim.core.family.lowrank;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.ExperimentResultRows;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;

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
    public AuditClaim claim(AuditSpec spec) {
        return AuditClaim.zcdp(spec, ((LowRankRegressionTask) spec.task()).users());
    }

    @Override
    public boolean runs(Scenario scenario, ExperimentSpec spec) {
        return !(scenario.task() instanceof RatingsTask) && LowRankFamily.INSTANCE.runs(spec.algorithm());
    }

    /** One of its algorithms on a low-rank or data-set task: a run per ε, repeat and epoch count ({@link LowRankWork}). */
    @Override
    public void addWork(Scenario scenario, ExperimentSpec spec, Work work) {
        LowRankRegressionTask shape = scenario.lowRankTask(spec);
        double runs = Work.runs(spec);
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
}
