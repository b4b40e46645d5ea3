package org.privsim.actors.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.privsim.actors.cluster.ClusterNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code privsim node}: starts one cluster node and keeps it running until it is stopped (Ctrl-C
 * or SIGTERM leave the cluster gracefully, handing its shards to the other nodes) or downed.
 */
@Command(name = "node", mixinStandardHelpOptions = true,
        description = "Start one privsim cluster node (configured by cluster-conf/cluster.conf) and run until"
                + " stopped. Submit scenarios to the cluster with: privsim run SCENARIO --runner cluster"
                + " --seed-nodes HOST:PORT")
final class NodeCommand implements Callable<Integer> {
    /** The roles a node may have. */
    static final Set<String> ROLES = Set.of("curator", "users", "adversary");

    @Spec
    private CommandSpec spec;

    @Option(names = "--roles", split = ",", paramLabel = "ROLE",
            description = "Node roles among curator, users, adversary (default: PRIVSIM_ROLES, else all three).")
    List<String> roles;

    @Option(names = "--host", paramLabel = "HOST",
            description = "Host name other nodes reach this one at (default: PRIVSIM_HOST, else 127.0.0.1).")
    String host;

    @Option(names = "--port", paramLabel = "PORT",
            description = "Port to listen on (default: PRIVSIM_PORT, else 2551).")
    Integer port;

    @Option(names = "--seed-nodes", split = ",", paramLabel = "HOST:PORT",
            description = "Seed nodes to join (default: PRIVSIM_SEED_NODES; none: this node starts a new cluster).")
    List<String> seedNodes;

    /** The highest TCP port. */
    static final int MAX_PORT = 65_535;

    /** The longest {@code --join-timeout}, in seconds (one day). */
    static final int MAX_JOIN_TIMEOUT = 86_400;

    @Option(names = "--join-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "With seed nodes other than this node: give up, exit 1, when it has not joined"
                    + " their cluster within SECONDS (default: ${DEFAULT-VALUE}).")
    int joinTimeout = 30;

