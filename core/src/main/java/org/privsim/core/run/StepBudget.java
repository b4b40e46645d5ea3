package org.privsim.core.run;

import java.util.List;
import org.privsim.core.sim.UserTask;

/**
 * Counts the collection steps a run takes at most (init + rounds + evaluation), for progress
 * reporting only; runs that stop early (converged non-private runs) simply jump ahead.
 */
final class StepBudget {
    private StepBudget() {}

    static long of(RunPlan run) {
        return switch (run.spec().algorithm()) {
            case OWN_DATA -> 1;
            case SINGLE_MODEL_DP -> 2;
            case PRIV_ALTMIN, NON_PRIVATE_ALTMIN -> 2L + (run.spec().rounds() != null ? run.spec().rounds() : run.epochs());
        };
    }

    static long total(List<RunPlan> runs) {
        return runs.stream().mapToLong(StepBudget::of).sum();
    }

    static String describe(UserTask task) {
        if (task instanceof UserTask.Round r) {
            return "round " + r.round();
        }
        return task instanceof UserTask.Init ? "init" : "evaluate";
    }
}
