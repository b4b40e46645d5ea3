package org.privsim.core.run;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.sim.RunKey;

/**
 * The ordered list of algorithm runs a scenario asks for: experiments in order; within a private
 * experiment each ε in order; within that each candidate epoch count in order. Every runner
 * executes exactly this list, so their reports line up row by row. Indexed-mean experiments are
 * not driver runs; they are planned by {@code IndexedMeanPlan}.
 */
public final class ScenarioPlan {
    private ScenarioPlan() {}

    /** All runs of a scenario. */
    public static List<RunPlan> runs(Scenario scenario) {
        List<RunPlan> runs = new ArrayList<>();
        List<ExperimentSpec> experiments = scenario.experiments();
        for (int e = 0; e < experiments.size(); e++) {
            ExperimentSpec spec = experiments.get(e);
            if (spec.algorithm().isIndexedMean()) {
                continue;
            }
            List<Double> eps = spec.epsilons() == null ? java.util.Collections.singletonList(null) : spec.epsilons();
            List<Integer> epochs = spec.epochs() == null ? List.of(0) : spec.epochs();
            for (int i = 0; i < eps.size(); i++) {
                for (int ep : epochs) {
                    runs.add(new RunPlan(e, spec, eps.get(i), i, ep, new RunKey(scenario.seed(), e, i, ep)));
                }
            }
        }
        return runs;
    }
}
