package org.privsim.core.family.multitask;

import java.util.List;
import org.privsim.core.privacy.BudgetAllocation;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.scenario.CovarianceNoise;
import org.privsim.core.scenario.Defaults;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.GivenFields;
import org.privsim.core.scenario.InitialModels;
import org.privsim.core.scenario.MultitaskRegressionTask;
import org.privsim.core.scenario.MultitaskSettings;
import org.privsim.core.scenario.Selection;
import org.privsim.core.scenario.Task;

/**
 * Resolves an experiment of a multi-task algorithm on a multi-task regression task into its
 * {@link MultitaskSettings}.
 *
 * <p>Guarantee: the iterative algorithms (those that read {@code lambda}) get every iteration setting
 * given or at its default (T: the field's declared default; the allocation only where read; the
 * covariance shifts only with covarianceNoise gaussian); the one-shot ones (stl-ridge, dp-aggr)
 * {@link MultitaskSettings#oneShot}; δ and the clip only where read, the calibration only with the
 * Gaussian covariance release.
 */
final class MultitaskResolver {

    private MultitaskResolver() {}

    /** The {@link ExperimentForm.Resolver} of the module's algorithms. */
    static ExperimentSpec resolve(ExperimentForm form, GivenFields given, Task on) {
        MultitaskRegressionTask task = (MultitaskRegressionTask) on;
        MultitaskSettings settings = MultitaskSettings.oneShot();
        if (form.reads("lambda")) {
            boolean accelerate = given.or("acceleration", Boolean.class, Defaults.ACCELERATION);
            Integer outlierTask = given.get("outlierTask", Integer.class);
            boolean gaussian = given.get("covarianceNoise", CovarianceNoise.class) == CovarianceNoise.GAUSSIAN;
            settings = new MultitaskSettings(given.or("iterations", Integer.class, form.defaultInteger("iterations")),
                    given.or("stepSize", Double.class, Defaults.stepSize(task)),
                    given.orList("lambda", Defaults.LAMBDAS), accelerate,
                    form.reads("allocation")
                            ? given.or("allocation", BudgetAllocation.class, Defaults.allocation(accelerate)) : null,
                    given.or("initialModels", InitialModels.class, Defaults.INITIAL_MODELS), outlierTask,
                    outlierTask == null ? null : given.or("outlierScale", Double.class, Defaults.OUTLIER_SCALE),
                    given.or("exportModels", Boolean.class, false),
                    form.reads("covarianceNoise")
                            ? given.or("covarianceNoise", CovarianceNoise.class, Defaults.COVARIANCE_NOISE) : null,
                    gaussian ? given.<Double>orList("covarianceShift", Defaults.COVARIANCE_SHIFTS) : null);
        }
        List<Double> epsilons = given.list("epsilon");
        return new ExperimentSpec(form.algorithm(), epsilons,
                form.reads("delta") ? given.or("delta", Double.class, Defaults.multitaskDelta(task)) : null,
                settings.gaussianNoise()
                        ? given.or("calibration", Calibration.class, Defaults.GAUSSIAN_COVARIANCE_CALIBRATION) : null,
                null, null, null, null,
                form.reads("clipModel") ? given.or("clipModel", Double.class, Defaults.multitaskClip(task)) : null,
                null, null, null, null, null, null, null, null,
                given.or("ridge", Double.class, Defaults.MULTITASK_RIDGE), null, null, null,
                given.or("repeats", Integer.class, Defaults.MULTITASK_REPEATS), null, null, settings,
                Selection.resolve(form, given));
    }
}
