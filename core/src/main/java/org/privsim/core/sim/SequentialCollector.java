package org.privsim.core.sim;

import org.privsim.core.data.UserDataset;
import org.privsim.core.scenario.Aggregation;

/**
 * Drives a {@link Driver} to completion on the calling thread over in-memory users: every request
 * is answered by {@link UserStep} and the answers are summed along the aggregation plan — ids
 * ascending within each range, ranges ascending — exactly as aggregator actors do.
 *
 * <p>Guarantee: the same driver state, users and aggregation give bit-identical sums, hence a
 * bit-identical outcome; this is the reference collection of the sequential runner and of the
 * audit games. Holds no mutable state, so one collector may drive many runs (not concurrently with
 * the users' arrays being changed).
 */
public final class SequentialCollector {

    /** Sees every request after its answers were summed and handed to the driver. */
    @FunctionalInterface
    public interface Observer {
        /**
         * @param step the number of collections done so far (1 for the first)
         * @param task the request just collected; its billboard fields are what the curator published
         */
        void collected(long step, UserTask task);
    }

    private final UserDataset[] users;
    private final int dimension;
    private final Aggregation aggregation;

    /**
     * @param users       user j's data set at index j (the array is used, not copied)
     * @param dimension   d
     * @param aggregation the aggregation plan
     */
    public SequentialCollector(UserDataset[] users, int dimension, Aggregation aggregation) {
        this.users = users;
        this.dimension = dimension;
        this.aggregation = aggregation;
    }

    /** Runs {@code driver} from its start to its outcome, telling {@code observer} about each step. */
    public RunOutcome run(Driver driver, Observer observer) {
        Step step = driver.start();
        long steps = 0;
        while (step instanceof Step.Collect c) {
            UserTask task = c.task();
            if (task instanceof UserTask.Init t) {
                step = driver.onInit(collect(t));
            } else if (task instanceof UserTask.Round t) {
                step = driver.onRound(collect(t));
            } else {
                step = driver.onEvaluate(collect((UserTask.Evaluate) task));
            }
            steps++;
            observer.collected(steps, task);
        }
        return ((Step.Finished) step).outcome();
    }

    /** The exact (noiseless) sum of every user's answer to {@code task}, in aggregation order. */
    public InitSum collect(UserTask.Init task) {
        int n = users.length;
        InitSum total = new InitSum(dimension, task.matrices());
        for (int r = 0; r < aggregation.ranges(n); r++) {
            InitSum part = new InitSum(dimension, task.matrices());
            for (int j = aggregation.rangeStart(r); j < aggregation.rangeEnd(r, n); j++) {
                UserInitStep.foldInit(users[j], task, part);
            }
            total.addAll(part);
        }
        return total;
    }

    /** The exact (noiseless) sum of the participants' round statistics, in aggregation order. */
    public RoundSum collect(UserTask.Round task) {
        int n = users.length;
        int k = task.statisticsRank();
        RoundSum total = new RoundSum(dimension, k, task.gram());
        for (int r = 0; r < aggregation.ranges(n); r++) {
            RoundSum part = new RoundSum(dimension, k, task.gram());
            for (int j = aggregation.rangeStart(r); j < aggregation.rangeEnd(r, n); j++) {
                if (task.participants().includes(j)) {
                    UserStep.foldRound(users[j], task, part);
                }
            }
            total.addAll(part);
        }
        return total;
    }

    private ErrorSum collect(UserTask.Evaluate task) {
        int n = users.length;
        ErrorSum total = new ErrorSum();
        for (int r = 0; r < aggregation.ranges(n); r++) {
            ErrorSum part = new ErrorSum();
            for (int j = aggregation.rangeStart(r); j < aggregation.rangeEnd(r, n); j++) {
                part.add(j, UserStep.respond(users[j], task));
            }
            total.addAll(part);
        }
        return total;
    }
}
