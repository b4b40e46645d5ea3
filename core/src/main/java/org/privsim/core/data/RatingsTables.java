package org.privsim.core.data;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.privsim.core.scenario.RatingsTask;

/**
 * The ratings tables this JVM has read, so the parser's read (which validates the file) is the only
 * one on the node that parsed the scenario, and every run and participant there shares it.
 *
 * <p>Guarantee: {@link #get} returns the table of a file whose SHA-256 equals the task's; a file
 * that changed since the scenario was parsed (or differs on another node) is refused with an
 * {@link IllegalStateException} naming both hashes. Keeps the two most recent tables; thread-safe.
 */
public final class RatingsTables {
    private static final Map<String, RatingsTable> CACHE = new LinkedHashMap<>(4, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, RatingsTable> eldest) {
            return size() > 2;
        }
    };

    private RatingsTables() {}

    /** Remembers {@code table}, read for {@code task}. */
    public static synchronized void put(RatingsTask task, RatingsTable table) {
        CACHE.put(key(task), table);
    }

    /** The table of {@code task}'s file, read again when not remembered. */
    public static synchronized RatingsTable get(RatingsTask task) {
        RatingsTable table = CACHE.get(key(task));
        if (table == null) {
            table = RatingsTable.read(Path.of(task.path()), task.userColumn(), task.itemColumn(), task.ratingColumn(),
                    task.missing(), task.minRatingsPerUser(), task.minRating(), task.maxRating());
            if (!table.sha256().equals(task.sha256())) {
                throw new IllegalStateException("ratings file " + task.path() + " has SHA-256 " + table.sha256()
                        + " here, but the scenario was validated with " + task.sha256()
                        + "; every node needs the same file");
            }
            CACHE.put(key(task), table);
        }
        return table;
    }

    private static String key(RatingsTask task) {
        return task.sha256() + " " + task.path() + " " + task.userColumn() + " " + task.itemColumn() + " "
                + task.ratingColumn() + " " + task.missing() + " " + task.minRatingsPerUser() + " "
                + task.minRating() + " " + task.maxRating();
    }
}
