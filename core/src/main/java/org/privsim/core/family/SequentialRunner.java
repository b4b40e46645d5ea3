package org.privsim.core.family;

import java.util.List;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.sim.UserTask;

/**
 * Runs a scenario on one thread without actors: the reference every other runner must match bit
 * for bit. Every family's cells ({@link Families}, the low-rank drivers among them) run through the
 * {@link SequentialInterpreter} — a low-rank collection summed along the aggregation plan, ids
 * ascending within each range, ranges ascending — the audits' trial batches among them.
 */
public final class SequentialRunner {
    /** Runner name in reports. */
    public static final String NAME = "sequential";

    private final Scenario scenario;

    /** A runner of {@code scenario}; populations are built when their runs start. */
    public SequentialRunner(Scenario scenario) {
        this.scenario = scenario;
    }

    /** Runs every experiment and audit and returns the report. */
    public Report run(Progress progress) {
        long start = System.nanoTime();
        List<BoundCell> cells = Families.cells(scenario);
        long total = cells.stream().mapToLong(BoundCell::runs).sum();
        long[] done = {0};
        List<Object> rows = SequentialInterpreter.rows(cells, scenario.seed(), new SequentialInterpreter.Observer() {
            @Override
            public void stepped(BoundCell cell, int run, Object request) {
                progress.released(cell.index(), run, request);
                if (request instanceof UserTask task) {
                    progress.update(done[0], total, cell.label() + " run " + (run + 1) + " " + task.label());
                }
            }

            @Override
            public void finished(BoundCell cell, int run) {
                progress.update(++done[0], total, cell.label() + " run " + (run + 1) + "/" + cell.runs() + " done");
            }
        });
        long wall = (System.nanoTime() - start) / 1_000_000;
        return Families.report(scenario, NAME, wall, rows);
    }
}
