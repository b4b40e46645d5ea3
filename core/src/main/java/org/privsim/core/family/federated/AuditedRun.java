package org.privsim.core.family.federated;

import org.privsim.core.mechanism.Injection;
import org.privsim.core.mechanism.SgdCalibration;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;

/**
 * What every audit game of the federated algorithms plays: the family of the audited experiment, its
 * one cell at the experiment's ε on the audit's task (σ from {@link FederatedFamily#calibration}, the
 * one place a federated σ is calibrated), and the factor an injected fault puts on the noise actually
 * added — {@code noiseMultiplier}, times σ₁/σ under {@code ignoreComposition} (σ₁ calibrated as if one
 * round spent ε alone) — while the ledger keeps charging the calibrated σ.
 *
 * @param family   dp-fedavg's or dp-fedrep's family
 * @param cell     the audited cell
 * @param injected the factor on the noise added
 */
record AuditedRun(FederatedFamily family, FederatedFamily.Cell cell, double injected) {

    /** The audited run of {@code spec} (one ε) on {@code task} with fault {@code inject}. */
    static AuditedRun of(LowRankRegressionTask task, ExperimentSpec spec, Injection inject) {
        FederatedFamily family = spec.algorithm() == Algorithm.DP_FEDAVG ? FedAvgFamily.INSTANCE : FedRepFamily.INSTANCE;
        double epsilon = spec.epsilons().get(0);
        SgdCalibration calibration = FederatedFamily.calibration(spec, task.users(), epsilon);
        double factor = inject.noiseMultiplier();
        if (inject.ignoreComposition()) {
            factor *= calibration.alone(epsilon).noiseMultiplier() / calibration.noiseMultiplier();
        }
        return new AuditedRun(family, new FederatedFamily.Cell(0, spec, epsilon, 0, task, task, calibration), factor);
    }
}
