package org.privsim.core.family;

import java.util.Locale;
import org.privsim.core.scenario.Scenario;

/**
 * How long a scenario takes on this machine, before any work: the work its experiments and audits
 * ask for, counted per family from the scenario alone (a low-rank run: users × samples × d² per epoch
 * and the curator's (dk)³; an audit: its trials, each one run of the audited mechanism; …), times
 * CPU costs per unit of work measured on the project's 2-core machine ({@link ScenarioWork},
 * bench/RESULTS.md, "Run-time model"), plus a fixed start (JVM, actor system, report and plots). The
 * actor runtimes spread the work over the machine's cores; the sequential runner uses one.
 *
 * <p>Guarantee: a pure function of the scenario, the runner's name and the core count, cheap
 * (it walks the experiments and audits, never their runs); on every bundled scenario it lies within a
 * factor of 3 of the measured time ({@code RunTimeModelTest}). It is an estimate for telling a user
 * what to expect, not a bound: other jobs on the machine, and cores the runner leaves idle, make the
 * wall time longer.
 */
public final class RunTimeModel {
    private RunTimeModel() {}

    /** Runs expected to take longer than this many seconds are announced by {@code privsim run}. */
    public static final double LONG_RUN_SECONDS = 3600;

    /**
     * Estimated wall-clock seconds of {@code scenario} under {@code runner} on a machine like the
     * measured one with {@code cores} cores: the CPU seconds of its work, spread over the cores by an
     * actor runtime, on one by {@link SequentialRunner#NAME}.
     */
    public static double seconds(Scenario scenario, String runner, int cores) {
        return ScenarioWork.of(scenario).cpuSeconds() / coresUsed(runner, cores);
    }

    /**
     * The line {@code privsim run} prints before a run expected to take more than
     * {@link #LONG_RUN_SECONDS}, e.g. {@code this run is expected to take about 3 days on this
     * machine (local runner, 2 cores); press Ctrl-C to stop it}, or null for a shorter one.
     */
    public static String longRunWarning(Scenario scenario, String runner, int cores) {
        double seconds = seconds(scenario, runner, cores);
        if (seconds <= LONG_RUN_SECONDS) {
            return null;
        }
        return String.format(Locale.ROOT, "this run is expected to take %s on this machine (%s); press Ctrl-C to"
                + " stop it", duration(seconds), machine(runner, cores));
    }

    /** The runner and core count as the estimate's lines name them, e.g. {@code local runner, 2 cores}. */
    public static String machine(String runner, int cores) {
        int used = coresUsed(runner, cores);
        return String.format(Locale.ROOT, "%s runner, %d %s", runner, used, used == 1 ? "core" : "cores");
    }

    /** One core for the sequential runner, all of them (at least one) for the actor runtimes. */
    private static int coresUsed(String runner, int cores) {
        return SequentialRunner.NAME.equals(runner) ? 1 : Math.max(1, cores);
    }

    /**
     * A duration in words at the precision an estimate deserves: {@code about 40 s}, {@code about 3 min},
     * {@code about 2 h}, {@code about 3 days}, {@code more than 100 years}.
     */
    public static String duration(double seconds) {
        if (seconds < 60) {
            return String.format(Locale.ROOT, "about %d s", Math.max(1, Math.round(seconds)));
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "about %d min", Math.round(seconds / 60));
        }
        if (seconds < 2 * 86400) {
            return String.format(Locale.ROOT, "about %d h", Math.round(seconds / 3600));
        }
        if (seconds < 100 * 365.25 * 86400) {
            long days = Math.round(seconds / 86400);
            return days < 2 * 365 ? String.format(Locale.ROOT, "about %d days", days)
                    : String.format(Locale.ROOT, "about %d years", Math.round(days / 365.25));
        }
        return "more than 100 years";
    }
}
