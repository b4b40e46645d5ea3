package org.privsim.actors.local;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

/**
 * Where the actor runtime's settings come from, and the name of the dispatcher its computations run
 * on; the settings themselves are under {@code privsim} in the actors module's {@code reference.conf}.
 *
 * <p>Guarantee: {@link #defaultConfig} layers system properties over application.conf over
 * {@code local.conf} over reference.conf, resolved.
 */
public final class LocalSettings {

    /** Config path of the compute dispatcher that runs curators', participants' and workers' computations. */
    public static final String COMPUTE_DISPATCHER = "privsim.compute-dispatcher";

    private LocalSettings() {}

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
}
