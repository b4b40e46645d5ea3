package org.privsim.core.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.sim.NoiseParameters;
import org.privsim.core.sim.RoundRecord;

/**
 * One row of a report: an experiment at one ε (the best epoch count when several were tried),
 * averaged over its repeats. Field names are the report schema (README, "Report schema").
 *
 * @param experiment       index of the experiment in the scenario (rows of one experiment share it)
 * @param algorithm        algorithm id
 * @param epsilon          target ε, or null when non-private
 * @param delta            target δ, or null
 * @param calibration      {@code paper} or {@code tight}, or null (also with a private selection, which is
 *                         accounted by {@link #SELECTION_CONVERSION})
 * @param zcdpRho          total ρ charged to each user, or null
 * @param accountedEpsilon tight (CKS 2020, continuous order) conversion of zcdpRho at δ, or null
 * @param classicEpsilon   classic conversion ρ + 2√(ρ ln(1/δ)) of zcdpRho, or null
 * @param conversion       name of the conversion used for accountedEpsilon, or null
 * @param accountant       the federated algorithms' accountant ({@code pld} or {@code rdp}), else null
 * @param rdpEpsilon       the federated algorithms' ε by the tight conversion of the composed RDP curve,
 *                         whatever the accountant (equal to accountedEpsilon under rdp), else null
 * @param noiseMultiplier  the federated algorithms' σ (noise standard deviation over the clip), else null
 * @param repeats          independent runs (data and noise) averaged
 * @param populationMse    mean over repeats of mean_j ‖θ_j − θ_j*‖² + σ_F² (null on a data set: no ground truth)
 * @param populationMseStdErr standard error of populationMse over repeats (null with one repeat)
 * @param excessRisk       populationMse − σ_F² (mean over repeats; null on a data set)
 * @param excessRiskStdErr standard error of excessRisk over repeats (null with one repeat)
 * @param subspaceDistance mean over repeats of ‖(I − U*U*ᵀ)U‖_F, or null where there is no U or no U*
 * @param testMse          data set: mean over repeats of the users' held-out test MSE averaged over users, else null
 * @param testMseStdErr    its standard error over repeats (null with one repeat)
 * @param testMseSamples   data set: mean over repeats of the test MSE averaged over all test rows, else null
 * @param testMseSamplesStdErr its standard error over repeats (null with one repeat)
 * @param r2               data set: mean over repeats of 1 − ΣSSE/ΣSST against the per-user training mean, else null
 * @param r2StdErr         its standard error over repeats (null with one repeat)
 * @param heldOutUsers     H, users never in training who fit v on the released U (metalearning), or null
 * @param personalizationSamples the n_pers of the held-out users, or null
 * @param heldOutExcessRisk mean over repeats of the held-out users' mean ‖U v − θ*‖², per n_pers, or null
 * @param heldOutExcessRiskStdErr its standard error over repeats per n_pers (null with one repeat or no held-out users)
 * @param users            n
 * @param samplesPerUser   m
 * @param dimension        d
 * @param rank             k
 * @param rounds           U-step rounds executed
 * @param epochs           passes over the users of the reported run
 * @param maxLedgerRho     the ledger's largest per-user spend over all repeats (must equal zcdpRho), or null
 * @param participation    participation scheme, or null
 * @param split            sample split, or null
 * @param clipModel        η used, or null
 * @param clipLabel        ζ used, or null
 * @param initBudgetFraction share of ρ given to the initialisation, or null
 * @param uStep            {@code full} or {@code kronecker} (priv-altmin), or null
 * @param featureCovariance {@code identity} or {@code private} (Kronecker U-step), or null
 * @param clipFeature      τ of the private S, or null
 * @param featureBudgetFraction share of ρ given to the private S, or null
 * @param roundBudgetSplit share of each round's ρ given to A (full U-step), or null
 * @param clipMoment       C, the user-level clip of b_j (Kronecker U-step), or null
 * @param noise            noise parameters, or null
 * @param epochsTried      every candidate epoch count with its mean MSE (more than one: best reported)
 * @param roundLog         per-round contributors and diagnostics of the reported run's first repeat
 * @param releases         the releases of the reported epoch count's repeats, by repeat (with a private
 *                         selection: of each repeat's winning candidate)
 * @param selection        how the reported epoch count was chosen among several: {@code oracle} (lowest population
 *                         MSE, outside the accounting) or {@code private} (Papernot–Steinke, accounted); null when
 *                         nothing was chosen
 * @param selectionMean    the private selection's mean number of candidates, or null
 * @param selectionShape   the private selection's shape η, or null
 */
