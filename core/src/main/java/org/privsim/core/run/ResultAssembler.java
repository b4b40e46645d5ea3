package org.privsim.core.run;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.sim.RunOutcome;

/**
 * Turns the outcomes of a scenario's runs (in {@link ScenarioPlan} order) into report rows: one
 * row per experiment and ε; among several epoch counts the lowest population MSE wins (ties: the
 * smaller count), as in Jain et al.'s Fig. 2, and every candidate is listed. Choosing by
 * population MSE uses the ground truth — a simulation convenience, not a private selection.
 */
public final class ResultAssembler {
    private ResultAssembler() {}

    /** Report rows for runs and their outcomes, index-aligned. */
    public static List<ExperimentResult> assemble(Scenario scenario, List<RunPlan> runs, List<RunOutcome> outcomes) {
        List<ExperimentResult> rows = new ArrayList<>();
        int i = 0;
        while (i < runs.size()) {
            RunPlan first = runs.get(i);
            List<EpochCandidate> tried = new ArrayList<>();
            int best = i;
            int j = i;
            while (j < runs.size() && runs.get(j).experiment() == first.experiment()
                    && runs.get(j).epsilonIndex() == first.epsilonIndex()) {
                RunOutcome o = outcomes.get(j);
                tried.add(new EpochCandidate(o.epochs(), o.populationMse()));
                if (o.populationMse() < outcomes.get(best).populationMse()) {
                    best = j;
                }
                j++;
            }
            rows.add(row(scenario.lowRankTask(), first.experiment(), first.spec(), first.epsilon(), outcomes.get(best), tried));
            i = j;
        }
        return rows;
    }

    private static ExperimentResult row(LowRankRegressionTask task, int experiment, ExperimentSpec spec, Double epsilon,
                                        RunOutcome o, List<EpochCandidate> tried) {
        boolean priv = spec.algorithm().isPrivate();
        Double rho = o.zcdpRho();
        return new ExperimentResult(
                experiment,
                spec.algorithm().id(),
                epsilon,
                priv ? spec.delta() : null,
                priv ? spec.calibration().id() : null,
                rho,
                rho == null ? null : Conversions.tightEpsilon(rho, spec.delta()),
                rho == null ? null : Conversions.classicEpsilon(rho, spec.delta()),
                rho == null ? null : ExperimentResult.TIGHT_CONVERSION,
                o.populationMse(),
                o.excessRisk(),
                o.subspaceDistance(),
                task.users(),
                task.samplesPerUser(),
                task.dimension(),
                task.rank(),
                o.rounds(),
                o.epochs(),
                o.maxLedgerRho(),
                spec.participation() == null ? null : spec.participation().id(),
                spec.split() == null ? null : spec.split().id(),
                spec.clipModel(),
                spec.clipLabel(),
                spec.initBudgetFraction(),
                o.noise(),
                tried.size() > 1 ? tried : List.of(),
                o.roundLog());
    }
}
