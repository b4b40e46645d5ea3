package org.privsim.core.family.lowrank;

import java.util.List;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Defaults;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FeatureCovariance;
import org.privsim.core.scenario.GivenFields;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Metalearning;
import org.privsim.core.scenario.Participation;
import org.privsim.core.scenario.SampleSplit;
import org.privsim.core.scenario.Selection;
import org.privsim.core.scenario.Task;
import org.privsim.core.scenario.UStep;

/**
 * Resolves an experiment of a low-rank algorithm (priv-altmin, non-private-altmin, own-data,
 * single-model-dp) on a low-rank regression task (or a dataset's low-rank shape).
 *
 * <p>Guarantee: every field the algorithm reads is set, given or at its default from
 * {@link Defaults} (epochs: [1] with disjoint-batches, else the field's declared default; the clip
 * η √(dk) for priv-altmin and √d for single-model-dp; the ridge of own-data's d-dimensional fit for
 * own-data); the Kronecker U-step's fields only with uStep kronecker, the private S's only with
 * featureCovariance private; every other field null.
 */
final class LowRankResolver {

    private LowRankResolver() {}

    /** The {@link ExperimentForm.Resolver} of the module's algorithms. */
    static ExperimentSpec resolve(ExperimentForm form, GivenFields given, Task on) {
        LowRankRegressionTask task = (LowRankRegressionTask) on;
        Algorithm algorithm = form.algorithm();
        UStep resolvedStep = form.reads("uStep") ? given.or("uStep", UStep.class, Defaults.U_STEP) : null;
        boolean kronecker = resolvedStep == UStep.KRONECKER;
        boolean privateS = kronecker && given.or("featureCovariance", FeatureCovariance.class,
                Defaults.FEATURE_COVARIANCE) == FeatureCovariance.PRIVATE;
        Participation participation = form.reads("participation")
                ? given.or("participation", Participation.class, Defaults.PARTICIPATION) : null;
        double clipModel = given.or("clipModel", Double.class, algorithm == Algorithm.PRIV_ALTMIN
                ? Defaults.altMinClipModel(task) : Defaults.singleModelClipModel(task));
        double clipLabel = given.or("clipLabel", Double.class, Defaults.clipLabel(task));
        SampleSplit split = given.or("split", SampleSplit.class, Defaults.SPLIT);
        Integer heldOutUsers = given.get("heldOutUsers", Integer.class);
        return new ExperimentSpec(
                algorithm,
                given.list("epsilon"),
                given.get("delta", Double.class),
                form.reads("calibration") ? given.or("calibration", Calibration.class, Defaults.CALIBRATION) : null,
                form.reads("epochs") ? given.orList("epochs", participation == Participation.DISJOINT_BATCHES
                        ? List.of(1) : List.of(form.defaultInteger("epochs"))) : null,
                participation,
                participation == Participation.DISJOINT_BATCHES
                        ? given.or("rounds", Integer.class, Defaults.DISJOINT_BATCH_ROUNDS) : null,
                form.reads("split") ? split : null,
                form.reads("clipModel") ? clipModel : null,
                form.reads("clipLabel") ? clipLabel : null,
                form.reads("initBudgetFraction")
                        ? given.or("initBudgetFraction", Double.class, Defaults.INIT_BUDGET_FRACTION) : null,
                resolvedStep,
                privateS ? FeatureCovariance.PRIVATE : kronecker ? FeatureCovariance.IDENTITY : null,
                privateS ? given.or("clipFeature", Double.class, Defaults.clipFeature(task)) : null,
                privateS ? given.or("featureBudgetFraction", Double.class, Defaults.FEATURE_BUDGET_FRACTION) : null,
                resolvedStep == UStep.FULL
                        ? given.or("roundBudgetSplit", Double.class, Defaults.roundBudgetSplit(task)) : null,
                kronecker ? given.or("clipMoment", Double.class,
                        Defaults.clipMoment(task, clipModel, clipLabel, split)) : null,
                given.or("ridge", Double.class, algorithm == Algorithm.OWN_DATA ? Defaults.ownDataRidge(task)
                        : Defaults.RIDGE),
                form.reads("modelNormBound")
                        ? given.or("modelNormBound", Double.class, Defaults.modelNormBound(task)) : null,
                form.reads("tolerance") ? given.or("tolerance", Double.class, Defaults.TOLERANCE) : null,
                null, given.or("repeats", Integer.class, Defaults.LOW_RANK_REPEATS),
                heldOutUsers == null ? null : new Metalearning(heldOutUsers,
                        given.orList("personalizationSamples", List.of(task.samplesPerUser()))))
                .withSelection(Selection.resolve(form, given));
    }
}
