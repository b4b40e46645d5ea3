package org.privsim.actors.cli;

import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.pekko.actor.typed.ActorSystem;
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

    @Override
    public Integer call() {
        String problem = problem();
        if (problem != null) {
            spec.commandLine().getErr().println("error: " + problem);
            spec.commandLine().getErr().flush();
            return PrivsimCli.EXIT_INVALID;
        }
        ActorSystem<Void> system = ClusterNode.start(ClusterNode.config(
                new ClusterNode.Options(host, port, seedNodes, roles),
                ConfigFactory.parseString("pekko.coordinated-shutdown.exit-jvm = on")));
        spec.commandLine().getOut().printf("privsim node %s with roles %s started; Ctrl-C leaves the cluster%n",
                Cluster.get(system).selfMember().address(), Cluster.get(system).selfMember().getRoles());
        spec.commandLine().getOut().flush();
        system.getWhenTerminated().toCompletableFuture().join();
        return 0;
    }

    private String problem() {
        if (roles != null) {
            for (String role : roles) {
                if (!ROLES.contains(role)) {
                    return "--roles: unknown role '" + role + "' (expected curator, users or adversary)";
                }
            }
        }
        if (port != null && (port < 0 || port > 65535)) {
            return "--port: must be between 0 and 65535";
        }
        return seedNodes == null ? null : seedProblem(seedNodes);
    }

    /** What is wrong with a list of HOST:PORT seed nodes, or null. */
    static String seedProblem(List<String> seeds) {
        for (String seed : seeds) {
            int colon = seed.lastIndexOf(':');
            if (seed.startsWith("pekko://")) {
                continue;
            }
            if (colon <= 0 || !seed.substring(colon + 1).matches("\\d{1,5}")) {
                return "--seed-nodes: '" + seed + "' is not HOST:PORT";
            }
        }
        return null;
    }
}
