package org.privsim.core.family.transfer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.List;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.RepeatStatistics;
import org.privsim.core.scenario.TransferSettings;

/**
 * One row of a report for a transfer algorithm at one (representation, n₁, ε, n₂): the ℓ2
 * parameter error averaged over repeats. Field names are the report schema (README, "Report schema").
 *
 * @param experiment           index of the experiment in the scenario
 * @param algorithm            algorithm id
 * @param representation       {@code none}, {@code public}, {@code true} or {@code private-altmin} (null for zero-shot)
 * @param representationEpsilon ε of the private-altmin representation's Priv-AltMin run, else null
 * @param publicSamples        n₁ of the estimate (null unless the representation is public or private-altmin)
 * @param subspaceEstimator    {@code moments} or {@code pairs} (null unless the representation is public)
 * @param privateSamples       n₂
 * @param epsilon              target ε, or null (non-private)
 * @param delta                δ, or null
 * @param accountedEpsilon     ε the mechanism spends at δ: by the experiment's accountant for dp-sgd (the PLD ε,
 *                             or the tight conversion of the composed sampled-Gaussian RDP curve), by the tight
 *                             conversion of ρ for sufficient-statistics; null if non-private
 * @param accountant           dp-sgd's accountant ({@code pld} or {@code rdp}), else null
 * @param rdpEpsilon           dp-sgd's ε by the tight conversion of the composed RDP curve, whatever the
 *                             accountant (equal to accountedEpsilon under rdp), else null
 * @param classicEpsilon       the classic conversion (Mironov 2017 of the RDP curve for dp-sgd, Bun–Steinke of ρ)
 * @param zcdpRho              total ρ (sufficient-statistics), or null
 * @param maxLedgerEpsilon     the largest ε any run's ledger recorded, or null
 * @param noiseMultiplier      σ of dp-sgd (noise std / clip), or null
 * @param samplingRate         q of dp-sgd, or null
 * @param steps                dp-sgd steps, or null
 * @param clipGradient         C of dp-sgd, or null
 * @param learningRate         η of dp-sgd, or null
 * @param averageIterates      whether dp-sgd output its tail-averaged iterate, or null
 * @param clipFeature          τ of sufficient-statistics, or null
 * @param clipLabel            ζ of sufficient-statistics, or null
 * @param dimension            d
 * @param rank                 k
 * @param publicTasks          t
 * @param subspaceShift        γ of the task
 * @param featureDimension     p, the dimension learned in (k with a representation, d without)
 * @param repeats              independent runs (B, tasks, rows and noise) averaged
 * @param parameterError       mean over repeats of ‖ŵ − w*‖₂
 * @param parameterErrorStdErr its standard error over repeats (null with one repeat)
 * @param excessRisk           mean of ½‖ŵ − w*‖², the excess population risk L(ŵ) − L(w*) for x ~ N(0, I)
 * @param subspaceError        mean sin θ(B̂, B') of the representation to the private subspace (null without one)
 * @param rateBound            √(p/n₂ + p² ln(1/δ)/(ε² n₂²) + γ̂²) with γ̂ = subspaceError: the square root of the
 *                             Thm 5.4 (Thm 5.3 for p = d) risk rate up to constants, in parameter-error units
 * @param releases             each repeat's releases, by repeat
 */
@JsonPropertyOrder({"experiment", "algorithm", "representation", "representationEpsilon", "publicSamples", "subspaceEstimator", "privateSamples", "epsilon",
    "delta", "accountedEpsilon", "accountant", "rdpEpsilon", "classicEpsilon", "zcdpRho", "maxLedgerEpsilon", "noiseMultiplier",
    "samplingRate", "steps", "clipGradient", "learningRate", "averageIterates", "clipFeature", "clipLabel",
    "dimension", "rank",
    "publicTasks", "subspaceShift", "featureDimension", "repeats", "parameterError", "parameterErrorStdErr",
    "excessRisk", "subspaceError", "rateBound", "releases"})
public record TransferResult(
        int experiment,
        String algorithm,
        String representation,
        Double representationEpsilon,
        Integer publicSamples,
        String subspaceEstimator,
        int privateSamples,
        Double epsilon,
        Double delta,
        Double accountedEpsilon,
        String accountant,
        Double rdpEpsilon,
        Double classicEpsilon,
        Double zcdpRho,
        Double maxLedgerEpsilon,
        Double noiseMultiplier,
        Double samplingRate,
        Integer steps,
        Double clipGradient,
        Double learningRate,
        Boolean averageIterates,
        Double clipFeature,
        Double clipLabel,
        int dimension,
        int rank,
        int publicTasks,
        double subspaceShift,
        int featureDimension,
        int repeats,
        double parameterError,
        Double parameterErrorStdErr,
        double excessRisk,
        Double subspaceError,
        double rateBound,
        List<ReleaseLog> releases) implements ExperimentRow {

    /** The row of {@code cell} from its outcomes by repeat. */
    public static TransferResult of(TransferRunPlan cell, TransferOutcome[] outcomes) {
        int n = outcomes.length;
        double[] errors = new double[n];
        double[] risks = new double[n];
        double[] angles = new double[n];
        boolean hasAngle = outcomes[0].subspaceError() != null;
        Double ledger = null;
        for (int r = 0; r < n; r++) {
            errors[r] = outcomes[r].parameterError();
            risks[r] = errors[r] * errors[r] / 2;
            angles[r] = hasAngle ? outcomes[r].subspaceError() : 0;
            Double spent = outcomes[r].spentEpsilon();
            if (spent != null && (ledger == null || spent > ledger)) {
                ledger = spent;
            }
        }
        TransferSettings s = cell.settings();
        Double accounted = null;
        Double rdp = null;
        Double classic = null;
        Double rho = cell.statisticsRho();
        SampledGaussianRdp.Epsilon account = cell.account();
        if (account != null) {
            accounted = cell.accountedEpsilon();
            rdp = account.tightEpsilon();
            classic = account.classicEpsilon();
        } else if (rho != null) {
            accounted = cell.spec().calibration().epsilon(rho, cell.delta());
            classic = Conversions.classicEpsilon(rho, cell.delta());
        }
        int p = cell.featureDimension();
        double angle = hasAngle ? RepeatStatistics.mean(angles) : 0;
        double n2 = cell.privateSamples();
        double rate = p / n2 + angle * angle;
        if (cell.epsilon() != null) {
            rate += (double) p * p * -Math.log(cell.delta()) / (cell.epsilon() * cell.epsilon() * n2 * n2);
        }
        return new TransferResult(cell.experiment(), cell.algorithm().id(),
                cell.representation() == null ? null : cell.representation().id(), s.representationEpsilon(),
                cell.publicSamples(),
                s.subspaceEstimator() == null ? null : s.subspaceEstimator().id(),
                cell.privateSamples(), cell.epsilon(), cell.delta(), accounted,
                cell.sgd() == null ? null : cell.sgd().accountant().id(), rdp, classic, rho, ledger,
                cell.noiseMultiplier(), s.samplingRate(), s.steps(), s.clipGradient(), s.learningRate(),
                s.averageIterates(),
                s.clipFeature(), s.clipLabel(), cell.task().dimension(), cell.task().rank(),
                cell.task().publicTasks(), cell.task().subspaceShift(), p, n, RepeatStatistics.mean(errors),
                n < 2 ? null : RepeatStatistics.standardError(errors), RepeatStatistics.mean(risks),
                hasAngle ? angle : null, Math.sqrt(rate),
                Arrays.stream(outcomes).map(TransferOutcome::releaseLog).toList());
    }
}
