package org.privsim.core.family.multitask;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.privsim.core.privacy.CompositionBound;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.RepeatStatistics;
import org.privsim.core.scenario.MultitaskSettings;
import org.privsim.core.scenario.Selection;

/**
 * One row of a report for a multi-task algorithm at one ε: the candidate (λ, covariance shift) with the lowest mean
 * validation nMSE, its test nMSE averaged over repeats. Field names are the report schema (README,
 * "Report schema").
 *
 * @param experiment        index of the experiment in the scenario
 * @param algorithm         algorithm id
 * @param epsilon           target ε, or null (non-private)
 * @param delta             δ of the composition bound, or null
 * @param accountedEpsilon  Wishart releases: the composition bound CB({ε_t}, δ) (Liang et al. eq. 6);
 *                          Gaussian releases: the tight conversion of Σ ρ_t at δ (= zcdpEpsilon); or null
 * @param basicEpsilon      Σ ε_t (basic composition) of pure releases, or null
 * @param zcdpRho           zCDP of the releases: Σ ε_t²/2 for pure ones (pure ε-DP is ε²/2-zCDP), Σ ρ_t
 *                          for Gaussian ones; or null
 * @param zcdpEpsilon       tight (CKS 2020) conversion of zcdpRho at δ (null when δ = 0 or non-private)
 * @param maxLedgerEpsilon  the ledger's largest per-task bound over all runs (KOV, or the tight
 *                          conversion of the zCDP ledger), or null
 * @param covarianceNoise   MP-MTL: {@code wishart} or {@code gaussian}; else null
 * @param calibration       Gaussian releases: how (ε, δ) became ρ; else null
 * @param allocation        how ε (Wishart) or ρ (Gaussian) was split over the releases, or null
 * @param releaseEpsilons   ε_t of every pure release, or null
 * @param releaseRhos       ρ_t of every Gaussian release, or null
 * @param tasks             m
 * @param samplesPerTask    n
 * @param dimension         d
 * @param structure         {@code low-rank} or {@code group-sparse}
 * @param iterations        T, or null
 * @param stepSize          η, or null
 * @param lambda            the reported λ, or null
 * @param covarianceShift   the reported Gaussian release's diagonal shift factor, or null
 * @param clipModel         K, or null
 * @param acceleration      whether β_t = (t − 1)/(t + 2), or null
 * @param ridge             μ of every task's loss
 * @param initialModels     W⁽⁰⁾, or null
 * @param repeats           independent runs (data and noise) averaged
 * @param nmse              mean over repeats of the mean over tasks of test MSE / variance of the test targets
 * @param nmseStdErr        standard error of nmse over repeats (null with one repeat)
 * @param validationNmse    the same on the validation rows (what chose λ)
 * @param lambdasTried      every candidate (λ, covariance shift) with its mean validation and test nMSE
 *                          (null without λ)
 * @param models            W⁽⁰⁾ and the output Ŵ of the first repeat (null unless exportModels)
 * @param releases          every run's releases, candidate by candidate, repeats in order within each (with a
 *                          private selection: each repeat's winner's)
 * @param selection         how the reported candidate was chosen among several: {@code oracle} (lowest mean
 *                          validation nMSE, outside the accounting) or {@code private} (accounted); null when
 *                          there was one
 * @param selectionMean     the private selection's mean number of candidates, or null
 * @param selectionShape    the private selection's shape η, or null
 */
@JsonPropertyOrder({"experiment", "algorithm", "epsilon", "delta", "accountedEpsilon", "basicEpsilon", "zcdpRho",
    "zcdpEpsilon", "maxLedgerEpsilon", "covarianceNoise", "calibration", "allocation", "releaseEpsilons",
    "releaseRhos", "tasks", "samplesPerTask", "dimension",
    "structure", "iterations", "stepSize", "lambda", "covarianceShift", "clipModel", "acceleration", "ridge", "initialModels",
    "repeats", "nmse", "nmseStdErr", "validationNmse", "lambdasTried", "models", "releases", "selection",
    "selectionMean", "selectionShape"})
