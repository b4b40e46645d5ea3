package org.privsim.core.family.ratings;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.report.RowDescription;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;

/**
 * The ratings family (matrix completion on a {@code ratings} task) as a module. Guarantee: it audits
 * exactly the audits on a ratings task, with {@link RatingsWhiteBoxGame}; the population is the n users.
 */
public final class RatingsModule implements FamilyModule {
    /** The one instance. */
    public static final RatingsModule INSTANCE = new RatingsModule();

    private RatingsModule() {}

    @Override
    public String id() {
        return "ratings";
    }

    @Override
    public List<Family<?, ?, ?, ?, ?, ?>> families() {
        return List.of(RatingsFamily.INSTANCE);
    }

    @Override
    public List<RowDescription<?>> rows() {
        return List.of(RatingsRows.INSTANCE);
    }

    @Override
    public boolean audits(AuditSpec spec) {
        return spec.task() instanceof RatingsTask;
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        return new RatingsWhiteBoxGame((RatingsTask) spec.task(), spec.experiment(),
                FamilyModule.gameSeed(root, index), spec.target(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        return AuditClaim.zcdp(spec, ((RatingsTask) spec.task()).users());
    }
}
