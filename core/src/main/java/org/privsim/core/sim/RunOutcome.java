package org.privsim.core.sim;

import java.util.List;
import org.privsim.core.privacy.ReleaseLog;

/**
 * Result of one algorithm run (one experiment at one ε and epoch count).
 *
 * @param populationMse    mean_j ‖θ_j − θ_j*‖² + σ_F² (closed form under x ~ N(0, I))
 * @param excessRisk       populationMse − σ_F²
 * @param subspaceDistance ‖(I − U*U*ᵀ)U‖_F of the final billboard U, or null without a U
 * @param rounds           U-step rounds executed
 * @param epochs           passes over the users
 * @param zcdpRho          total ρ the calibration grants each user, or null when non-private
 * @param maxLedgerRho     the largest per-user spend recorded by the ledger, or null when non-private
 * @param noise            noise parameters used, or null when non-private
 * @param roundLog         one record per release round
 * @param heldOutExcessRisk mean ‖U v − θ*‖² of the held-out users per n_pers ({@link HeldOutUsers}), or null
 * @param testError        held-out test errors on a real data set, or null (synthetic data; then the first two
 *                         fields use the ground truth; on a data set they are meaningless and not reported)
 * @param releases         the run's privacy-charged releases ({@link ReleaseLog#NONE} when non-private)
 * @param score            a private selection candidate's released score (the noisy mean of its users' clipped
 *                         validation losses; lower is better), or null for a run that is not a candidate
 */
public record RunOutcome(
        double populationMse,
        double excessRisk,
        Double subspaceDistance,
        int rounds,
        int epochs,
        Double zcdpRho,
        Double maxLedgerRho,
        NoiseParameters noise,
        List<RoundRecord> roundLog,
        List<Double> heldOutExcessRisk,
        TestError testError,
        ReleaseLog releases,
        Double score) {

    /** The outcome of a run that is not a private selection's candidate. */
    public RunOutcome(double populationMse, double excessRisk, Double subspaceDistance, int rounds, int epochs,
                      Double zcdpRho, Double maxLedgerRho, NoiseParameters noise, List<RoundRecord> roundLog,
                      List<Double> heldOutExcessRisk, TestError testError, ReleaseLog releases) {
        this(populationMse, excessRisk, subspaceDistance, rounds, epochs, zcdpRho, maxLedgerRho, noise, roundLog,
                heldOutExcessRisk, testError, releases, null);
    }

    public RunOutcome {
        roundLog = List.copyOf(roundLog);
        heldOutExcessRisk = heldOutExcessRisk == null ? null : List.copyOf(heldOutExcessRisk);
    }
}
