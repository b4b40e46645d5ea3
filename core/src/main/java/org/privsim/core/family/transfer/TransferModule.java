package org.privsim.core.family.transfer;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.SampledGaussianAuc;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.report.RowDescription;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.TransferRegressionTask;
import org.privsim.core.scenario.TransferSettings;
import org.privsim.core.seam.Family;

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
    public AuditClaim claim(AuditSpec spec) {
        TransferRegressionTask task = (TransferRegressionTask) spec.task();
        int population = task.privateSamples().get(0);
        if (!spec.algorithm().isPrivate()) {
            return new AuditClaim(population, null, null);
        }
        TransferSettings s = spec.experiment().transfer();
        return new AuditClaim(population,
                TransferRunPlan.audited(task, spec.experiment(), Injection.NONE).accountedEpsilon(),
                spec.method() == AuditMethod.SAMPLED_GAUSSIAN_AUC ? new SampledGaussianAuc(s.samplingRate(), s.steps()) : null);
    }
}
