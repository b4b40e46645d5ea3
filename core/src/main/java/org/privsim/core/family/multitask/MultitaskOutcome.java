package org.privsim.core.family.multitask;

import org.privsim.core.privacy.ReleaseLog;

/**
 * The result of one run (one λ, one repeat) of a multi-task cell.
 *
 * @param validationNmse mean over tasks (id order) of the validation nMSE
 * @param nmse           mean over tasks (id order) of the test nMSE
 * @param ledgerEpsilon  the ledger's largest per-task composition bound, or null when non-private
 * @param inputModels    the clipped W̃⁽⁰⁾ the curator received, by task (null unless it was asked for)
 * @param outputModels   the scored final models, by task (null unless asked for)
 * @param releases       the run's privacy-charged releases ({@link ReleaseLog#NONE} when non-private)
 * @param score          a private selection candidate's released score (noisy mean clipped validation nMSE;
 *                       lower is better), or null
 */
public record MultitaskOutcome(double validationNmse, double nmse, Double ledgerEpsilon, double[][] inputModels,
        double[][] outputModels, ReleaseLog releases, Double score) {

    /** The outcome of a run that is not a private selection's candidate. */
    public MultitaskOutcome(double validationNmse, double nmse, Double ledgerEpsilon, double[][] inputModels,
                            double[][] outputModels, ReleaseLog releases) {
        this(validationNmse, nmse, ledgerEpsilon, inputModels, outputModels, releases, null);
    }
}
