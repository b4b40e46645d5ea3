package org.privsim.core.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.privsim.core.data.DatasetException;
import org.privsim.core.data.RatingsTable;
import org.privsim.core.data.RatingsTables;

/**
 * Reads a {@code ratings} task mapping for {@link TaskReader}: a file of (user, item, rating) rows, or
 * synthetic ratings.
 *
 * <p>Guarantee: returns a task only if every field is present and valid for its kind (a file's
 * fields only with {@code path}, the synthetic ones only without), the file (if any) read and checked
 * whole; otherwise every problem found has been recorded and the result is empty.
 */
final class RatingsTaskReader {

    private RatingsTaskReader() {}

    /**
     * A {@code ratings} task: from a file when {@code path} is given (then read and checked whole by
     * {@link RatingsTable#read}, its problems reported at the field to blame, and remembered in
     * {@link RatingsTables}), else synthetic. Audits' own tasks ({@code folder} null) cannot name a file.
     */
    static Optional<Task> read(FieldReader task, Path folder) {
        task.rejectUnknown(ScenarioFields.namesOf(TaskFields.RATINGS_TASK));
        boolean file = task.has("path");
        for (String field : ScenarioFields.namesOf(file ? TaskFields.RATINGS_SYNTHETIC : TaskFields.RATINGS_FILE)) {
            if (task.has(field)) {
                task.error(field, file ? "only used by a synthetic ratings task (one without path)"
                        : "only used by a ratings task read from a file (one with path)");
            }
        }
        Optional<Double> min = task.number(file ? TaskFields.RT_MIN_RATING.required() : TaskFields.RT_MIN_RATING);
        Optional<Double> max = task.number(file ? TaskFields.RT_MAX_RATING.required() : TaskFields.RT_MAX_RATING);
        Optional<Double> testFraction = task.number(TaskFields.RT_TEST_FRACTION);
        Optional<Integer> minRatings = task.integer(TaskFields.RT_MIN_RATINGS);
        boolean bad = TaskReader.invalid(task, "minRating", min) || TaskReader.invalid(task, "maxRating", max)
                || TaskReader.invalid(task, "testFraction", testFraction) || TaskReader.invalid(task, "minRatingsPerUser", minRatings);
        double low = min.orElse(RatingsTask.MIN_RATING);
        double high = max.orElse(RatingsTask.MAX_RATING);
        if (file && (min.isEmpty() || max.isEmpty())) {
            bad = true;
        } else if (!bad && !(low < high)) {
            task.error("maxRating", "must be > minRating (" + low + "), got " + high);
            bad = true;
        }
        double fraction = testFraction.orElse(RatingsTask.TEST_FRACTION);
        if (file) {
            return bad ? Optional.empty() : ratingsFile(task, folder, low, high, fraction,
                    minRatings.orElse(Defaults.MIN_SAMPLES_PER_USER));
        }
        Optional<Integer> users = task.integer(TaskFields.RT_USERS);
        Optional<Integer> items = task.integer(TaskFields.RT_ITEMS);
        Optional<Integer> rank = task.integer(TaskFields.RT_RANK);
        Optional<Double> noise = task.number(TaskFields.RT_NOISE);
        Optional<Double> exponent = task.number(TaskFields.RT_ACTIVITY);
        bad = bad || TaskReader.invalid(task, "noise", noise) || TaskReader.invalid(task, "activityExponent", exponent);
        if (Stream.of(users, items, rank).anyMatch(Optional::isEmpty) || bad) {
            return Optional.empty();
        }
        int least = minRatings.orElse(RatingsTask.SYNTHETIC_MIN_RATINGS);
        if (least > items.get()) {
            task.error(task.has("minRatingsPerUser") ? "minRatingsPerUser" : "items", "every user rates at least"
                    + " minRatingsPerUser (" + least + ") distinct items, so items must be ≥ " + least + ", got "
                    + items.get());
            return Optional.empty();
        }
        if ((long) items.get() * rank.get() > TaskReader.MAX_ITEM_FACTOR_VALUES) {
            task.error("items", "items × rank = " + (long) items.get() * rank.get() + " item factor values, more than "
                    + TaskReader.MAX_ITEM_FACTOR_VALUES + " (" + TaskReader.MAX_ITEM_FACTOR_VALUES * 8 / 1_000_000_000 + " GB per run)");
            return Optional.empty();
        }
        double a = exponent.orElse(RatingsTask.ACTIVITY_EXPONENT);
        long expected = Math.round(users.get() * RatingsTask.meanActivity(least, a, items.get()));
        return Optional.of(new RatingsTask(null, null, null, null, null, null, users.get(), items.get(), expected, 0,
                0, low, high, fraction, least, rank.get(), noise.orElse(RatingsTask.NOISE), a));
    }

    private static Optional<Task> ratingsFile(FieldReader task, Path folder, double low, double high, double fraction,
                                              int minRatings) {
        Optional<String> path = task.path(TaskFields.RT_PATH.required());
        Optional<String> user = task.string(TaskFields.RT_USER);
        Optional<String> item = task.string(TaskFields.RT_ITEM);
        Optional<String> rating = task.string(TaskFields.RT_RATING);
        Optional<MissingValues> missing = task.choice(TaskFields.MISSING, List.of(MissingValues.values()),
                MissingValues::id);
        if (Stream.of(path, user, item, rating).anyMatch(Optional::isEmpty) || TaskReader.invalid(task, "missing", missing)) {
            return Optional.empty();
        }
        if (folder == null) {
            task.error("path", "an audit's own task cannot read a file");
            return Optional.empty();
        }
        List<String> columns = List.of(user.get(), item.get(), rating.get());
        List<String> names = List.of("userColumn", "itemColumn", "ratingColumn");
        for (int c = 1; c < 3; c++) {
            for (int b = 0; b < c; b++) {
                if (columns.get(c).equals(columns.get(b))) {
                    task.error(names.get(c), "\"" + columns.get(c) + "\" is already the " + names.get(b)
                            + "; the three columns must differ");
                    return Optional.empty();
                }
            }
        }
        Path file = folder.resolve(path.get()).toAbsolutePath().normalize();
        MissingValues onMissing = missing.orElse(Defaults.MISSING);
        RatingsTable table;
        try {
            table = RatingsTable.read(file, user.get(), item.get(), rating.get(), onMissing, minRatings, low, high);
        } catch (DatasetException e) {
            task.error(e.field(), e.getMessage());
            return Optional.empty();
        }
        RatingsTask result = new RatingsTask(file.toString(), user.get(), item.get(), rating.get(), onMissing,
                table.sha256(), table.users(), table.items(), table.ratings(), table.droppedUsers(), table.droppedRows(),
                low, high, fraction, minRatings, 0, 0, 0);
        RatingsTables.put(result, table);
        return Optional.of(result);
    }

}
