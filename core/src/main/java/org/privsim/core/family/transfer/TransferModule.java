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
import org.privsim.core.audit.SampledGaussianAuc;
import org.privsim.core.audit.ThreatModel;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.report.RowDescription;
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
                                + " receive no separate outputs)", true, ThreatModel.BILLBOARD, ThreatModel.WHITE_BOX),
                AuditForm.of(Algorithm.SUFFICIENT_STATISTICS, Release.GAUSSIAN, TransferRegressionTask.TYPE)
                        .withRunSettings().underOnly("is audited under white-box only (the adversary sees its two"
                                + " releases)", true, ThreatModel.WHITE_BOX));
    }
}
