package org.privsim.core.run;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.UserDataset;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.sim.RunOutcome;

/**
 * Runs a scenario on one thread without actors: the reference every other runner must match bit
 * for bit. Users' answers are summed by a {@link SequentialCollector} along the aggregation plan —
 * ids ascending within each range, ranges ascending — exactly as aggregator actors do.
 */
public final class SequentialRunner {
    /** Runner name in reports. */
    public static final String NAME = "sequential";

    private final Scenario scenario;
    private final LowRankData population;
    private final SequentialCollector collector;

    /** Prepares a scenario: generates U* and every user's data set. */
    public SequentialRunner(Scenario scenario) {
        this.scenario = scenario;
        this.population = new LowRankData(scenario.task(), scenario.seed());
        UserDataset[] users = new UserDataset[scenario.task().users()];
        for (int j = 0; j < users.length; j++) {
            users[j] = population.user(j);
        }
        this.collector = new SequentialCollector(users, scenario.task().dimension(), scenario.aggregation());
    }

    /** Runs every experiment and returns the report. */
    public Report run(Progress progress) {
        long start = System.nanoTime();
        List<RunPlan> runs = ScenarioPlan.runs(scenario);
        long total = StepBudget.total(runs);
        long done = 0;
        List<RunOutcome> outcomes = new ArrayList<>();
        for (RunPlan run : runs) {
            final long before = done;
            outcomes.add(execute(run, (d, t, msg) -> progress.update(before + d, total, run.label() + " " + msg)));
            done += StepBudget.of(run);
            progress.update(done, total, run.label() + " done");
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        return new Report(scenario.name(), scenario.seed(), NAME, wall,
                ResultAssembler.assemble(scenario, runs, outcomes));
    }

    /** Runs one planned run on its own (used by tests and benchmarks). */
    public RunOutcome runOne(RunPlan run) {
        return execute(run, Progress.NONE);
    }

    private RunOutcome execute(RunPlan run, Progress progress) {
        return collector.run(run.newDriver(scenario.task(), population.uStar()),
                (steps, task) -> progress.update(steps, 0, StepBudget.describe(task)));
    }
}
