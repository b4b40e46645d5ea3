package org.privsim.core.module;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;

/**
 * The work a scenario asks for, as counts of {@link WorkUnit}s: each family module adds its
 * experiments' and audits' ({@link FamilyModule#addWork}, {@link FamilyModule#addAuditWork}), and the
 * run-time model reads the CPU seconds.
 *
 * <p>Guarantee: the counts are summed per unit in the order added, and {@link #cpuSeconds} is
 * Σ count·seconds over the units in declaration order, so the same additions give the same bits.
 */
public final class Work {
    private final double[] counts = new double[WorkUnit.values().length];
    private final Set<List<Object>> calibrations = new HashSet<>();

    /** An experiment's runs per setting besides ε: its ε values (1 when non-private) times its repeats. */
    public static double runs(ExperimentSpec spec) {
        int repeats = spec.repeats() == null ? 1 : spec.repeats();
        double eps = spec.epsilons() == null ? 1 : spec.epsilons().size();
        return eps * repeats;
    }

    /** Adds {@code count} units. */
    public void add(WorkUnit unit, double count) {
        counts[unit.ordinal()] += count;
    }

    /**
     * One noise calibration per distinct (rate, steps, δ, ε, σ, accountant) of the experiment's ε
     * (calibrations are memoized, so a repeated target costs nothing).
     */
    public void calibrations(ExperimentSpec spec, double rate, int steps, Double sigma, Object accountant) {
        if (spec.epsilons() == null) {
            return;
        }
        for (Double epsilon : spec.epsilons()) {
            if (calibrations.add(List.of(rate, steps, spec.delta(), epsilon, String.valueOf(sigma), accountant))) {
                add(WorkUnit.CALIBRATION, 1);
            }
        }
    }

    /** A regenerated population rebuilds a user's data set at each of its {@code visits}: m·(d + 1) draws each. */
    public void regenerated(LowRankRegressionTask task, double visits) {
        if (task.regenerated()) {
            add(WorkUnit.REGENERATED_DRAW, visits * task.samplesPerUser() * (task.dimension() + 1.0));
        }
    }

    /** The work's CPU seconds on one core of the measured machine. */
    public double cpuSeconds() {
        double sum = 0;
        for (WorkUnit unit : WorkUnit.values()) {
            sum += counts[unit.ordinal()] * unit.seconds();
        }
        return sum;
    }
}
