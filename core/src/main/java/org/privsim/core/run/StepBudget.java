package org.privsim.core.run;

import java.util.List;
import org.privsim.core.sim.UserTask;

/**
 * Counts the collection steps a run takes at most (init + rounds + evaluation), for progress
 * reporting only; runs that stop early (converged non-private runs) simply jump ahead. Shared by
 * every runner so their progress output agrees.
 */
public final class StepBudget {
    private StepBudget() {}

    /** Collection steps of one run, at most. */
    public static long of(RunPlan run) {
        return switch (run.spec().algorithm()) {
            case OWN_DATA -> 1;
            case SINGLE_MODEL_DP -> 2;
            case PRIV_ALTMIN, NON_PRIVATE_ALTMIN -> 2L + (run.spec().rounds() != null ? run.spec().rounds() : run.epochs());
            default -> throw new IllegalStateException(run.spec().algorithm().id() + " is not a driver run");
        };
    }

    /** Collection steps of all runs, at most. */
    public static long total(List<RunPlan> runs) {
        return runs.stream().mapToLong(StepBudget::of).sum();
    }

    /** A short label of a task for progress output: {@code init}, {@code round t} or {@code evaluate}. */
    public static String describe(UserTask task) {
        if (task instanceof UserTask.Round r) {
            return "round " + r.round();
        }
        return task instanceof UserTask.Init ? "init" : "evaluate";
    }
}