    @Override
    public Integer call() {
        String problem = problem(roles, port, seedNodes, System.getenv());
        if (problem == null && (joinTimeout < 1 || joinTimeout > MAX_JOIN_TIMEOUT)) {
            problem = "--join-timeout: must be between 1 and " + MAX_JOIN_TIMEOUT + " seconds, got " + joinTimeout;
        }
        if (problem == null) {
            problem = hostProblem(host, "--host");
        }
        if (problem != null) {
            spec.commandLine().getErr().println("error: " + problem);
            spec.commandLine().getErr().flush();
            return PrivsimCli.EXIT_INVALID;
        }
        Config config;
        try {
            config = ClusterNode.withNodeRole(ClusterNode.config(new ClusterNode.Options(host, port, seedNodes, roles),
                    ConfigFactory.parseString("pekko.coordinated-shutdown.exit-jvm = on\n"
                            // Pekko's own give-up (cluster.conf: 60 s) after this node's, which says why:
                            // a node told to wait 120 s for a seed starved of CPU shut down after 60.
                            + "pekko.cluster.shutdown-after-unsuccessful-join-seed-nodes = "
                            + (joinTimeout + 10) + "s")));
        } catch (IllegalStateException e) {
            // an incomplete TLS directory (PRIVSIM_TLS_DIR)
            spec.commandLine().getErr().println("error: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return PrivsimCli.EXIT_INVALID;
        }
        String listen = ClusterNode.listenProblem(config);
        if (listen != null) {
            spec.commandLine().getErr().println("error: " + listen);
            spec.commandLine().getErr().flush();
            return PrivsimCli.EXIT_FAILURE;
        }
        ActorSystem<Void> system = ClusterNode.start(config);
        spec.commandLine().getOut().printf("privsim node %s with roles %s started; Ctrl-C leaves the cluster%n",
                Cluster.get(system).selfMember().address(), Cluster.get(system).selfMember().getRoles());
        spec.commandLine().getOut().flush();
        List<String> seeds = seedNodes != null ? seedNodes : ClusterNode.seedNodesFromEnv();
        if (seeds != null && !joined(system, Duration.ofSeconds(joinTimeout))) {
            spec.commandLine().getErr().println("error: could not join the cluster at seed nodes "
                    + String.join(", ", seeds) + " within " + joinTimeout + " s; are they up and reachable?");
            spec.commandLine().getErr().flush();
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
            return PrivsimCli.EXIT_FAILURE;
        }
        system.getWhenTerminated().toCompletableFuture().join();
        return 0;
    }

    /**
     * Whether this node is a member of a cluster (it was welcomed by a seed, or formed a new
     * cluster as the first seed) within {@code timeout}.
     */
    private static boolean joined(ActorSystem<Void> system, Duration timeout) {
        Cluster cluster = Cluster.get(system);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (cluster.selfMember().status() != MemberStatus.removed()
                    && cluster.state().getMembers().iterator().hasNext()) {
                return true;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /**
     * What is wrong with the node's options, or with the environment variables standing in for
     * those not given, or null; the message starts with the option or variable it is about.
     */
    static String problem(List<String> roles, Integer port, List<String> seedNodes, Map<String, String> env) {
        String rolesSource = roles != null ? "--roles" : "PRIVSIM_ROLES";
        List<String> givenRoles = roles != null ? roles : ClusterNode.list(env.get("PRIVSIM_ROLES"));
        if (givenRoles != null) {
            for (String role : givenRoles) {
                if (!ROLES.contains(role)) {
                    return rolesSource + ": unknown role '" + role + "' (expected curator, users or adversary)";
                }
            }
        }
        if (port != null && (port < 0 || port > MAX_PORT)) {
            return "--port: must be between 0 and " + MAX_PORT;
        }
        String envPort = env.get("PRIVSIM_PORT");
        if (port == null && envPort != null && !envPort.isBlank()
                && !(envPort.trim().matches("\\d{1,5}") && Integer.parseInt(envPort.trim()) <= MAX_PORT)) {
            return "PRIVSIM_PORT: '" + envPort + "' is not a port between 0 and " + MAX_PORT;
        }
        return seedProblem(seedNodes, env);
    }

    /**
     * What is wrong with {@code seedNodes} (--seed-nodes) or, when that is null, with the
     * PRIVSIM_SEED_NODES of {@code env}, or null.
     */
    static String seedProblem(List<String> seedNodes, Map<String, String> env) {
        if (seedNodes != null) {
            return seedProblem(seedNodes, "--seed-nodes");
        }
        List<String> fromEnv = ClusterNode.list(env.get("PRIVSIM_SEED_NODES"));
        return fromEnv == null ? null : seedProblem(fromEnv, "PRIVSIM_SEED_NODES");
    }

    /** How long {@link #hostProblem} waits for a name to resolve. */
    static final java.time.Duration RESOLVE_TIMEOUT = java.time.Duration.ofSeconds(5);

    /**
     * What is wrong with {@code host} given as {@code option}, or null: it must be non-empty and
     * resolve to an address within {@link #RESOLVE_TIMEOUT} (Pekko would otherwise wait out the join
     * timeout before failing to bind).
     */
    static String hostProblem(String host, String option) {
        if (host == null) {
            return null;
        }
        if (host.isBlank()) {
            return option + ": must name a host, got an empty string";
        }
        java.util.concurrent.CompletableFuture<java.net.InetAddress> lookup = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> {
                    try {
                        return java.net.InetAddress.getByName(host);
                    } catch (java.net.UnknownHostException e) {
                        return null;
                    }
                });
        try {
            return lookup.get(RESOLVE_TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS) != null ? null
                    : option + ": '" + host + "' does not resolve to an address";
        } catch (java.util.concurrent.TimeoutException e) {
            return option + ": '" + host + "' did not resolve within " + RESOLVE_TIMEOUT.toSeconds() + " s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return option + ": interrupted while resolving '" + host + "'";
        } catch (java.util.concurrent.ExecutionException e) {
            return option + ": '" + host + "' does not resolve to an address";
        }
    }

    /** What is wrong with a list of HOST:PORT seed nodes given by {@code source}, or null. */
    private static String seedProblem(List<String> seeds, String source) {
        for (String seed : seeds) {
            int colon = seed.lastIndexOf(':');
            if (seed.startsWith("pekko://")) {
                continue;
            }
            if (colon <= 0 || !seed.substring(colon + 1).matches("\\d{1,5}")) {
                return source + ": '" + seed + "' is not HOST:PORT";
            }
            int port = Integer.parseInt(seed.substring(colon + 1));
            if (port < 1 || port > MAX_PORT) {
                return source + ": '" + seed + "': the port must be between 1 and " + MAX_PORT;
            }
        }
        return null;
    }
}
