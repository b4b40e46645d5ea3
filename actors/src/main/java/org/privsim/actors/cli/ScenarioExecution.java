package org.privsim.actors.cli;

import com.typesafe.config.ConfigFactory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.privsim.actors.cluster.ClusterNode;
import org.privsim.actors.cluster.ClusterRunner;
import org.privsim.actors.cluster.ScenarioSource;
import org.privsim.actors.local.LocalRunner;
import org.privsim.actors.report.AuditExpectations;
import org.privsim.actors.report.ReportWriter;
import org.privsim.actors.report.ResultsTable;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.RunTimeModel;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;

/**
 * Runs a validated scenario with the chosen runner, prints the results tables and writes the report
 * files. Shared by {@code run} and {@code demo}.
 *
 * <p>Guarantee: the report is written whenever the run completes; only then, if an audit's verdict
 * differs from its {@code expect}, one {@code error: audits[i]: …} line per such audit goes to
 * stderr and the exit code is {@link PrivsimCli#EXIT_FAILURE}; otherwise it is 0. A run that fails
 * (e.g. the cluster lost the curator's node) writes nothing, prints one {@code error:} line and
 * exits {@link PrivsimCli#EXIT_FAILURE}; inconsistent options exit {@link PrivsimCli#EXIT_INVALID}, and so
 * does a scenario that cannot fit this JVM's heap with the local or sequential runner, or with a cluster
 * started in this JVM ({@code --nodes}), one line naming the field. A synthetic low-rank task that
 * leaves {@code population} open runs stored when that fits the heap, else regenerated, and one
 * {@code population: …} line on stderr says which and why; the report records the mode.
 */
final class ScenarioExecution {
    private ScenarioExecution() {}

    /** The runner names {@code --runner} accepts. */
    static final List<String> RUNNERS = List.of(LocalRunner.NAME, SequentialRunner.NAME, ClusterRunner.NAME);
    /** The most cluster nodes {@code --nodes} starts in one JVM (each is an actor system with its own threads). */
    static final int MAX_NODES = 16;
    /** The seed node {@code --runner cluster} submits to without --nodes, --seed-nodes or PRIVSIM_SEED_NODES. */
    static final String DEFAULT_SEED = "127.0.0.1:2551";

    /** Runs a scenario with the local or sequential runner. */
    static Report runWith(String runner, Scenario scenario, Progress progress) {
        return switch (runner) {
            case LocalRunner.NAME -> new LocalRunner(scenario).run(progress);
            case SequentialRunner.NAME -> new SequentialRunner(scenario).run(progress);
            default -> throw new IllegalArgumentException("unknown runner " + runner);
        };
    }

    static int execute(ScenarioSource source, Scenario scenario, RunOptions options, PrintWriter out,
                       PrintWriter err) {
        String problem = problem(options, System.getenv());
        if (problem == null) {
            problem = options.out != null ? OutputCheck.problem("--out", options.out.toString())
                    : OutputCheck.problem("name", Path.of("out", scenario.name()).toString());
        }
        boolean cluster = options.runner.equals(ClusterRunner.NAME);
        // Cluster nodes read the scenario's text themselves: a population left open is stored there.
        HeapCheck.Settled settled = cluster ? new HeapCheck.Settled(scenario, null)
                : HeapCheck.settle(scenario, options.runner);
        if (problem == null && (!cluster || options.nodes != null)) {
            problem = HeapCheck.problem(settled.scenario(), options.runner);
        }
        if (problem != null) {
            err.println("error: " + problem);
            err.flush();
            return PrivsimCli.EXIT_INVALID;
        }
        if (settled.line() != null) {
            err.println(settled.line());
            err.flush();
        }
        announce(settled.scenario(), options, err);
        Path dir = options.out != null ? options.out : Path.of("out", scenario.name());
        Report report;
        try (ProgressBarReporter progress = new ProgressBarReporter(System.err)) {
            report = switch (options.runner) {
                case ClusterRunner.NAME -> options.nodes != null
                        ? ClusterRunner.inJvm(source, options.nodes, ConfigFactory.empty(), progress)
                        : ClusterRunner.onCluster(source, seedNodes(options), options.host,
                                options.port, options.roles == null ? List.of() : options.roles,
                                java.time.Duration.ofSeconds(options.joinTimeout), progress);
                default -> runWith(options.runner, settled.scenario(), progress);
            };
            report = report.withPopulation(settled.population());
        } catch (IllegalStateException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return PrivsimCli.EXIT_FAILURE;
        } catch (OutOfMemoryError e) {
            err.println(PrivsimCli.OUT_OF_MEMORY);
            err.flush();
            return PrivsimCli.EXIT_FAILURE;
        }
        out.print(ResultsTable.render(report));
        List<Path> written;
        try {
            written = ReportWriter.write(report, dir, source.text());
        } catch (java.io.UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return PrivsimCli.EXIT_FAILURE;
        }
        out.printf("runner %s, %d ms; wrote %s: %s%n", report.runner(), report.wallMillis(), dir,
                String.join(", ", written.stream().map(p -> p.getFileName().toString()).toList()));
        out.flush();
        List<String> unmet = AuditExpectations.unmet(report);
        if (unmet.isEmpty()) {
            return 0;
        }
        unmet.forEach(line -> err.println("error: " + line));
        err.flush();
        return PrivsimCli.EXIT_FAILURE;
    }

