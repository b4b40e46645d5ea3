package org.privsim.core.family.federated;

import static org.privsim.core.scenario.FederatedFields.CLIPPING;
import static org.privsim.core.scenario.FederatedFields.CLIP_LEARNING_RATE;
import static org.privsim.core.scenario.FederatedFields.COHORT;
import static org.privsim.core.scenario.FederatedFields.COUNT_NOISE;
import static org.privsim.core.scenario.FederatedFields.TARGET_QUANTILE;
import static org.privsim.core.scenario.ScenarioFields.ACCOUNTANT;
import static org.privsim.core.scenario.ScenarioFields.BANDS;
import static org.privsim.core.scenario.ScenarioFields.CLIP_UPDATE;
import static org.privsim.core.scenario.ScenarioFields.DELTA;
import static org.privsim.core.scenario.ScenarioFields.EPSILON;
import static org.privsim.core.scenario.ScenarioFields.FEDERATED_ROUNDS;
import static org.privsim.core.scenario.ScenarioFields.LEARNING_RATE;
import static org.privsim.core.scenario.ScenarioFields.LOCAL_EPOCHS;
import static org.privsim.core.scenario.ScenarioFields.NOISE;
import static org.privsim.core.scenario.ScenarioFields.NOISE_MULTIPLIER;
import static org.privsim.core.scenario.ScenarioFields.RANK;
import static org.privsim.core.scenario.ScenarioFields.REPEATS;
import static org.privsim.core.scenario.ScenarioFields.RIDGE;
import static org.privsim.core.scenario.ScenarioFields.SAMPLING_RATE;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.OneRunGame;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.PopulationUse;
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
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.AuditForm;
import org.privsim.core.scenario.AuditForm.Release;
import org.privsim.core.audit.ThreatModel;

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
        return spec.task() instanceof LowRankRegressionTask && runsFederated(spec.algorithm());
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        return new FederatedWhiteBoxGame((LowRankRegressionTask) spec.task(), spec.experiment(),
                FamilyModule.gameSeed(root, index), spec.target(), spec.inject());
    }

    @Override
    public OneRunGame oneRunGame(Scenario scenario, AuditSpec spec, int index, long root) {
        return new FederatedOneRunGame((LowRankRegressionTask) spec.task(), spec.experiment(),
                FamilyModule.gameSeed(root, index), spec.canaries(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        FedAvgSettings s = spec.experiment().settings(FedAvgSettings.class);
        return new AuditClaim(((LowRankRegressionTask) spec.task()).users(),
                FederatedFamily.calibration(spec.experiment(), ((LowRankRegressionTask) spec.task()).users(),
                        spec.epsilon()).accountedEpsilon(),
                spec.method() == AuditMethod.SAMPLED_GAUSSIAN_AUC ? CorrelatedNoise.composition(s) : null);
    }

    /**
     * What a federated run holds per user at its last step, which asks every user its error: the id
     * (4 bytes), the answer (an array of at most four doubles, 48) and its slot in the answers (4).
     */
    public static final long RUN_BYTES_PER_USER = 56;

    /**
     * Each repeat of an experiment holds a population of its own (its cells at every ε share it); a
     * run in flight holds {@link #RUN_BYTES_PER_USER} a user.
     */
    @Override
    public PopulationUse populationUse(ExperimentSpec spec) {
        return new PopulationUse(true, RUN_BYTES_PER_USER);
    }

    @Override
    public boolean runs(Scenario scenario, ExperimentSpec spec) {
        return !(scenario.task() instanceof RatingsTask) && runsFederated(spec.algorithm());
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

    private static boolean runsFederated(Algorithm algorithm) {
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

    /** The experiment fields of dp-fedavg and dp-fedrep. */
    @Override
    public List<ExperimentForm> forms() {
        return List.of(
                ExperimentForm.of(Algorithm.DP_FEDAVG, FederatedResolver::resolve, EPSILON, DELTA, FEDERATED_ROUNDS,
                        RIDGE, SAMPLING_RATE, NOISE_MULTIPLIER, LEARNING_RATE, CLIP_UPDATE, LOCAL_EPOCHS,
                        ACCOUNTANT, COHORT, CLIPPING, TARGET_QUANTILE, COUNT_NOISE, CLIP_LEARNING_RATE, NOISE, BANDS,
                        REPEATS),
                ExperimentForm.of(Algorithm.DP_FEDREP, FederatedResolver::resolve, EPSILON, DELTA, FEDERATED_ROUNDS,
                        RIDGE, SAMPLING_RATE, NOISE_MULTIPLIER, LEARNING_RATE, CLIP_UPDATE, LOCAL_EPOCHS,
                        ACCOUNTANT, COHORT, CLIPPING, TARGET_QUANTILE, COUNT_NOISE, CLIP_LEARNING_RATE, NOISE, BANDS,
                        RANK, REPEATS));
    }

    /** Both audit under white-box only; each user clips its own update, so clipping cannot be skipped. */
    @Override
    public List<AuditForm> auditForms() {
        return List.of(federated(Algorithm.DP_FEDAVG), federated(Algorithm.DP_FEDREP));
    }

    private static AuditForm federated(Algorithm algorithm) {
        return AuditForm.of(algorithm, Release.SAMPLED_GAUSSIAN, LowRankRegressionTask.TYPE).withRunSettings()
                .underOnly("is audited under white-box only (the adversary sees each round's noisy update sum)", true,
                        ThreatModel.WHITE_BOX)
                .refusingSkipClipping("not supported for " + algorithm.id() + " (each user clips its own update;"
                        + " inject noiseMultiplier or ignoreComposition)")
                .withOneRun((task, representation) -> ((LowRankRegressionTask) task).dimension());
    }
}
