package org.privsim.core.run;

import org.privsim.core.multitask.MultitaskCurator;
import org.privsim.core.multitask.MultitaskOutcome;
import org.privsim.core.multitask.MultitaskPopulation;
import org.privsim.core.multitask.MultitaskRunPlan;
import org.privsim.core.multitask.TaskData;
import org.privsim.core.multitask.TaskLearner;
import org.privsim.core.multitask.TaskRequest;
import org.privsim.core.multitask.TaskScore;

/**
 * Runs multi-task cells on one thread: the reference the task actors must match bit for bit. Per
 * repeat the tasks' data are generated once; per candidate fresh learners answer the curator's
 * requests in task-id order.
 */
public final class MultitaskRunner {
    private MultitaskRunner() {}

    /** Every run of {@code cell} under root seed {@code seed}, assembled into its report row. */
    public static MultitaskResult run(MultitaskRunPlan cell, long seed) {
        int candidates = cell.candidates().size();
        int repeats = cell.spec().repeats();
        MultitaskOutcome[][] outcomes = new MultitaskOutcome[candidates][repeats];
        for (int r = 0; r < repeats; r++) {
            MultitaskPopulation population = cell.population(seed, r);
            TaskData[] data = new TaskData[cell.task().tasks()];
            for (int i = 0; i < data.length; i++) {
                data[i] = population.task(i);
            }
            for (int l = 0; l < candidates; l++) {
                outcomes[l][r] = runOne(cell, l, r, seed, data);
            }
        }
        return MultitaskResult.of(cell, outcomes);
    }

    /** One run: candidate {@code candidate}, repeat {@code repeat}, on the tasks' {@code data}. */
    public static MultitaskOutcome runOne(MultitaskRunPlan cell, int candidate, int repeat, long seed,
                                          TaskData[] data) {
        TaskLearner[] tasks = new TaskLearner[data.length];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = new TaskLearner(data[i], cell.taskSettings(seed, repeat));
        }
        MultitaskCurator curator = new MultitaskCurator(cell, candidate, repeat, seed);
        TaskRequest request = curator.start();
        while (!(request instanceof TaskRequest.Evaluate evaluate)) {
            double[][] models = new double[tasks.length][];
            for (int i = 0; i < tasks.length; i++) {
                models[i] = tasks[i].answer(request);
            }
            request = curator.onModels(models);
        }
        TaskScore[] scores = new TaskScore[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            scores[i] = tasks[i].evaluate(evaluate);
        }
        return curator.onScores(scores);
    }
}
