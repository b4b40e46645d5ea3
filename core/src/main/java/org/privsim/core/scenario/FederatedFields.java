package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldSpec.choice;
import static org.privsim.core.scenario.FieldSpec.number;

/**
 * The experiment fields of dp-fedavg and dp-fedrep that choose how a round samples its cohort and
 * clips its updates ({@link FedAvgSettings#cohort}, {@link FedAvgSettings#adaptiveClip}).
 * Guarantee: constants only; the readers and the schema take presence, bounds and choices from here.
 */
public final class FederatedFields {
    /** Poisson or fixed-size cohorts. */
    public static final FieldSpec COHORT = choice("cohort", Cohort::id, Cohort.values()).byDefault(Cohort.POISSON.id())
            .doc("poisson: each user with probability q (replace-special: n public); fixed: exactly round(q·n)"
                    + " users without replacement (replace-one, accountant rdp only).");
    /** Fixed or adaptive clipping. */
    public static final FieldSpec CLIPPING = choice("clipping", UpdateClipping::id, UpdateClipping.values())
            .byDefault(UpdateClipping.FIXED.id()).doc("fixed: clip every update to clipUpdate; adaptive: start at"
                    + " clipUpdate and track the targetQuantile of the update norms privately (Poisson cohorts only).");
    /** γ. */
    public static final FieldSpec TARGET_QUANTILE = number("targetQuantile", Bounds.strictlyBetween(0, 1))
            .byDefault(AdaptiveClip.TARGET_QUANTILE).doc("γ, the quantile of the update norms the adaptive clip"
                    + " tracks (only with clipping adaptive).");
    /** σ_b. */
    public static final FieldSpec COUNT_NOISE = number("countNoise", Bounds.scale()).defaultWords("q·n/20")
            .doc("σ_b, the noise std on the count of unclipped updates; needs noiseMultiplier < 2·countNoise"
                    + " (only with clipping adaptive).");
    /** η_C. */
    public static final FieldSpec CLIP_LEARNING_RATE = number("clipLearningRate", Bounds.scale())
            .byDefault(AdaptiveClip.CLIP_LEARNING_RATE).doc("η_C, the step of the geometric clip update"
                    + " (only with clipping adaptive).");

    private FederatedFields() {}
}
