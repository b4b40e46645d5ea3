package org.privsim.core.family.transfer;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.privsim.core.scenario.SubspaceEstimator;
import org.privsim.core.sim.UserTask;

/**
 * What a {@link TransferDriver} asks of the participants next. Runners answer every request with
 * the named participants' answers in the order the request lists them.
 *
 * <p>Guarantee: requests are immutable values; the arrays they carry are never modified after the
 * request is made.
 */
public sealed interface TransferRequest {

    /**
     * Every public task j = 0 … t−1 answers {@link PublicTask#moments} over the first n₁ public rows.
     *
     * @param publicSamples n₁
     * @param estimator     which moment matrix
     */
    record Moments(int publicSamples, SubspaceEstimator estimator) implements TransferRequest {}

    /**
     * Every public task j = 0 … t−1 answers {@link PublicTask#answer} to a Priv-AltMin request on its
     * first-n₁ rows (representation private-altmin), in task order.
     *
     * @param publicSamples n₁
     * @param task          the Priv-AltMin curator's request
     */
    record PublicAltMin(int publicSamples, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) UserTask task) implements TransferRequest {}

    /**
     * The listed users answer {@link SampleHolder#gradient}(model, clip), in list order.
     *
     * @param step  DP-SGD step, 1-based
     * @param model the current model in the representation (p values)
     * @param clip  the per-example clip C
     * @param users the step's Poisson sample, ascending ids (possibly empty)
     */
    record Gradients(int step, double[] model, double clip, int[] users) implements TransferRequest {}

    /**
     * Every user 0 … n₂−1 answers {@link SampleHolder#statistics}(clipFeature, clipLabel).
     *
     * @param clipFeature τ (∞: unclipped)
     * @param clipLabel   ζ (∞: unclipped)
     */
    record Statistics(double clipFeature, double clipLabel) implements TransferRequest {}

    /**
     * The run is over.
     *
     * @param outcome its outcome
     */
    record Done(TransferOutcome outcome) implements TransferRequest {}
}
