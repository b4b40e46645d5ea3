package org.privsim.actors.local;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;

/**
 * Deadlines and flow limits of an actor runtime, read from {@code privsim.local} (the local runner)
 * or {@code privsim.cluster} (a cluster node); defaults are in the actors module's
 * {@code reference.conf}.
 *
 * <p>Guarantee: the curator's patience over all attempts (curator deadline × attempts) is longer
 * than the aggregators' deadline, so every live aggregator reports (possibly partially) before the
 * curator gives up on it; at least one attempt is made and at least one range is asked at a time.
 *
 * @param collectionDeadline how long an aggregator waits for its users' answers
 * @param curatorDeadline    how long the curator waits for every aggregator's partial, per attempt;
 *                           on a cluster it can be shorter than collectionDeadline, since a
 *                           re-request of a range still collecting is ignored
 * @param attempts           how many times the curator asks a range that has not answered before it
 *                           releases without it (more than one on a cluster, where a range's node may
 *                           be lost and its entities re-homed)
 * @param rangesInFlight     how many ranges the curator asks at once (a new one as each partial
 *                           arrives), which bounds the burst of requests and partials per connection
 */
public record LocalSettings(Duration collectionDeadline, Duration curatorDeadline, int attempts, int rangesInFlight) {

    /** Config path of the compute dispatcher that runs users' and the curator's computations. */
    public static final String COMPUTE_DISPATCHER = "privsim.compute-dispatcher";
    /** Config path of the local runner's settings. */
    public static final String LOCAL = "privsim.local";

    public LocalSettings {
        if (attempts < 1 || rangesInFlight < 1) {
            throw new IllegalArgumentException("attempts and ranges-in-flight must be at least 1");
        }
        if (curatorDeadline.multipliedBy(attempts).compareTo(collectionDeadline) <= 0) {
            throw new IllegalArgumentException("curator-deadline × attempts (" + curatorDeadline + " × " + attempts
                    + ") must exceed collection-deadline (" + collectionDeadline + ")");
        }
    }

    /**
     * system properties &gt; application.conf &gt; {@code local.conf} (the local runtime's sizing,
     * from {@code cluster-conf/}) &gt; reference.conf.
     */
    public static Config defaultConfig() {
        return ConfigFactory.defaultOverrides()
                .withFallback(ConfigFactory.defaultApplication())
                .withFallback(ConfigFactory.parseResources("local.conf"))
                .withFallback(ConfigFactory.defaultReference())
                .resolve();
    }

    /** The local runner's settings from a configuration that includes the actors module's reference.conf. */
    public static LocalSettings from(Config config) {
        return from(config, LOCAL);
    }

    /** The settings at {@code path} ({@code privsim.local} or {@code privsim.cluster}). */
    public static LocalSettings from(Config config, String path) {
        Config c = config.getConfig(path);
        return new LocalSettings(c.getDuration("collection-deadline"), c.getDuration("curator-deadline"),
                c.getInt("attempts"), c.getInt("ranges-in-flight"));
    }
}
