package org.privsim.core.family.federated;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.SampledGaussianAuc;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.ExperimentResultRows;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;

/**
 * The federated family (dp-fedavg and dp-fedrep, each a seam family of its own) as a module.
 * Guarantee: it audits exactly its algorithms on a low-rank regression task, with
 * {@link FederatedWhiteBoxGame}; the population is the n users.
 */
public final class FederatedModule implements FamilyModule {
    /** The one instance. */
    public static final FederatedModule INSTANCE = new FederatedModule();

    private FederatedModule() {}

    @Override
    public String id() {
        return "federated";
    }

    @Override
    public List<Family<?, ?, ?, ?, ?, ?>> families() {
        return List.of(FedAvgFamily.INSTANCE, FedRepFamily.INSTANCE);
    }

    @Override
    public List<RowDescription<?>> rows() {
        return List.of(ExperimentResultRows.INSTANCE);
    }

    @Override
    public boolean audits(AuditSpec spec) {
        return spec.task() instanceof LowRankRegressionTask && federated(spec.algorithm());
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        return new FederatedWhiteBoxGame((LowRankRegressionTask) spec.task(), spec.experiment(),
                FamilyModule.gameSeed(root, index), spec.target(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        FedAvgSettings s = spec.experiment().settings(FedAvgSettings.class);
        return new AuditClaim(((LowRankRegressionTask) spec.task()).users(),
                FederatedFamily.calibration(spec.experiment(), spec.epsilon()).accountedEpsilon(),
                spec.method() == AuditMethod.SAMPLED_GAUSSIAN_AUC ? new SampledGaussianAuc(s.samplingRate(), s.rounds()) : null);
    }

    @Override
    public boolean runs(Scenario scenario, ExperimentSpec spec) {
        return !(scenario.task() instanceof RatingsTask) && federated(spec.algorithm());
    }

    /**
     * A dp-fedavg or dp-fedrep experiment (on a low-rank or data-set task): its runs' operations and
     * rounds, the users' data sets a regenerated population rebuilds (each round's q·n sampled users
     * and the final pass over all n), and one noise calibration per distinct target.
     */
    @Override
    public void addWork(Scenario scenario, ExperimentSpec spec, Work work) {
        LowRankRegressionTask shape = scenario.lowRankTask(spec);
        FedAvgSettings s = spec.settings(FedAvgSettings.class);
        double runs = Work.runs(spec);
        work.add(WorkUnit.FEDERATED_OP, runs * runOps(shape, spec.algorithm(), s));
        work.add(WorkUnit.FEDERATED_ROUND, runs * s.rounds());
        work.regenerated(shape, runs * (s.rounds() * s.samplingRate() + 1) * shape.users());
        work.calibrations(spec, s.samplingRate(), s.rounds(), s.noiseMultiplier(), s.accountant());
    }

    @Override
    public void addAuditWork(AuditSpec spec, Work work) {
        ExperimentSpec experiment = spec.experiment();
        FedAvgSettings s = experiment.settings(FedAvgSettings.class);
        double trials = spec.trials();
        work.add(WorkUnit.FEDERATED_OP, trials * runOps((LowRankRegressionTask) spec.task(), spec.algorithm(), s));
        work.add(WorkUnit.FEDERATED_ROUND, trials * s.rounds());
        work.calibrations(experiment, s.samplingRate(), s.rounds(), s.noiseMultiplier(), s.accountant());
    }

    private static boolean federated(Algorithm algorithm) {
        return FedAvgFamily.INSTANCE.runs(algorithm) || FedRepFamily.INSTANCE.runs(algorithm);
    }

    /**
     * A federated run: per round the Poisson sample (q·n users) takes E local steps on its m rows
     * (m·d each; dp-fedrep: m·d·k), then every user fine-tunes on its rows (m·d²).
     */
    private static double runOps(LowRankRegressionTask t, Algorithm a, FedAvgSettings s) {
        double n = t.users();
        double m = t.samplesPerUser();
        double d = t.dimension();
        double k = FedRepFamily.INSTANCE.runs(a) ? t.rank() : 1;
        return s.rounds() * s.samplingRate() * n * s.localEpochs() * m * d * k + n * m * d * d;
    }
}
