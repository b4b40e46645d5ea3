package org.privsim.core.family.lowrank;

import org.ejml.data.DMatrixRMaj;
import org.privsim.core.run.RunPlan;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.sim.AltMinDriver;
import org.privsim.core.sim.AltMinSettings;
import org.privsim.core.sim.Driver;
import org.privsim.core.sim.OwnDataDriver;
import org.privsim.core.sim.SingleModelDriver;

/**
 * The curator logic of each low-rank algorithm's run. Guarantee: a fresh driver per call, a pure
 * function of the run plan, the task and U*.
 */
final class LowRankDrivers {

    private LowRankDrivers() {}

    /**
     * A fresh driver for {@code plan} on {@code task} (the scenario's {@code lowRankTask(spec)});
     * {@code uStar} is the U* of the plan's population, or null on a data set.
     *
     * @throws IllegalStateException when the plan's algorithm is not one of this family's drivers
     */
    static Driver newDriver(RunPlan plan, LowRankRegressionTask task, DMatrixRMaj uStar) {
        return switch (plan.spec().algorithm()) {
            case PRIV_ALTMIN -> new AltMinDriver(task, AltMinSettings.privateRun(task, plan.spec(), plan.epsilon(),
                    plan.epochs(), plan.key()), plan.key(), uStar, plan.spec().metalearning());
            case NON_PRIVATE_ALTMIN -> new AltMinDriver(task, AltMinSettings.nonPrivate(task, plan.spec(), plan.epochs(),
                    plan.key()), plan.key(), uStar, plan.spec().metalearning());
            case SINGLE_MODEL_DP -> new SingleModelDriver(task, plan.spec(), plan.epsilon(), plan.key());
            case OWN_DATA -> new OwnDataDriver(task, plan.spec(), plan.key());
            default -> throw new IllegalStateException(plan.spec().algorithm().id() + " does not run on a low-rank task");
        };
    }
}
