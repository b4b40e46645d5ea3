package org.privsim.core.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.Selection;
import org.privsim.core.sim.RunOutcome;

/**
 * Turns the outcomes of a scenario's runs (in the low-rank family's plan order) into report rows: one
 * row per experiment and ε, in experiment then ε order. Each epoch count's outcomes are averaged
 * over the repeats (mean, and standard error = sample standard deviation / √repeats, in repeat
 * order); among several epoch counts the lowest mean population MSE wins (ties: the smaller
 * count), as in Jain et al.'s Fig. 2, and every candidate is listed. Choosing by population MSE
 * uses the ground truth — a simulation convenience, not a private selection. On a data set there is
 * no ground truth: rows carry the held-out test errors instead (population MSE and excess risk
 * null), and several epoch counts are chosen between by test MSE — selection on the test rows,
 * equally a convenience (give one epoch count for an untouched test estimate). With {@code selection:
 * private} each repeat reports its candidate of the lowest released score (ties: the earlier candidate;
 * the score is part of the candidate's private output, never the ground truth or test rows), the rows'
 * accounted ε is the whole selection's ({@link PrivateSelection#epsilon} of the candidates' ρ), and
 * {@code epochs} is the first repeat's winner's.
 */
public final class ResultAssembler {
    private ResultAssembler() {}