@JsonPropertyOrder({"experiment", "algorithm", "epsilon", "delta", "calibration", "zcdpRho", "accountedEpsilon", "classicEpsilon",
    "conversion", "accountant", "rdpEpsilon", "noiseMultiplier", "repeats", "populationMse", "populationMseStdErr", "excessRisk", "excessRiskStdErr",
    "subspaceDistance", "testMse", "testMseStdErr", "testMseSamples", "testMseSamplesStdErr", "r2", "r2StdErr",
    "heldOutUsers", "personalizationSamples", "heldOutExcessRisk", "heldOutExcessRiskStdErr",
    "users", "samplesPerUser", "dimension", "rank", "rounds", "epochs", "maxLedgerRho",
    "participation", "split", "clipModel", "clipLabel", "initBudgetFraction", "uStep", "featureCovariance",
    "clipFeature", "featureBudgetFraction", "roundBudgetSplit", "clipMoment", "noise", "epochsTried", "roundLog", "releases",
    "selection", "selectionMean", "selectionShape"})
public record ExperimentResult(
        int experiment,
        String algorithm,
        Double epsilon,
        Double delta,
        String calibration,
        Double zcdpRho,
        Double accountedEpsilon,
        Double classicEpsilon,
        String conversion,
        String accountant,
        Double rdpEpsilon,
        Double noiseMultiplier,
        int repeats,
        Double populationMse,
        Double populationMseStdErr,
        Double excessRisk,
        Double excessRiskStdErr,
        Double subspaceDistance,
        Double testMse,
        Double testMseStdErr,
        Double testMseSamples,
        Double testMseSamplesStdErr,
        Double r2,
        Double r2StdErr,
        Integer heldOutUsers,
        List<Integer> personalizationSamples,
        List<Double> heldOutExcessRisk,
        List<Double> heldOutExcessRiskStdErr,
        int users,
        int samplesPerUser,
        int dimension,
        int rank,
        int rounds,
        int epochs,
        Double maxLedgerRho,
        String participation,
        String split,
        Double clipModel,
        Double clipLabel,
        Double initBudgetFraction,
        String uStep,
        String featureCovariance,
        Double clipFeature,
        Double featureBudgetFraction,
        Double roundBudgetSplit,
        Double clipMoment,
        NoiseParameters noise,
        List<EpochCandidate> epochsTried,
        List<RoundRecord> roundLog,
        List<ReleaseLog> releases,
        String selection,
        Double selectionMean,
        Double selectionShape) implements ExperimentRow {

    /** Name of the accounting of a private selection's accountedEpsilon: Papernot–Steinke RDP, tight conversion. */
    public static final String SELECTION_CONVERSION = "rdp-repeat-and-select";

    @JsonIgnore
    @Override
    public PrivateSelection privateSelection() {
        return selectionMean == null ? null : new PrivateSelection(selectionMean, selectionShape);
    }

    /** The row's error to compare algorithms by: populationMse, or testMse on a data set. */
    @JsonIgnore
    public double comparedMse() {
        return populationMse != null ? populationMse : testMse;
    }

    /** The standard error of {@link #comparedMse()}, or null with one repeat. */
    @JsonIgnore
    public Double comparedMseStdErr() {
        return populationMse != null ? populationMseStdErr : testMseStdErr;
    }

    /** Name of the (ε, δ) conversion reported in accountedEpsilon. */
    public static final String TIGHT_CONVERSION = "rdp-cks2020-continuous-order";

    /**
     * This row with the accounting of an algorithm not accounted in zCDP (a Poisson-subsampled
     * Gaussian mechanism accounted by PLD or RDP): ε as accounted, the RDP classic conversion's ε, the
     * conversion's name, the accountant, the RDP tight conversion's ε and σ.
     */
    public ExperimentResult withAccounting(Double newAccountedEpsilon, Double newClassicEpsilon, String newConversion,
                                           String newAccountant, Double newRdpEpsilon, Double newNoiseMultiplier) {
        return new ExperimentResult(experiment, algorithm, epsilon, delta, calibration, zcdpRho, newAccountedEpsilon,
                newClassicEpsilon, newConversion, newAccountant, newRdpEpsilon, newNoiseMultiplier, repeats, populationMse, populationMseStdErr, excessRisk,
                excessRiskStdErr, subspaceDistance, testMse, testMseStdErr, testMseSamples, testMseSamplesStdErr, r2,
                r2StdErr, heldOutUsers, personalizationSamples, heldOutExcessRisk, heldOutExcessRiskStdErr, users,
                samplesPerUser, dimension, rank, rounds, epochs, maxLedgerRho, participation, split, clipModel,
                clipLabel, initBudgetFraction, uStep, featureCovariance, clipFeature, featureBudgetFraction,
                roundBudgetSplit, clipMoment, noise, epochsTried, roundLog, releases, selection, selectionMean,
                selectionShape);
    }
}
