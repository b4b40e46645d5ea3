package org.privsim.actors.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options shared by the commands that run a scenario, {@code run} and {@code demo} (a
 * picocli mixin): where the report goes, which runner executes it, and for the cluster runner
 * which cluster.
 */
final class RunOptions {

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: out/<scenario name>).")
    Path out;

    @Option(names = "--runner", paramLabel = "NAME", defaultValue = "local",
            description = "Runner: local (actors in this JVM), sequential (no actors) or cluster"
                    + " (default: ${DEFAULT-VALUE}).")
    String runner;

    @Option(names = "--nodes", paramLabel = "N",
            description = "With --runner cluster: start N cluster nodes in this JVM for a quick try instead of"
                    + " submitting to a running cluster.")
    Integer nodes;

    @Option(names = "--seed-nodes", split = ",", paramLabel = "HOST:PORT",
            description = "With --runner cluster: submit to the running cluster these seed nodes belong to"
                    + " (default: PRIVSIM_SEED_NODES, else 127.0.0.1:2551).")
    List<String> seedNodes;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "With --seed-nodes: the address the cluster reaches this submitter at"
                    + " (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
            description = "With --seed-nodes: the port this submitter listens on (default: ${DEFAULT-VALUE}, any free"
                    + " port). A host that submits job after job to one long-running cluster should give a fixed"
                    + " port: the nodes then keep one connection's state for it, not one per submission.")
    int port;

    @Option(names = "--join-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "With --seed-nodes (or PRIVSIM_SEED_NODES): give up, exit 1, when this JVM has not"
                    + " joined the cluster within SECONDS (default: ${DEFAULT-VALUE}).")
    int joinTimeout = 30;

    @Option(names = "--roles", split = ",", paramLabel = "ROLE",
            description = "With --runner cluster on a running cluster: roles this submitting JVM also takes"
                    + " while the run lasts, from users (host a share of the users) and adversary"
                    + " (default: none, a bare submitter).")
    List<String> roles;
}
