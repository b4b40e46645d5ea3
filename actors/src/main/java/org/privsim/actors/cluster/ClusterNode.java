package org.privsim.actors.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.Cluster;
import org.privsim.core.seam.Role;
import org.privsim.protocol.ScenarioCuratorCommand;
import org.slf4j.LoggerFactory;

/**
 * One privsim cluster node: an actor system named {@value #SYSTEM} configured from
 * {@code cluster.conf} (shipped in {@code cluster-conf/} and on the classpath), that starts
 * sharding of the {@link SeamSharding seam hosts} (hosting runs when it has the users role)
 * and the {@link ScenarioCurator} singleton (hosting it when it has the curator role), and, with
 * the adversary role, its {@link ParticipantHost} of adversaries.
 *
 * <p>Guarantee: explicit options override -D properties, application.conf and cluster.conf, in that
 * order; a null option leaves the configured (or environment) value. With {@value #TLS_DIR} set
 * (PRIVSIM_TLS_DIR), remoting runs over TLS with mutual authentication, and only members presenting
 * that directory's certificate can connect.
 */
public final class ClusterNode {
    /** The actor system name every node of a privsim cluster shares. */
    public static final String SYSTEM = "privsim";
    /** Config path of the cluster runtime's settings. */
    public static final String SETTINGS = "privsim.cluster";
    /**
     * The role every {@code privsim node} has besides its own (a submitter never has it): with
     * {@code pekko.cluster.role.node.min-nr-of-members = N} no member is Up before N nodes have
     * joined, while the shard coordinators, which count the regions of role {@code users} against
     * {@code role.users.min-nr-of-members} (1), allocate shards whenever one region is registered —
     * a coordinator that waits for N regions and loses a node before it has seen them all never
     * allocates a shard again.
     */
    public static final String NODE_ROLE = "node";
    /**
     * The name of the system actor through which a submitter that is not a member reaches the
     * curator singleton ({@code /system/curator-entry}): every node starts it once its member is Up.
     */
    static final String CURATOR_ENTRY = "curator-entry";

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
        Config config = overrides.withFallback(extra)
                .withFallback(ConfigFactory.defaultOverrides())
                .withFallback(ConfigFactory.defaultApplication())
                .withFallback(ConfigFactory.parseResources("cluster.conf"))
                .withFallback(ConfigFactory.defaultReference())
                .resolve();
        String tlsDir = config.getString(TLS_DIR);
        return tlsDir.isBlank() ? config : tls(Path.of(tlsDir)).withFallback(config);
    }

    /** {@code config} with {@value #NODE_ROLE} added to its roles: the configuration of a {@code privsim node}. */
    public static Config withNodeRole(Config config) {
        Set<String> roles = new LinkedHashSet<>(config.getStringList("pekko.cluster.roles"));
        roles.add(NODE_ROLE);
        return config.withValue("pekko.cluster.roles", ConfigValueFactory.fromIterable(List.copyOf(roles)));
    }

    /** The JDK's bound on cached TLS sessions per cache, set by {@link #tls} unless given. */
    static final String SESSION_CACHE_SIZE = "javax.net.ssl.sessionCacheSize";

    /**
     * The TLS sessions a node caches for resumption, per cache. The JDK caches every session for
     * 24 h, up to 20,480 per cache, each with the peer's certificate chain (~4 KB): every job's
     * submitter left sessions on every node. An SSL context has two caches (by session id, by peer
     * host and port) and a node a client and a server context, so a node's caches hold at most four
     * times this many, besides the sessions of its open connections. Artery keeps its connections open: a session is resumed only when a connection to
     * the same peer is made again (after a partition), where a full handshake costs milliseconds.
     * At 64 a node's sessions grew through the first ~60 submissions; at 4 they are full after the
     * first few.
     */
    static final int SESSION_CACHE = 4;

    /** Config path of the directory with the cluster's TLS material (empty: plain TCP). */
    public static final String TLS_DIR = "privsim.tls.dir";

    /**
     * Artery over TLS 1.3 with mutual authentication, from a directory made by
     * {@code cluster-conf/make-tls.sh}: {@code node.p12} (this cluster's key and certificate),
     * {@code truststore.p12} (that certificate alone) and {@code password}. A peer must present the
     * cluster's certificate, or its connection is refused. Bounds the JDK's TLS session caches to
     * {@value #SESSION_CACHE} sessions each (system property {@value #SESSION_CACHE_SIZE}) unless
     * that property is set.
     *
     * @throws IllegalStateException naming {@value #TLS_DIR} and the missing file when the directory
     *                               is incomplete
     */
    static Config tls(Path dir) {
        String problem = tlsProblem(dir);
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        String password;
        try {
            password = Files.readString(dir.resolve("password")).strip();
        } catch (IOException e) {
            throw new IllegalStateException(TLS_DIR + ": cannot read " + dir.resolve("password") + ": " + e.getMessage());
        }
        if (System.getProperty(SESSION_CACHE_SIZE) == null) {
            System.setProperty(SESSION_CACHE_SIZE, String.valueOf(SESSION_CACHE));
        }
        String engine = "pekko.remote.artery.ssl.config-ssl-engine.";
        return ConfigFactory.empty()
                .withValue("pekko.remote.artery.transport", ConfigValueFactory.fromAnyRef("tls-tcp"))
                .withValue(engine + "key-store", ConfigValueFactory.fromAnyRef(dir.resolve("node.p12").toString()))
                .withValue(engine + "trust-store", ConfigValueFactory.fromAnyRef(
                        dir.resolve("truststore.p12").toString()))
                .withValue(engine + "key-store-password", ConfigValueFactory.fromAnyRef(password))
                .withValue(engine + "key-password", ConfigValueFactory.fromAnyRef(password))
                .withValue(engine + "trust-store-password", ConfigValueFactory.fromAnyRef(password))
                .withValue(engine + "require-mutual-authentication", ConfigValueFactory.fromAnyRef(true));
    }

    /** What is missing from the TLS directory {@code dir}, or null. */
    public static String tlsProblem(Path dir) {
        for (String file : List.of("node.p12", "truststore.p12", "password")) {
            if (!Files.isReadable(dir.resolve(file))) {
                return "PRIVSIM_TLS_DIR (" + TLS_DIR + "): " + dir + " has no readable " + file
                        + "; make the cluster's TLS material with cluster-conf/make-tls.sh DIR";
            }
        }
        return null;
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

    /**
     * Starts a node with {@code config} (see {@link #config}).
     *
     * @throws IllegalStateException naming {@code --port} and the address when the node cannot
     *                               listen there (another process has the port)
     */
    public static ActorSystem<Void> start(Config config) {
        // Initialise logback before Pekko's logger threads race to do it.
        LoggerFactory.getILoggerFactory();
        return create(Behaviors.setup(ctx -> {
            SeamSharding.init(ctx.getSystem());
            ActorRef<ScenarioCuratorCommand> curator = ScenarioCurator.init(ctx.getSystem());
            ActorSystem<Void> system = ctx.getSystem();
            Cluster.get(Adapter.toClassic(system)).registerOnMemberUp(() -> system.systemActorOf(
                    Behaviors.<ScenarioCuratorCommand>receiveMessage(m -> {
                        curator.tell(m);
                        return Behaviors.same();
                    }), CURATOR_ENTRY, Props.empty()));
            if (Cluster.get(Adapter.toClassic(ctx.getSystem())).selfMember().hasRole(Role.USER.clusterRole())) {
                SpreadHost.init(ctx.getSystem());
            }
            for (Role role : Role.values()) {
                if (role != Role.USER
                        && Cluster.get(Adapter.toClassic(ctx.getSystem())).selfMember().hasRole(role.clusterRole())) {
                    ParticipantHost.init(ctx.getSystem(), role);
                }
            }
            return Behaviors.empty();
        }), config);
    }

    /**
     * Why a node with {@code config} could not listen where it is configured to (Artery's bind
     * address, else its canonical one), or null: the address is tried, and released at once. A
     * {@code privsim node} asks first because it runs with {@code coordinated-shutdown.exit-jvm =
     * on}, which would end the JVM with status 0 when its start fails; a port taken between this
     * check and the node's start is still reported by {@link #start}.
     */
    public static String listenProblem(Config config) {
        InetSocketAddress address = listenAddress(config);
        if (address.getPort() == 0) {
            return null;
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(address.getHostString(), address.getPort()));
            return null;
        } catch (IOException e) {
            return cannotListen(address, e);
        }
    }

    /** Where Artery listens with {@code config}: its bind address, else its canonical one (unresolved). */
    private static InetSocketAddress listenAddress(Config config) {
        String artery = "pekko.remote.artery.";
        String host = config.getString(artery + "bind.hostname");
        if (host.isBlank()) {
            host = config.getString(artery + "canonical.hostname");
        }
        String bindPort = config.getString(artery + "bind.port");
        int port = bindPort.isBlank() ? config.getInt(artery + "canonical.port") : Integer.parseInt(bindPort);
        return InetSocketAddress.createUnresolved(host, port);
    }

    private static String cannotListen(InetSocketAddress address, IOException e) {
        // Pekko's BindException message starts with the address in brackets
        return "--port: cannot listen on " + address.getHostString() + ":" + address.getPort() + ": "
                + String.valueOf(e.getMessage()).replaceFirst("^\\[[^]]*] ", "");
    }

    /** {@code ActorSystem.create}, with a port another process holds reported as one line. */
    private static ActorSystem<Void> create(Behavior<Void> guardian, Config config) {
        try {
            return ActorSystem.create(guardian, SYSTEM, config);
        } catch (RuntimeException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof BindException bind) {
                    throw new IllegalStateException(cannotListen(listenAddress(config), bind), e);
                }
            }
            throw e;
        }
    }

    /**
     * Starts a submitting actor system that is not a cluster member ({@code pekko.actor.provider =
     * remote}, same remoting and TLS as {@code config}): it joins nothing, so the cluster's
     * membership, failure detection and split-brain resolver never see it, and the nodes keep no
     * member state for it. It reaches the curator, and its job, through a node's
     * {@value #CURATOR_ENTRY} and follows the job by heartbeats ({@link Submitter}).
     *
     * @throws IllegalStateException as {@link #start} does
     */
    public static ActorSystem<Void> startClient(Config config) {
        LoggerFactory.getILoggerFactory();
        return create(Behaviors.empty(), ConfigFactory.parseString(
                "pekko.actor.provider = remote\n"
                // a client is deliberately not a member: no warning that the cluster would suit better
                + "pekko.remote.warn-about-direct-use = off").withFallback(config));
    }

    /** Whether {@code system} is a cluster member (not a {@link #startClient client}). */
    static boolean isMember(ActorSystem<?> system) {
        return system.settings().config().getString("pekko.actor.provider").equals("cluster");
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
