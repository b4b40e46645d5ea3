package org.privsim.core.scenario;

import java.util.List;
import org.privsim.core.privacy.Calibration;

/**
 * One experiment of a scenario, with every default resolved.
 *
 * <p>Fields that do not apply to the algorithm are null (e.g. {@code epsilons} for
 * {@code own-data}). For private algorithms, each ε of {@code epsilons} is one run; when
 * {@code epochs} has several values, each ε is run with each and the best (lowest population MSE,
 * as in the paper's Fig. 2) is reported together with the epoch count that won.
 *
 * @param algorithm          what to run
 * @param epsilons           target ε values (private algorithms), in scenario order
 * @param delta              target δ (private algorithms)
 * @param calibration        how (ε, δ) becomes a total zCDP budget ρ (private algorithms)
 * @param epochs             candidate epoch counts (altmin); for non-private-altmin the cap
 * @param participation      which users enter each round (altmin)
 * @param rounds             rounds T for {@code disjoint-batches}; null for {@code epochs}
 * @param split              how a user's samples are split across steps (altmin)
 * @param clipModel          η, clip bound on ‖vec(x vᵀ)‖ (priv-altmin) or on ‖x‖ (single-model-dp)
 * @param clipLabel          ζ, clip bound on |y| (private algorithms)
 * @param initBudgetFraction share of ρ spent on the private initialisation (priv-altmin)
 * @param ridge              ridge λ of the local least-squares fits
 * @param modelNormBound     R, bound on ‖v_j‖ in the v-step (altmin)
 * @param tolerance          stop non-private-altmin when ‖UUᵀ − U'U'ᵀ‖_F falls below it
 */
public record ExperimentSpec(
        Algorithm algorithm,
        List<Double> epsilons,
        Double delta,
        Calibration calibration,
        List<Integer> epochs,
        Participation participation,
        Integer rounds,
        SampleSplit split,
        Double clipModel,
        Double clipLabel,
        Double initBudgetFraction,
        double ridge,
        Double modelNormBound,
        Double tolerance) {

    public ExperimentSpec {
        epsilons = epsilons == null ? null : List.copyOf(epsilons);
        epochs = epochs == null ? null : List.copyOf(epochs);
    }
}
