package org.privsim.core.family.lowrank;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.ExperimentResultRows;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.LowRankRegressionTask;
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
}