public record MultitaskResult(
        int experiment,
        String algorithm,
        Double epsilon,
        Double delta,
        Double accountedEpsilon,
        Double basicEpsilon,
        Double zcdpRho,
        Double zcdpEpsilon,
        Double maxLedgerEpsilon,
        String covarianceNoise,
        String calibration,
        String allocation,
        List<Double> releaseEpsilons,
        List<Double> releaseRhos,
        int tasks,
        int samplesPerTask,
        int dimension,
        String structure,
        Integer iterations,
        Double stepSize,
        Double lambda,
        Double covarianceShift,
        Double clipModel,
        Boolean acceleration,
        double ridge,
        String initialModels,
        int repeats,
        double nmse,
        Double nmseStdErr,
        double validationNmse,
        List<LambdaCandidate> lambdasTried,
        ModelMatrices models,
        List<ReleaseLog> releases,
        String selection,
        Double selectionMean,
        Double selectionShape) implements ExperimentRow {

    @JsonIgnore
    @Override
    public PrivateSelection privateSelection() {
        return selectionMean == null ? null : new PrivateSelection(selectionMean, selectionShape);
    }

    /**
     * One tuning candidate.
     *
     * @param lambda          λ
     * @param covarianceShift the Gaussian release's diagonal shift factor, or null
     * @param validationNmse  mean over repeats of the validation nMSE
     * @param nmse            mean over repeats of the test nMSE
     */
    public record LambdaCandidate(double lambda, Double covarianceShift, double validationNmse, double nmse) {}

    /**
     * Model matrices, one row per task (w_i ∈ R^d), for the leakage example.
     *
     * @param input  W⁽⁰⁾ as the curator received it (clipped)
     * @param output the final models the tasks scored
     */
    public record ModelMatrices(List<List<Double>> input, List<List<Double>> output) {}

    /** The row of {@code cell} from its outcomes, {@code outcomes[λ index][repeat]}. */
    public static MultitaskResult of(MultitaskRunPlan cell, MultitaskOutcome[][] outcomes) {
        MultitaskSettings settings = cell.spec().settings(MultitaskSettings.class);
        boolean hasLambda = settings.lambdas() != null;
        int best = 0;
        double[] validation = new double[outcomes.length];
        double[] test = new double[outcomes.length];
        List<LambdaCandidate> tried = new ArrayList<>();
        for (int l = 0; l < outcomes.length; l++) {
            validation[l] = RepeatStatistics.mean(field(outcomes[l], true));
            test[l] = RepeatStatistics.mean(field(outcomes[l], false));
            Candidate candidate = cell.candidates().get(l);
            tried.add(new LambdaCandidate(candidate.lambda(), candidate.covarianceShift(), validation[l], test[l]));
            if (validation[l] < validation[best]) {
                best = l;
            }
        }
        return row(cell, outcomes[best], cell.candidates().get(best), validation[best], hasLambda ? tried : null,
                Arrays.stream(outcomes).flatMap(Arrays::stream).toList(),
                cell.candidates().size() > 1 ? Selection.ORACLE.id() : null);
    }

    /**
     * The row of a private selection's cell from its outcomes in {@link MultitaskRunPlan#picks} order: each
     * repeat's candidate of the lowest released score (ties: the earlier draw); λ and the covariance shift
     * are the first repeat's winner's, validationNmse the winners' mean; the releases are the winners'.
     */
    public static MultitaskResult selected(MultitaskRunPlan cell, List<MultitaskOutcome> outcomes) {
        List<MultitaskRunPlan.Pick> picks = cell.picks();
        Map<Integer, Integer> best = new LinkedHashMap<>();
        for (int i = 0; i < picks.size(); i++) {
            final int run = i;
            best.merge(picks.get(i).repeat(), i,
                    (held, next) -> outcomes.get(run).score() < outcomes.get(held).score() ? next : held);
        }
        MultitaskOutcome[] chosen = best.values().stream().map(outcomes::get).toArray(MultitaskOutcome[]::new);
        Candidate first = cell.candidates().get(picks.get(best.values().iterator().next()).candidate());
        return row(cell, chosen, first, RepeatStatistics.mean(field(chosen, true)), null, List.of(chosen),
                Selection.PRIVATE.id());
    }

    /**
     * The row reporting {@code chosen} (one outcome per repeat) of candidate {@code candidate}; the ledger's
     * largest bound over {@code all}; {@code selection} as the row states it.
     */
    private static MultitaskResult row(MultitaskRunPlan cell, MultitaskOutcome[] chosen, Candidate candidate,
                                       double validation, List<LambdaCandidate> tried, List<MultitaskOutcome> all,
                                       String selection) {
        MultitaskSettings settings = cell.spec().settings(MultitaskSettings.class);
        boolean hasLambda = settings.lambdas() != null;
        double[] nmses = field(chosen, false);
        Double ledger = null;
        for (MultitaskOutcome o : all) {
            if (o.ledgerEpsilon() != null && (ledger == null || o.ledgerEpsilon() > ledger)) {
                ledger = o.ledgerEpsilon();
            }
        }
        PrivateSelection privateSelection = cell.selection();
        boolean isPrivate = cell.epsilon() != null;
        boolean gaussian = isPrivate && cell.gaussianNoise();
        double[] eps = cell.releaseEpsilons();
        double rho = privateSelection != null ? cell.totalRho() : cell.releasedRho();
        for (double e : eps) {
            rho += e * e / 2;
        }
        Double delta = cell.spec().delta();
        String noise = settings.covarianceNoise() == null ? null : settings.covarianceNoise().id();
        return new MultitaskResult(cell.experiment(), cell.algorithm().id(), cell.epsilon(), delta,
                cell.accountedEpsilon(), isPrivate && !gaussian ? CompositionBound.basic(eps) : null,
                isPrivate ? rho : null,
                isPrivate && delta != null && delta > 0 ? Conversions.tightEpsilon(rho, delta) : null, ledger,
                noise, gaussian && privateSelection == null ? cell.spec().calibration().id() : null,
                settings.allocation() == null ? null : settings.allocation().id(),
                isPrivate && !gaussian ? boxed(eps) : null, gaussian ? boxed(cell.releaseRhos()) : null,
                cell.task().tasks(), cell.task().samplesPerTask(), cell.task().dimension(),
                cell.task().structure().id(), settings.iterations(), settings.stepSize(),
                hasLambda ? candidate.lambda() : null,
                candidate.covarianceShift(), cell.spec().clipModel(), settings.acceleration(),
                cell.spec().ridge(), settings.initialModels() == null ? null : settings.initialModels().id(),
                chosen.length, RepeatStatistics.mean(nmses),
                chosen.length < 2 ? null : RepeatStatistics.standardError(nmses), validation,
                tried, matrices(chosen[0]), all.stream().map(MultitaskOutcome::releases).toList(), selection,
                privateSelection == null ? null : privateSelection.mean(),
                privateSelection == null ? null : privateSelection.shape());
    }

    private static double[] field(MultitaskOutcome[] outcomes, boolean validation) {
        double[] v = new double[outcomes.length];
        for (int r = 0; r < outcomes.length; r++) {
            v[r] = validation ? outcomes[r].validationNmse() : outcomes[r].nmse();
        }
        return v;
    }

    private static List<Double> boxed(double[] values) {
        List<Double> list = new ArrayList<>();
        for (double v : values) {
            list.add(v);
        }
        return list;
    }

    private static ModelMatrices matrices(MultitaskOutcome outcome) {
        if (outcome.outputModels() == null) {
            return null;
        }
        return new ModelMatrices(rows(outcome.inputModels()), rows(outcome.outputModels()));
    }

    private static List<List<Double>> rows(double[][] models) {
        if (models == null) {
            return null;
        }
        List<List<Double>> rows = new ArrayList<>();
        for (double[] w : models) {
            rows.add(boxed(w));
        }
        return rows;
    }
}
