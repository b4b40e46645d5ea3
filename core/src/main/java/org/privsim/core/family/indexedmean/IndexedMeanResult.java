package org.privsim.core.family.indexedmean;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.RepeatStatistics;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * One row of a report for an indexed-mean mechanism at one (ε, t). Field names are the report
 * schema (README, "Report schema").
 *
 * @param experiment       index of the experiment in the scenario
 * @param algorithm        mechanism id
 * @param epsilon          target ε, or null (nonprivate)
 * @param delta            target δ, or null
 * @param calibration      {@code paper} or {@code tight}, or null
 * @param zcdpRho          ρ of the mechanism under its own threat model, or null
 * @param accountedEpsilon tight (CKS 2020) conversion of zcdpRho at δ, or null
 * @param outputs          {@code billboard} (one public vector) or {@code separate} (one per person)
 * @param persons          t
 * @param dimension        d
 * @param samplesPerPerson n
 * @param indices          {@code distinct} or {@code random}
 * @param lossFunction     {@code squared} (task indexed-mean) or {@code sign} (task indexed-sign)
 * @param noiseVariance    σ² added to every released coordinate
 * @param repeats          independent runs averaged
 * @param loss             mean over repeats of the mean over persons of ¼(p̂_{j_i} − p_{j_i})², or of
 *                         |p_{j_i}|·1[sign(p̂_{j_i}) ≠ sign(p_{j_i})] for the sign loss
 * @param lossStdErr       standard error of {@code loss} (sample standard deviation over repeats / √repeats)
 * @param lossClosedForm   mean over repeats of the exact expected loss given p, averaged over persons
 *                         ({@link org.privsim.core.family.indexedmean.IndexedMeanLoss#expected})
 * @param releases         each repeat's release ({@link IndexedMeanMechanism#releaseLog}), by repeat
 */
@JsonPropertyOrder({"experiment", "algorithm", "epsilon", "delta", "calibration", "zcdpRho", "accountedEpsilon",
    "outputs", "persons", "dimension", "samplesPerPerson", "indices", "lossFunction", "noiseVariance", "repeats", "loss",
    "lossStdErr", "lossClosedForm", "releases"})
public record IndexedMeanResult(
        int experiment,
        String algorithm,
        Double epsilon,
        Double delta,
        String calibration,
        Double zcdpRho,
        Double accountedEpsilon,
        String outputs,
        int persons,
        int dimension,
        int samplesPerPerson,
        String indices,
        String lossFunction,
        double noiseVariance,
        int repeats,
        double loss,
        double lossStdErr,
        double lossClosedForm,
        List<ReleaseLog> releases) implements ExperimentRow {

    /**
     * The row of {@code cell} from its per-repeat losses and closed forms (index = repeat), averaged
     * in repeat order.
     */
    public static IndexedMeanResult of(IndexedMeanRunPlan cell, double[] losses, double[] closedForms) {
        int repeats = losses.length;
        double mean = RepeatStatistics.mean(losses);
        double closed = RepeatStatistics.mean(closedForms);
        double stdErr = RepeatStatistics.standardError(losses);
        Double rho = cell.rho();
        IndexedMeanTask task = cell.task();
        List<ReleaseLog> logs = new ArrayList<>(repeats);
        for (int r = 0; r < repeats; r++) {
            logs.add(cell.mechanism().releaseLog(r));
        }
        return new IndexedMeanResult(cell.experiment(), cell.spec().algorithm().id(), cell.epsilon(),
                cell.spec().delta(), cell.spec().calibration() == null ? null : cell.spec().calibration().id(),
                rho, rho == null ? null : cell.spec().calibration().epsilon(rho, cell.spec().delta()),
                cell.mechanism().publishesBillboard() ? "billboard" : "separate",
                task.persons(), task.dimension(), task.samplesPerPerson(), task.indices().id(), task.loss().id(),
                cell.mechanism().claimedVariance(), repeats, mean, stdErr, closed, logs);
    }
}
