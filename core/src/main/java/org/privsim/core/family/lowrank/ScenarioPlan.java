package org.privsim.core.family.lowrank;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.run.RunPlan;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.sim.RunKey;

/**
 * The ordered list of algorithm runs a scenario asks for: repeats in order (repeat r runs only the
 * experiments with more than r repeats, on the population of the repeat's seed); within a repeat
 * experiments in order; within a private experiment each ε in order; within that each candidate
 * epoch count in order — or, with {@code selection: private}, the private selection's candidates in order:
 * K of them, K drawn from the stream (scenario seed, "selection", experiment, ε index, repeat) by
 * {@link org.privsim.core.privacy.PrivateSelection#count}, candidate c's epoch count drawn uniformly from
 * the list by the stream (scenario seed, "selection-candidate", experiment, ε index, repeat, c), and its
 * noise from its own streams ({@link RunKey}'s candidate). Repeat-major order means every runner holds one population at a time and
 * regenerates users' data only when the repeat changes. Every runner executes exactly this list,
 * so their reports line up row by row. {@link LowRankFamily} groups these runs into its cells
 * (one per experiment and ε); the other families plan their own runs.
 */
public final class ScenarioPlan {
    private ScenarioPlan() {}

    /** All runs of a scenario. */
    public static List<RunPlan> runs(Scenario scenario) {
        List<RunPlan> runs = new ArrayList<>();
        if (scenario.task() instanceof RatingsTask) {
            return runs; // every experiment on a ratings task runs in RatingsFamily
        }
        List<ExperimentSpec> experiments = scenario.experiments();
        int repeats = experiments.stream().filter(e -> isDriverRun(e.algorithm()))
                .mapToInt(ExperimentSpec::repeats).max().orElse(0);
        for (int r = 0; r < repeats; r++) {
            long seed = RunKey.repeatSeed(scenario.seed(), r);
            for (int e = 0; e < experiments.size(); e++) {
                ExperimentSpec spec = experiments.get(e);
                if (!isDriverRun(spec.algorithm()) || spec.repeats() <= r) {
                    continue;
                }
                List<Double> eps = spec.epsilons() == null ? Collections.singletonList(null) : spec.epsilons();
                List<Integer> epochs = spec.epochs() == null ? List.of(0) : spec.epochs();
                for (int i = 0; i < eps.size(); i++) {
                    if (spec.selection() != null && eps.get(i) != null) {
                        int count = spec.selection().count(RandomStreams.stream(scenario.seed(), "selection", e, i, r));
                        for (int c = 0; c < count; c++) {
                            int ep = epochs.get(RandomStreams.stream(scenario.seed(), "selection-candidate", e, i, r, c)
                                    .nextInt(epochs.size()));
                            runs.add(new RunPlan(e, spec, eps.get(i), i, ep, r, new RunKey(seed, e, i, ep, c)));
                        }
                        continue;
                    }
                    for (int ep : epochs) {
                        runs.add(new RunPlan(e, spec, eps.get(i), i, ep, r, new RunKey(seed, e, i, ep)));
                    }
                }
            }
        }
        return runs;
    }

    /** Whether {@code algorithm} runs as a low-rank driver run ({@link LowRankFamily}). */
    private static boolean isDriverRun(org.privsim.core.scenario.Algorithm algorithm) {
        return LowRankFamily.INSTANCE.runs(algorithm);
    }
}