    /**
     * Prints {@link RunTimeModel#longRunWarning}'s line to {@code err} when the run is expected to take
     * more than an hour on this machine (the local and sequential runners, and a cluster started in this
     * JVM with {@code --nodes}; a submission to another machine's cluster is not estimated).
     */
    static void announce(Scenario scenario, RunOptions options, PrintWriter err) {
        if (options.runner.equals(ClusterRunner.NAME) && options.nodes == null) {
            return;
        }
        String warning = RunTimeModel.longRunWarning(scenario, options.runner, Runtime.getRuntime().availableProcessors());
        if (warning != null) {
            err.println("warning: " + warning);
            err.flush();
        }
    }

    /** --seed-nodes, else PRIVSIM_SEED_NODES, else {@link #DEFAULT_SEED}. */
    private static List<String> seedNodes(RunOptions options) {
        if (options.seedNodes != null) {
            return options.seedNodes;
        }
        List<String> env = ClusterNode.seedNodesFromEnv();
        return env != null ? env : List.of(DEFAULT_SEED);
    }

    /**
     * What is wrong with the combination of options, or with the PRIVSIM_SEED_NODES of {@code env}
     * a cluster submission would use instead of --seed-nodes, or null.
     */
    static String problem(RunOptions options, Map<String, String> env) {
        if (!RUNNERS.contains(options.runner)) {
            return "--runner: unknown runner '" + options.runner + "' (expected one of: " + String.join(", ", RUNNERS)
                    + ")";
        }
        if (options.host != null && options.host.isBlank()) {
            return NodeCommand.hostProblem(options.host, "--host");
        }
        boolean cluster = options.runner.equals(ClusterRunner.NAME);
        if (!cluster && (options.nodes != null || options.seedNodes != null)) {
            return (options.nodes != null ? "--nodes" : "--seed-nodes") + ": only with --runner cluster";
        }
        if (options.nodes != null && options.seedNodes != null) {
            return "--nodes: give either --nodes (nodes in this JVM) or --seed-nodes (a running cluster), not both";
        }
        if (options.nodes != null && (options.nodes < 1 || options.nodes > MAX_NODES)) {
            return "--nodes: must be between 1 and " + MAX_NODES + " (nodes started in this JVM), got " + options.nodes;
        }
        if (options.joinTimeout < 1 || options.joinTimeout > NodeCommand.MAX_JOIN_TIMEOUT) {
            return "--join-timeout: must be between 1 and " + NodeCommand.MAX_JOIN_TIMEOUT + " seconds, got "
                    + options.joinTimeout;
        }
        if (options.port < 0 || options.port > NodeCommand.MAX_PORT) {
            return "--port: must be between 0 (any free port) and " + NodeCommand.MAX_PORT + ", got " + options.port;
        }
        if (options.port != 0 && (!cluster || options.nodes != null)) {
            return "--port: only with --runner cluster submitting to a running cluster (not with --nodes)";
        }
        if (options.roles != null) {
            if (!cluster || options.nodes != null) {
                return "--roles: only with --runner cluster submitting to a running cluster (not with --nodes)";
            }
            for (String role : options.roles) {
                if (!ClusterRunner.SUBMITTER_EXTRA_ROLES.contains(role)) {
                    return "--roles: unknown role '" + role + "' (expected "
                            + String.join(" or ", ClusterRunner.SUBMITTER_EXTRA_ROLES) + ")";
                }
            }
        }
        if (!cluster || options.nodes != null) {
            return null;
        }
        String seeds = NodeCommand.seedProblem(options.seedNodes, env);
        return seeds != null ? seeds : NodeCommand.hostProblem(options.host, "--host");
    }

    static int invalid(ScenarioException e, PrintWriter err) {
        err.println(e.getMessage());
        err.flush();
        return PrivsimCli.EXIT_INVALID;
    }
}
