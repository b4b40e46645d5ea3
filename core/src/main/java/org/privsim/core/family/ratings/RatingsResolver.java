package org.privsim.core.family.ratings;

import org.privsim.core.privacy.Calibration;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Defaults;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.GivenFields;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Task;

/**
 * Resolves an experiment on a ratings task into its {@link RatingsSettings}.
 *
 * <p>Guarantee: every field the algorithm reads is set, given or at its default (the rank: the
 * synthetic task's, else {@value RatingsSettings#RANK}; the rounds: {@value RatingsSettings#PRIVATE_ROUNDS}
 * private, else {@value RatingsSettings#ROUNDS}; ζ: min({@value RatingsSettings#CLIP_RATING}, half the
 * rating range); the ridge: λ for altmin, the prior weight κ for the item means; the calibration tight);
 * every other field null.
 */
final class RatingsResolver {

    private RatingsResolver() {}

    /** The {@link ExperimentForm.Resolver} of every algorithm's form on a ratings task. */
    static ExperimentSpec resolve(ExperimentForm form, GivenFields given, Task on) {
        RatingsTask ratings = (RatingsTask) on;
        Algorithm algorithm = form.algorithm();
        boolean altmin = form.reads("rank");
        boolean priv = algorithm.isPrivate();
        RatingsSettings settings = new RatingsSettings(
                altmin ? given.or("rank", Integer.class, ratings.synthetic() ? ratings.rank() : RatingsSettings.RANK)
                        : null,
                altmin ? given.or("rounds", Integer.class, priv ? RatingsSettings.PRIVATE_ROUNDS : RatingsSettings.ROUNDS)
                        : null,
                priv ? given.or("maxRatingsPerUser", Integer.class, RatingsSettings.MAX_RATINGS_PER_USER) : null,
                form.reads("clipFactor") ? given.or("clipFactor", Double.class, RatingsSettings.CLIP_FACTOR) : null,
                priv ? given.or("clipRating", Double.class, Math.min(RatingsSettings.CLIP_RATING, ratings.halfRange()))
                        : null,
                altmin ? given.or("ridge", Double.class, RatingsSettings.RIDGE)
                        : form.reads("ridge") ? given.or("ridge", Double.class, RatingsSettings.ITEM_PRIOR) : null,
                form.reads("roundBudgetSplit")
                        ? given.or("roundBudgetSplit", Double.class, RatingsSettings.ROUND_BUDGET_SPLIT) : null);
        return new ExperimentSpec(algorithm, given.list("epsilon"), given.get("delta", Double.class),
                priv ? given.or("calibration", Calibration.class, Calibration.TIGHT) : null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                given.or("repeats", Integer.class, Defaults.LOW_RANK_REPEATS), null, null, settings);
    }

    /**
     * The resolver of a ratings algorithm's form on every other task, which the readers refuse before
     * resolving (the algorithm needs a ratings task).
     *
     * @throws IllegalStateException always
     */
    static ExperimentSpec offRatings(ExperimentForm form, GivenFields given, Task on) {
        throw new IllegalStateException(form.algorithm().id() + " runs only on a ratings task, not " + on.type());
    }
}
