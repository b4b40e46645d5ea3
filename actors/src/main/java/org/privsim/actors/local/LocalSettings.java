package org.privsim.actors.local;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
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

    /**
     * Pekko sizing the local runtime runs best with, layered between {@code application.conf} and
     * the reference configuration (so {@code -D} and application.conf still override it): the
     * default dispatcher, which only runs aggregators and the guardian, gets half the cores
     * (at least one thread) so that it does not compete with the compute dispatcher for them.
     * Measured at 50,000 users on 2 cores (privsim bench, 3 warm repetitions): local/sequential
     * 0.87 with one default-dispatcher thread against 1.02 with Pekko's default of 8.
     */
    static final String RUNTIME_DEFAULTS = """
            pekko.actor.default-dispatcher.fork-join-executor {
              parallelism-min = 1
              parallelism-factor = 0.5
              parallelism-max = 8
            }
            """;

    /** system properties &gt; application.conf &gt; {@link #RUNTIME_DEFAULTS} &gt; reference.conf. */
    public static Config defaultConfig() {
        return ConfigFactory.defaultOverrides()
                .withFallback(ConfigFactory.defaultApplication())
                .withFallback(ConfigFactory.parseString(RUNTIME_DEFAULTS))
                .withFallback(ConfigFactory.defaultReference())
                .resolve();
    }

    /** Settings from a configuration that includes the actors module's reference.conf. */
    public static LocalSettings from(Config config) {
        return new LocalSettings(config.getDuration("privsim.local.collection-deadline"),
                config.getDuration("privsim.local.curator-deadline"));
    }
}
