package org.privsim.core.family.multitask;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.report.RowDescription;
import org.privsim.core.scenario.MultitaskRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;

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
        return spec.experiment().multitask().gaussianNoise()
                ? new MpMtlGaussianCanaryGame(task, spec.experiment(), seed, spec.target(), spec.inject())
                : new MpMtlCanaryGame(task, spec.experiment(), seed, spec.target(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        int tasks = ((MultitaskRegressionTask) spec.task()).tasks();
        if (spec.algorithm().isPrivate() && !spec.experiment().multitask().gaussianNoise()) {
            // the Wishart release: the composition bound CB of its releases, the claimed ε itself
            return new AuditClaim(tasks, spec.epsilon(), null);
        }
        return AuditClaim.zcdp(spec, tasks);
    }
}
