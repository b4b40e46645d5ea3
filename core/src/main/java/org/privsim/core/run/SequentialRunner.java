package org.privsim.core.run;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.data.Populations;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.data.UserDataset;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.sim.RunOutcome;

/**
 * Runs a scenario on one thread without actors: the reference every other runner must match bit
 * for bit. Users' answers are summed by a {@link SequentialCollector} along the aggregation plan —
 * ids ascending within each range, ranges ascending — exactly as aggregator actors do;
 * the seam's families ({@link Families}: indexed mean, …, and the audits) through the
 * {@link SequentialInterpreter}.
 */
public final class SequentialRunner {
    /** Runner name in reports. */
    public static final String NAME = "sequential";

    private final Scenario scenario;
    /** The population whose users {@link #collector} holds (one at a time: the current repeat's). */
    private UserPopulation population;
    private SequentialCollector collector;

    /**
     * Prepares a scenario: for low-rank experiments generates U* and every user's data set of the
     * scenario seed's population (on a data set: splits every user's rows with the scenario seed) (a later repeat regenerates them for its own seed; indexed-mean
     * experiments and audits build their populations when they run).
     */
    public SequentialRunner(Scenario scenario) {
        this.scenario = scenario;
        if (scenario.hasLowRankExperiments()) {
            load(scenario.seed());
        }
    }

    /** Makes the population of {@code seed} the current one (every user's data set regenerated). */
    private void load(long seed) {
        if (population != null && population.seed() == seed) {
            return;
        }
        collector = null;
        population = Populations.create(scenario.task(), seed);
        UserDataset[] users = new UserDataset[scenario.lowRankTask().users()];
        for (int j = 0; j < users.length; j++) {
            users[j] = population.user(j);
        }
        collector = new SequentialCollector(users, scenario.lowRankTask().dimension(), scenario.aggregation());
    }

    /** Runs every experiment and audit and returns the report. */
    public Report run(Progress progress) {
        long start = System.nanoTime();
        List<RunPlan> runs = ScenarioPlan.runs(scenario);
        List<BoundCell> seamCells = Families.cells(scenario);
        long total = StepBudget.total(runs) + seamCells.size();
        long done = 0;
        List<RunOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunPlan run = runs.get(i);
            final long before = done;
            final int index = i;
            outcomes.add(execute(run, index, progress.forRun(before, total, run.label())));
            done += StepBudget.of(run);
            progress.update(done, total, run.label() + " done");
        }
        List<Object> seamRows = new ArrayList<>();
        for (BoundCell cell : seamCells) {
            seamRows.add(SequentialInterpreter.row(cell, scenario.seed()));
            progress.update(++done, total, cell.label() + " done");
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        return Families.report(scenario, NAME, wall, outcomes, seamRows);
    }

    /** Runs one planned run on its own (used by tests and benchmarks). */
    public RunOutcome runOne(RunPlan run) {
        return execute(run, 0, Progress.NONE);
    }

    private RunOutcome execute(RunPlan run, int index, Progress progress) {
        load(run.population());
        return collector.run(run.newDriver(scenario.lowRankTask(run.spec()), population.uStar()), (steps, task) -> {
            progress.released(index, task);
            progress.update(steps, 0, StepBudget.describe(task));
        });
    }
}
