package org.privsim.actors.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.Cluster;
import org.privsim.actors.local.LocalSettings;
import org.slf4j.LoggerFactory;

/**
 * One privsim cluster node: an actor system named {@value #SYSTEM} configured from
 * {@code cluster.conf} (shipped in {@code cluster-conf/} and on the classpath), that starts
 * sharding of the {@link PopulationSharding population} (hosting it when it has the users role)
 * and the {@link ScenarioCurator} singleton (hosting it when it has the curator role), and, with
 * the adversary role, its {@link AdversaryHost}.
 *
 * <p>Guarantee: explicit options override -D properties, application.conf and cluster.conf, in that
 * order; a null option leaves the configured (or environment) value.
 */
public final class ClusterNode {
    /** The actor system name every node of a privsim cluster shares. */
    public static final String SYSTEM = "privsim";
    /** Config path of the cluster runtime's settings. */
    public static final String SETTINGS = "privsim.cluster";

    private ClusterNode() {}

    /**
     * Where a node listens and whom it joins.
     *
     * @param host      canonical host name, or null for the configured one
     * @param port      canonical port (0: any free port), or null for the configured one
     * @param seedNodes seed nodes as host:port, or null for the configured ones (PRIVSIM_SEED_NODES)
     * @param roles     node roles, or null for the configured ones (PRIVSIM_ROLES)
     */
    public record Options(String host, Integer port, List<String> seedNodes, List<String> roles) {}

    /** The configuration of a node with {@code options} over {@code extra} over the defaults. */
    public static Config config(Options options, Config extra) {
        Config overrides = ConfigFactory.empty();
        if (options.host() != null) {
            overrides = overrides.withValue("pekko.remote.artery.canonical.hostname",
                    ConfigValueFactory.fromAnyRef(options.host()));
        }
        if (options.port() != null) {
            overrides = overrides.withValue("pekko.remote.artery.canonical.port",
                    ConfigValueFactory.fromAnyRef(options.port()));
        }
        List<String> seeds = options.seedNodes() != null ? options.seedNodes() : seedNodesFromEnv();
        if (seeds != null) {
            overrides = overrides.withValue("pekko.cluster.seed-nodes",
                    ConfigValueFactory.fromIterable(seeds.stream().map(ClusterNode::address).toList()));
        }
        List<String> roles = options.roles() != null ? options.roles() : listFromEnv("PRIVSIM_ROLES");
        if (roles != null) {
            overrides = overrides.withValue("pekko.cluster.roles", ConfigValueFactory.fromIterable(roles));
        }
        return overrides.withFallback(extra)
                .withFallback(ConfigFactory.defaultOverrides())
                .withFallback(ConfigFactory.defaultApplication())
                .withFallback(ConfigFactory.parseResources("cluster.conf"))
                .withFallback(ConfigFactory.defaultReference())
                .resolve();
    }

    /** {@code host:port} as a Pekko address of this cluster; a full {@code pekko://…} address is kept. */
    static String address(String hostPort) {
        return hostPort.startsWith("pekko://") ? hostPort : "pekko://" + SYSTEM + "@" + hostPort.trim();
    }

    /** The seed nodes in PRIVSIM_SEED_NODES (host:port,host:port,…), or null when it is unset. */
    public static List<String> seedNodesFromEnv() {
        return listFromEnv("PRIVSIM_SEED_NODES");
    }

    private static List<String> listFromEnv(String name) {
        return list(System.getenv(name));
    }

    /** The items of a comma-separated environment value, trimmed; null when unset or blank. */
    public static List<String> list(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        List<String> items = new ArrayList<>();
        Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(items::add);
        return items;
    }

    /** Starts a node with {@code config} (see {@link #config}). */
    public static ActorSystem<Void> start(Config config) {
        // Initialise logback before Pekko's logger threads race to do it.
        LoggerFactory.getILoggerFactory();
        LocalSettings settings = LocalSettings.from(config, SETTINGS);
        int chunkBytes = Math.toIntExact(config.getBytes(SETTINGS + ".chunk-bytes"));
        Duration patience = settings.curatorDeadline().multipliedBy(settings.attempts());
        return ActorSystem.create(Behaviors.setup(ctx -> {
            PopulationSharding.init(ctx.getSystem(), chunkBytes, patience);
            SeamSharding.init(ctx.getSystem());
            ScenarioCurator.init(ctx.getSystem(), settings);
            if (Cluster.get(Adapter.toClassic(ctx.getSystem())).selfMember().hasRole(AdversaryHost.ROLE)) {
                AdversaryHost.init(ctx.getSystem());
            }
            return Behaviors.empty();
        }), SYSTEM, config);
    }

    /** Completes when this node's member is Up (the cluster has at least a curator and a users node). */
    public static CompletableFuture<Void> up(ActorSystem<?> system) {
        CompletableFuture<Void> up = new CompletableFuture<>();
        Cluster.get(Adapter.toClassic(system)).registerOnMemberUp(() -> up.complete(null));
        system.getWhenTerminated().thenRun(() -> up.completeExceptionally(
                new IllegalStateException("the node stopped before it joined the cluster")));
        return up;
    }
}
