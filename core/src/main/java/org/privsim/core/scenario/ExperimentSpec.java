package org.privsim.core.scenario;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.privacy.PrivateSelection;

/**
 * One experiment of a scenario, with every default resolved.
 *
 * <p>Fields that do not apply to the algorithm are null (e.g. {@code epsilons} for
 * {@code own-data}). For private algorithms, each ε of {@code epsilons} is one run; when
 * {@code epochs} has several values, each ε is run with each and the best (lowest population MSE,
 * as in the paper's Fig. 2) is reported together with the epoch count that won. For the
 * indexed-mean mechanisms each (ε, persons) pair is one run, repeated {@code repeats} times.
 *
 * @param algorithm          what to run
 * @param epsilons           target ε values (private algorithms), in scenario order
 * @param delta              target δ (private algorithms)
 * @param calibration        how (ε, δ) becomes a total zCDP budget ρ (private algorithms)
 * @param epochs             candidate epoch counts (altmin); for non-private-altmin the cap
 * @param participation      which users enter each round (altmin)
 * @param rounds             rounds T for {@code disjoint-batches}; null for {@code epochs}
 * @param split              how a user's samples are split across steps (altmin)
 * @param clipModel          η, clip bound on ‖vec(x vᵀ)‖ (priv-altmin) or on ‖x‖ (single-model-dp); K, the
 *                           clip bound on a task's model ‖w_i‖ (mp-mtl-*, dp-aggr)
 * @param clipLabel          ζ, clip bound on |y| (private algorithms)
 * @param initBudgetFraction share of ρ spent on the private initialisation (priv-altmin)
 * @param uStep              how the curator forms U from the round's releases (priv-altmin)
 * @param featureCovariance  where the Kronecker U-step's S comes from (priv-altmin with uStep kronecker)
 * @param clipFeature        τ, clip bound on ‖x‖ for the private S (featureCovariance private)
 * @param featureBudgetFraction share of ρ spent on the private S (featureCovariance private)
 * @param roundBudgetSplit   share of a round's ρ spent on A, the rest on b (priv-altmin with uStep full)
 * @param clipMoment         C, user-level clip bound on ‖b_j‖ (priv-altmin with uStep kronecker)
 * @param ridge              ridge λ of the local least-squares fits (low-rank algorithms); μ, the ℓ2 term
 *                           (μ/2)‖w_i‖² of every task's loss (multi-task algorithms)
 * @param modelNormBound     R, bound on ‖v_j‖ in the v-step (altmin)
 * @param tolerance          stop non-private-altmin when ‖UUᵀ − U'U'ᵀ‖_F falls below it
 * @param persons            values of t swept (indexed mean; default the task's persons)
 * @param repeats            independent runs averaged per cell: per (ε, t) for indexed mean, per (ε, epochs)
 *                           with independent data and noise for the low-rank algorithms, per (ε, λ) for
 *                           the multi-task algorithms
 * @param metalearning       held-out users fitted on the released U (altmin), or null
 * @param rank               k of the altmin algorithms on a {@code dataset} task (the synthetic task carries its
 *                           own), else null
 * @param settings           the algorithm's own settings record, for algorithms that keep one (the
 *                           federated, multi-task, transfer and ratings algorithms: {@link #settings(Class)}),
 *                           else null
 * @param selection          how a candidate is chosen ({@code selection: private}): the private selection's
 *                           distribution of the number of candidates; null for the oracle choice (the lowest
 *                           population MSE) or an experiment with nothing to choose
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
        UStep uStep,
        FeatureCovariance featureCovariance,
        Double clipFeature,
        Double featureBudgetFraction,
        Double roundBudgetSplit,
        Double clipMoment,
        Double ridge,
        Double modelNormBound,
        Double tolerance,
        List<Integer> persons,
        Integer repeats,
        Metalearning metalearning,
        Integer rank,
        @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) AlgorithmSettings settings,
        PrivateSelection selection) {

    /** An experiment with the oracle choice (or nothing to choose). */
    public ExperimentSpec(Algorithm algorithm, List<Double> epsilons, Double delta, Calibration calibration,
                          List<Integer> epochs, Participation participation, Integer rounds, SampleSplit split,
                          Double clipModel, Double clipLabel, Double initBudgetFraction, UStep uStep,
                          FeatureCovariance featureCovariance, Double clipFeature, Double featureBudgetFraction,
                          Double roundBudgetSplit, Double clipMoment, Double ridge, Double modelNormBound,
                          Double tolerance, List<Integer> persons, Integer repeats, Metalearning metalearning,
                          Integer rank, AlgorithmSettings settings) {
        this(algorithm, epsilons, delta, calibration, epochs, participation, rounds, split, clipModel, clipLabel,
                initBudgetFraction, uStep, featureCovariance, clipFeature, featureBudgetFraction, roundBudgetSplit,
                clipMoment, ridge, modelNormBound, tolerance, persons, repeats, metalearning, rank, settings, null);
    }

    /** An experiment without an experiment-level rank (every task but {@code dataset}). */
    public ExperimentSpec(Algorithm algorithm, List<Double> epsilons, Double delta, Calibration calibration,
                          List<Integer> epochs, Participation participation, Integer rounds, SampleSplit split,
                          Double clipModel, Double clipLabel, Double initBudgetFraction, UStep uStep,
                          FeatureCovariance featureCovariance, Double clipFeature, Double featureBudgetFraction,
                          Double roundBudgetSplit, Double clipMoment, Double ridge, Double modelNormBound,
                          Double tolerance, List<Integer> persons, Integer repeats, Metalearning metalearning) {
        this(algorithm, epsilons, delta, calibration, epochs, participation, rounds, split, clipModel, clipLabel,
                initBudgetFraction, uStep, featureCovariance, clipFeature, featureBudgetFraction, roundBudgetSplit,
                clipMoment, ridge, modelNormBound, tolerance, persons, repeats, metalearning,
                null);
    }

    /** An experiment without an algorithm settings record. */
    public ExperimentSpec(Algorithm algorithm, List<Double> epsilons, Double delta, Calibration calibration,
                          List<Integer> epochs, Participation participation, Integer rounds, SampleSplit split,
                          Double clipModel, Double clipLabel, Double initBudgetFraction, UStep uStep,
                          FeatureCovariance featureCovariance, Double clipFeature, Double featureBudgetFraction,
                          Double roundBudgetSplit, Double clipMoment, Double ridge, Double modelNormBound,
                          Double tolerance, List<Integer> persons, Integer repeats, Metalearning metalearning,
                          Integer rank) {
        this(algorithm, epsilons, delta, calibration, epochs, participation, rounds, split, clipModel, clipLabel,
                initBudgetFraction, uStep, featureCovariance, clipFeature, featureBudgetFraction, roundBudgetSplit,
                clipMoment, ridge, modelNormBound, tolerance, persons, repeats, metalearning,
                rank, null, null);
    }

    public ExperimentSpec {
        epsilons = epsilons == null ? null : List.copyOf(epsilons);
        epochs = epochs == null ? null : List.copyOf(epochs);
        persons = persons == null ? null : List.copyOf(persons);
    }

    /** Whether this is priv-altmin with the Kronecker U-step and a privately released S. */
    public boolean releasesFeatureCovariance() {
        return uStep == UStep.KRONECKER && featureCovariance == FeatureCovariance.PRIVATE;
    }

    /** This experiment with one privacy target (how an audit fixes the ε, δ it claims). */
    public ExperimentSpec withPrivacy(double epsilon, double newDelta, Calibration newCalibration) {
        return new ExperimentSpec(algorithm, List.of(epsilon), newDelta, newCalibration, epochs, participation,
                rounds, split, clipModel, clipLabel, initBudgetFraction, uStep, featureCovariance, clipFeature,
                featureBudgetFraction, roundBudgetSplit, clipMoment, ridge, modelNormBound, tolerance,
                persons, repeats, metalearning, rank, settings, selection);
    }

    /** This experiment with {@code newSelection} (null: the oracle choice). */
    public ExperimentSpec withSelection(PrivateSelection newSelection) {
        return new ExperimentSpec(algorithm, epsilons, delta, calibration, epochs, participation, rounds, split,
                clipModel, clipLabel, initBudgetFraction, uStep, featureCovariance, clipFeature, featureBudgetFraction,
                roundBudgetSplit, clipMoment, ridge, modelNormBound, tolerance, persons, repeats, metalearning, rank,
                settings, newSelection);
    }

    /**
     * The algorithm's settings record as {@code type}.
     *
     * @throws IllegalStateException when this experiment carries no settings of that type
     */
    public <T extends AlgorithmSettings> T settings(Class<T> type) {
        if (!type.isInstance(settings)) {
            throw new IllegalStateException(algorithm.id() + " carries no " + type.getSimpleName());
        }
        return type.cast(settings);
    }
}
