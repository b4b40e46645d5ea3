package org.privsim.core.family;

import org.privsim.core.audit.AuditSpec;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;

/**
 * The work a scenario asks for, counted in {@link WorkUnit}s from the scenario alone (it walks the
 * experiments and audits, never their runs): each experiment by the module whose families run it
 * ({@link FamilyModule#addWork}), each audit by the module that plays it
 * ({@link FamilyModule#addAuditWork}), and what they share here — the process, and the low-rank
 * population the low-rank and federated experiments' repeats draw.
 *
 * <p>Guarantee: the counts are a pure function of the scenario; every unit's cost is the one fitted
 * to the bundled scenarios' measured CPU times (bench/RESULTS.md, "Run-time model").
 */
final class ScenarioWork {
    private ScenarioWork() {}

    /** The work of {@code scenario}'s experiments and audits. */
    static Work of(Scenario scenario) {
        Work w = new Work();
        w.add(WorkUnit.START, 1);
        int populationRepeats = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            if (scenario.hasLowRankExperiments()) {
                populationRepeats = Math.max(populationRepeats, spec.repeats() == null ? 1 : spec.repeats());
            }
            Families.running(scenario, spec).ifPresent(module -> module.addWork(scenario, spec, w));
        }
        if (populationRepeats > 0) {
            LowRankRegressionTask shape = scenario.lowRankTask();
            w.add(WorkUnit.LOW_RANK_OP, (double) populationRepeats * shape.users() * shape.samplesPerUser()
                    * shape.dimension());
        }
        for (AuditSpec audit : scenario.audits()) {
            Families.auditing(audit).addAuditWork(audit, w);
        }
        return w;
    }
}
