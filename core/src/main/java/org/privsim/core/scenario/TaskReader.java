package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldReader.Presence.OPTIONAL;
import static org.privsim.core.scenario.FieldReader.Presence.REQUIRED;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads a {@code task} mapping (the scenario's, or an audit's own).
 *
 * <p>Guarantee: returns a task only if {@code type} names a known task type and every field of
 * that type is present and valid; otherwise every problem found has been recorded and the result
 * is empty. For {@code low-rank-regression}: 2 ≤ users ≤ {@value #MAX_USERS}, samplesPerUser ≥ 2,
 * 1 ≤ dimension ≤ {@value #MAX_DIMENSION}, 1 ≤ rank ≤ dimension, labelNoise ≥ 0 and finite. For
 * {@code indexed-mean}: 1 ≤ dimension ≤ {@value #MAX_DIMENSION}, 2 ≤ persons ≤
 * {@value #MAX_PERSONS}, 1 ≤ samplesPerPerson ≤ {@value #MAX_SAMPLES_PER_PERSON}, indices
 * {@code distinct} (then persons ≤ dimension) or {@code random}.
 */
final class TaskReader {

    /** Largest number of users a scenario may ask for. */
    static final int MAX_USERS = 10_000_000;
    /** Largest feature dimension a scenario may ask for. */
    static final int MAX_DIMENSION = 2000;
    /** Largest number of persons of an indexed-mean task. */
    static final int MAX_PERSONS = 1_000_000;
    /** Largest number of samples per person of an indexed-mean task. */
    static final int MAX_SAMPLES_PER_PERSON = 10_000;

    private static final List<String> TYPES = List.of(LowRankRegressionTask.TYPE, IndexedMeanTask.TYPE);
    private static final List<String> LOW_RANK_FIELDS =
            List.of("type", "users", "samplesPerUser", "dimension", "rank", "labelNoise");
    private static final List<String> INDEXED_MEAN_FIELDS =
            List.of("type", "dimension", "persons", "samplesPerPerson", "indices");

    private TaskReader() {}

    /** The task described by {@code task}, or empty after recording its problems. */
    static Optional<Task> read(FieldReader task) {
        return task.choice("type", REQUIRED, TYPES, type -> type).flatMap(type ->
                type.equals(IndexedMeanTask.TYPE) ? indexedMean(task) : lowRankRegression(task));
    }

    private static Optional<Task> lowRankRegression(FieldReader task) {
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

    private static Optional<Task> indexedMean(FieldReader task) {
        task.rejectUnknown(INDEXED_MEAN_FIELDS);
        Optional<Integer> dimension = task.integer("dimension", REQUIRED, Bounds.between(1, MAX_DIMENSION));
        Optional<Integer> persons = task.integer("persons", REQUIRED, Bounds.between(2, MAX_PERSONS));
        Optional<Integer> samples =
                task.integer("samplesPerPerson", OPTIONAL, Bounds.between(1, MAX_SAMPLES_PER_PERSON));
        boolean badSamples = task.has("samplesPerPerson") && samples.isEmpty();
        IndexAssignment indices = task.choice("indices", OPTIONAL, List.of(IndexAssignment.values()),
                IndexAssignment::id).orElse(null);
        boolean badIndices = task.has("indices") && indices == null;
        if (dimension.isEmpty() || persons.isEmpty() || badSamples || badIndices) {
            return Optional.empty();
        }
        IndexAssignment resolved = indices == null ? Defaults.INDICES : indices;
        if (resolved == IndexAssignment.DISTINCT && persons.get() > dimension.get()) {
            task.error("persons", "distinct indices need persons ≤ dimension (" + dimension.get() + "), got "
                    + persons.get() + " (or set indices: random)");
            return Optional.empty();
        }
        return Optional.of(new IndexedMeanTask(
                dimension.get(), persons.get(), samples.orElse(Defaults.SAMPLES_PER_PERSON), resolved));
    }
}
