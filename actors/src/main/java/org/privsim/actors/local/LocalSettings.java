package org.privsim.actors.local;

import com.typesafe.config.Config;
import java.time.Duration;

/**
 * Deadlines of the local actor runtime, read from {@code privsim.local} (defaults in the actors
 * module's {@code reference.conf}).
 *
 * <p>Guarantee: the curator's deadline is longer than the aggregators', so every aggregator
 * reports (possibly partially) before the curator gives up on it.
 *
 * @param collectionDeadline how long an aggregator waits for its users' answers
 * @param curatorDeadline    how long the curator waits for every aggregator's partial
 */
public record LocalSettings(Duration collectionDeadline, Duration curatorDeadline) {

    /** Config path of the compute dispatcher that runs users' and the curator's computations. */
    public static final String COMPUTE_DISPATCHER = "privsim.compute-dispatcher";

    public LocalSettings {
        if (curatorDeadline.compareTo(collectionDeadline) <= 0) {
            throw new IllegalArgumentException("privsim.local.curator-deadline (" + curatorDeadline
                    + ") must exceed privsim.local.collection-deadline (" + collectionDeadline + ")");
        }
    }

    /** Settings from a configuration that includes the actors module's reference.conf. */
    public static LocalSettings from(Config config) {
        return new LocalSettings(config.getDuration("privsim.local.collection-deadline"),
                config.getDuration("privsim.local.curator-deadline"));
    }
}
