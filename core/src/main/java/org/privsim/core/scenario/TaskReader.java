package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldReader.Presence.REQUIRED;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads the {@code task} mapping of a scenario.
 *
 * <p>Guarantee: returns a task only if {@code type} names a known task type and every field of
 * that type is present and valid; otherwise every problem found has been recorded and the result
 * is empty. For {@code low-rank-regression}: 2 ≤ users ≤ {@value #MAX_USERS}, samplesPerUser ≥ 2,
 * 1 ≤ dimension ≤ {@value #MAX_DIMENSION}, 1 ≤ rank ≤ dimension, labelNoise ≥ 0 and finite.
 */
final class TaskReader {

    /** Largest number of users a scenario may ask for. */
    static final int MAX_USERS = 10_000_000;
    /** Largest feature dimension a scenario may ask for. */
    static final int MAX_DIMENSION = 2000;

    private static final List<String> TYPES = List.of(LowRankRegressionTask.TYPE);
    private static final List<String> LOW_RANK_FIELDS =
            List.of("type", "users", "samplesPerUser", "dimension", "rank", "labelNoise");

    private TaskReader() {}

    /** The task described by {@code task}, or empty after recording its problems. */
    static Optional<LowRankRegressionTask> read(FieldReader task) {
        return task.choice("type", REQUIRED, TYPES, type -> type).flatMap(type -> lowRankRegression(task));
    }

    private static Optional<LowRankRegressionTask> lowRankRegression(FieldReader task) {
        task.rejectUnknown(LOW_RANK_FIELDS);
        Optional<Integer> users = task.integer("users", REQUIRED, Bounds.between(2, MAX_USERS));
        Optional<Integer> samples = task.integer("samplesPerUser", REQUIRED, Bounds.atLeast(2));
        Optional<Integer> dimension = task.integer("dimension", REQUIRED, Bounds.between(1, MAX_DIMENSION));
        Optional<Integer> rank = task.integer("rank", REQUIRED, Bounds.atLeast(1));
        Optional<Double> labelNoise = task.number("labelNoise", REQUIRED, Bounds.atLeast(0));
        if (rank.isPresent() && dimension.isPresent() && rank.get() > dimension.get()) {
            task.error("rank", "must be ≤ dimension (" + dimension.get() + "), got " + rank.get());
            return Optional.empty();
        }
        if (Stream.of(users, samples, dimension, rank, labelNoise).anyMatch(Optional::isEmpty)) {
            return Optional.empty();
        }
        return Optional.of(new LowRankRegressionTask(
                users.get(), samples.get(), dimension.get(), rank.get(), labelNoise.get()));
    }
}