    /**
     * The row of one experiment at one ε from its runs ({@code runs}, the cell's {@link RunPlan}s in
     * plan order) and their outcomes, index-aligned.
     */
    public static ExperimentResult cellRow(Scenario scenario, List<RunPlan> runs, List<RunOutcome> outcomes) {
        RunPlan first = runs.get(0);
        if (first.spec().selection() != null && first.epsilon() != null) {
            return selectedRow(scenario, runs, outcomes);
        }
        Map<Integer, List<RunOutcome>> byEpochs = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            byEpochs.computeIfAbsent(runs.get(i).epochs(), x -> new ArrayList<>()).add(outcomes.get(i));
        }
        return cellRow(scenario, runs.get(0), byEpochs);
    }

    /** The row of a private selection's cell: per repeat, the candidate of the lowest score. */
    private static ExperimentResult selectedRow(Scenario scenario, List<RunPlan> runs, List<RunOutcome> outcomes) {
        Map<Integer, RunOutcome> best = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            RunOutcome o = outcomes.get(i);
            best.merge(runs.get(i).repeat(), o, (held, next) -> next.score() < held.score() ? next : held);
        }
        RunPlan first = runs.get(0);
        return row(scenario.lowRankTask(first.spec()), scenario.datasetTask() != null, first.experiment(), first.spec(),
                first.epsilon(), List.copyOf(best.values()), List.of());
    }

    /** The row of a cell whose first run is {@code first}, from its outcomes by epoch count (plan order), each in repeat order. */
    private static ExperimentResult cellRow(Scenario scenario, RunPlan first, Map<Integer, List<RunOutcome>> byEpochs) {
        boolean dataset = scenario.datasetTask() != null;
        List<EpochCandidate> tried = new ArrayList<>();
        List<RunOutcome> best = null;
        double bestMse = Double.POSITIVE_INFINITY;
        for (List<RunOutcome> repeats : byEpochs.values()) {
            double mse = mean(repeats, dataset ? r -> r.testError().mse() : RunOutcome::populationMse);
            tried.add(new EpochCandidate(repeats.get(0).epochs(), mse));
            if (best == null || mse < bestMse) {
                best = repeats;
                bestMse = mse;
            }
        }
        return row(scenario.lowRankTask(first.spec()), dataset, first.experiment(), first.spec(), first.epsilon(), best, tried);
    }

    /**
     * The row of experiment {@code experiment} at {@code epsilon} from its repeats' outcomes (in
     * repeat order) on {@code task}; {@code dataset}: a real data set (test errors instead of the
     * ground truth). Accounting fields come from the outcomes' zCDP ρ and the spec's calibration
     * (null without them).
     */
    public static ExperimentResult row(LowRankRegressionTask task, boolean dataset, int experiment, ExperimentSpec spec,
                                       Double epsilon, List<RunOutcome> repeats) {
        return row(task, dataset, experiment, spec, epsilon, repeats, List.of());
    }

    private static ExperimentResult row(LowRankRegressionTask task, boolean dataset, int experiment, ExperimentSpec spec, Double epsilon,
                                        List<RunOutcome> repeats, List<EpochCandidate> tried) {
        boolean priv = spec.algorithm().isPrivate();
        RunOutcome o = repeats.get(0);
        Double rho = o.zcdpRho();
        PrivateSelection selection = epsilon == null ? null : spec.selection();
        Double maxLedger = null;
        for (RunOutcome r : repeats) {
            if (r.maxLedgerRho() != null) {
                maxLedger = maxLedger == null ? r.maxLedgerRho() : Math.max(maxLedger, r.maxLedgerRho());
            }
        }
        return new ExperimentResult(
                experiment,
                spec.algorithm().id(),
                epsilon,
                priv ? spec.delta() : null,
                priv && spec.calibration() != null && selection == null ? spec.calibration().id() : null,
                rho,
                rho == null ? null : selection != null ? selection.epsilon(rho, spec.delta())
                        : spec.calibration().epsilon(rho, spec.delta()),
                rho == null || selection != null ? null : Conversions.classicEpsilon(rho, spec.delta()),
                rho == null ? null : selection != null ? ExperimentResult.SELECTION_CONVERSION
                        : ExperimentResult.TIGHT_CONVERSION,
                null,
                null,
                null,
                repeats.size(),
                dataset ? null : mean(repeats, RunOutcome::populationMse),
                dataset ? null : standardError(repeats, RunOutcome::populationMse),
                dataset ? null : mean(repeats, RunOutcome::excessRisk),
                dataset ? null : standardError(repeats, RunOutcome::excessRisk),
                o.subspaceDistance() == null ? null : mean(repeats, RunOutcome::subspaceDistance),
                dataset ? mean(repeats, r -> r.testError().mse()) : null,
                dataset ? standardError(repeats, r -> r.testError().mse()) : null,
                dataset ? mean(repeats, r -> r.testError().mseSamples()) : null,
                dataset ? standardError(repeats, r -> r.testError().mseSamples()) : null,
                dataset ? mean(repeats, r -> r.testError().r2()) : null,
                dataset ? standardError(repeats, r -> r.testError().r2()) : null,
                spec.metalearning() == null ? null : spec.metalearning().heldOutUsers(),
                spec.metalearning() == null ? null : spec.metalearning().personalizationSamples(),
                heldOut(repeats, false),
                repeats.size() < 2 ? null : heldOut(repeats, true),
                task.users(),
                task.samplesPerUser(),
                task.dimension(),
                task.rank(),
                o.rounds(),
                o.epochs(),
                maxLedger,
                spec.participation() == null ? null : spec.participation().id(),
                spec.split() == null ? null : spec.split().id(),
                spec.clipModel(),
                spec.clipLabel(),
                spec.initBudgetFraction(),
                spec.uStep() == null ? null : spec.uStep().id(),
                spec.featureCovariance() == null ? null : spec.featureCovariance().id(),
                spec.clipFeature(),
                spec.featureBudgetFraction(),
                spec.roundBudgetSplit(),
                spec.clipMoment(),
                o.noise(),
                tried.size() > 1 ? tried : List.of(),
                o.roundLog(),
                repeats.stream().map(RunOutcome::releases).toList(),
                selection != null ? Selection.PRIVATE.id() : tried.size() > 1 ? Selection.ORACLE.id() : null,
                selection == null ? null : selection.mean(),
                selection == null ? null : selection.shape());
    }

    /** Per n_pers, the mean (or standard error) over repeats of the held-out excess risk; null without held-out users. */
    private static List<Double> heldOut(List<RunOutcome> repeats, boolean standardError) {
        if (repeats.get(0).heldOutExcessRisk() == null) {
            return null;
        }
        List<Double> out = new ArrayList<>();
        for (int c = 0; c < repeats.get(0).heldOutExcessRisk().size(); c++) {
            final int point = c;
            double[] values = values(repeats, r -> r.heldOutExcessRisk().get(point));
            out.add(standardError ? RepeatStatistics.standardError(values) : RepeatStatistics.mean(values));
        }
        return out;
    }

    /** Mean of a field over the repeats, summed in repeat order. */
    private static double mean(List<RunOutcome> repeats, ToDoubleFunction<RunOutcome> field) {
        return RepeatStatistics.mean(values(repeats, field));
    }

    /** Sample standard deviation over the repeats / √repeats; null for a single repeat. */
    private static Double standardError(List<RunOutcome> repeats, ToDoubleFunction<RunOutcome> field) {
        return repeats.size() < 2 ? null : RepeatStatistics.standardError(values(repeats, field));
    }

    private static double[] values(List<RunOutcome> repeats, ToDoubleFunction<RunOutcome> field) {
        return repeats.stream().mapToDouble(field).toArray();
    }
}
