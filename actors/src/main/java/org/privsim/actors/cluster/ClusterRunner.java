package org.privsim.actors.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.privsim.actors.local.SimulationGuardian;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Role;
import org.privsim.protocol.ScenarioCuratorCommand;
import org.privsim.protocol.SubmitterCommand;
import org.slf4j.LoggerFactory;

/**
 * Runs a scenario on a Pekko cluster: users and aggregators as sharded entities on the
 * {@code users} nodes, the curator as a singleton, results sent back to the submitter.
 *
 * <p>Guarantee: the report equals the local runner's field for field except {@code runner}
 * ({@value #NAME}) and {@code wallMillis} (same sums in the same order, every draw from the same
 * streams). The calls block, never forever: they end with the report or an
 * {@link IllegalStateException} naming what went wrong, and stop every actor system they started.
 */
public final class ClusterRunner {
    /** Runner name in reports. */
    public static final String NAME = "cluster";
    /** How long a node started here may take to join its cluster. */
    static final Duration JOIN_TIMEOUT = Duration.ofSeconds(60);
    /**
     * How long {@link #stop} waits for one node to terminate before it goes on: coordinated
     * shutdown's phases have their own timeouts, so this only guards against a node that hangs.
     */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(90);
    /**
     * How long a client that has its report waits for its actor system to terminate. Artery's
     * shutdown flushes to the nodes within {@code shutdown-flush-timeout} (cluster.conf: 200 ms) and
     * its streams normally complete within a second; but now and then (1 of 100, and once 2 of 30,
     * submissions of the cluster-conf/netns-cluster.sh soaks, over TLS) a stream never completes and
     * the system would not terminate for {@link #STOP_TIMEOUT}. Nothing is left to send by then, so the client goes
     * on after this long (the JVM's exit ends the rest).
     */
    static final Duration CLIENT_STOP_TIMEOUT = Duration.ofSeconds(10);

    /** The role of a member that submits scenarios. */
    static final String SUBMITTER_ROLE = "submitter";
    /** The roles a submitting member may take besides {@value #SUBMITTER_ROLE} (not the curator's). */
    public static final List<String> SUBMITTER_EXTRA_ROLES = List.of(SeamSharding.USERS_ROLE,
            Role.ADVERSARY.clusterRole());

    private static final AtomicLong SUBMISSIONS = new AtomicLong();

    private ClusterRunner() {}

    /**
     * Submits {@code source} through {@code system}, a running member of the cluster, and waits.
     * The wall time counts from the submission.
     */
    public static Report submit(ActorSystem<?> system, ScenarioSource source, Progress progress) {
        return submit(system, source, progress, source.scenario());
    }

    /**
     * Submits {@code source}, already parsed here as {@code scenario} (its data set's hash is what the
     * curator's own read must match), and waits.
     */
    public static Report submit(ActorSystem<?> system, ScenarioSource source, Progress progress, Scenario scenario) {
        return submit(system, ScenarioCurator.init(system), source, progress, scenario);
    }

    /** Submits {@code source} through {@code system}, a member, to {@code curator} (the singleton's proxy), and waits. */
    private static Report submit(ActorSystem<?> system, ActorRef<ScenarioCuratorCommand> curator, ScenarioSource source,
                                 Progress progress, Scenario scenario) {
        Config config = system.settings().config();
        CompletableFuture<SimulationGuardian.Outcomes> outcomes = new CompletableFuture<>();
        return await(system, Submitter.member(curator, source, datasetSha256(scenario),
                config.getDuration(ClusterNode.SETTINGS + ".accept-timeout"),
                config.getDuration(ClusterNode.SETTINGS + ".job-node-lost-after"), progress, outcomes),
                scenario, outcomes);
    }

    /**
     * Submits {@code source} through {@code client}, not a member, to the curator entries of
     * {@code seedNodes} (each in turn until one answers, within {@code joinTimeout}), and waits.
     */
    private static Report submitAsClient(ActorSystem<?> client, List<String> seedNodes, Duration joinTimeout,
                                         ScenarioSource source, Progress progress) {
        Config config = client.settings().config();
        org.apache.pekko.actor.ActorSystem classic = Adapter.toClassic(client);
        List<ActorRef<ScenarioCuratorCommand>> entries = new ArrayList<>();
        for (String seed : seedNodes) {
            entries.add(Adapter.toTyped(((ExtendedActorSystem) classic).provider().resolveActorRef(
                    ClusterNode.address(seed) + "/system/" + ClusterNode.CURATOR_ENTRY)));
        }
        Scenario scenario = source.scenario();
        CompletableFuture<SimulationGuardian.Outcomes> outcomes = new CompletableFuture<>();
        return await(client, Submitter.client(entries, source, datasetSha256(scenario), joinTimeout,
                "could not join the cluster at seed nodes " + String.join(", ", seedNodes) + " within "
                        + joinTimeout.toSeconds() + " s; are its nodes up, with a curator and a users node?",
                config.getDuration(ClusterNode.SETTINGS + ".client-heartbeat-interval"),
                config.getDuration(ClusterNode.SETTINGS + ".client-silence-timeout"), progress, outcomes),
                scenario, outcomes);
    }

    private static String datasetSha256(Scenario scenario) {
        return scenario.datasetTask() == null ? null : scenario.datasetTask().sha256();
    }

    /** Spawns {@code submitter} (which completes {@code outcomes}) in {@code system} and waits for its report. */
    private static Report await(ActorSystem<?> system, Behavior<SubmitterCommand> submitter, Scenario scenario,
                                CompletableFuture<SimulationGuardian.Outcomes> outcomes) {
        long start = System.nanoTime();
        system.systemActorOf(submitter, "submitter-" + SUBMISSIONS.incrementAndGet(), Props.empty());
        system.getWhenTerminated().thenRun(() -> outcomes.completeExceptionally(
                new IllegalStateException("the submitting node stopped before the job finished")));
        SimulationGuardian.Outcomes all = join(outcomes);
        return all.report(scenario, NAME, (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * Submits {@code source} to the cluster at {@code seedNodes} and waits. With no {@code roles}
     * this JVM is a client, not a member: it submits through the seed nodes' curator entries in turn
     * until one answers, and follows its job by heartbeats ({@link Submitter}) — the cluster's membership, its
     * failure detector and split-brain resolver never count it, and no node keeps member state
     * for it after it is gone. With {@code roles} it joins as a member with role {@code submitter}
     * and those roles, and leaves at the end. The wall time counts from the start.
     *
     * @param host  the host other nodes reach this one at
     * @param port  the port this JVM listens on, 0 for any free one; a host submitting job after job
     *              should use a fixed one, so the nodes keep one association (connection state,
     *              TLS sessions) for it, which each new submission takes over, instead of one per
     *              submission
     * @param roles roles from {@link #SUBMITTER_EXTRA_ROLES} this member also takes while the run
     *              lasts: with {@code users} it hosts a share of the ranges like any users node (and
     *              counts towards {@code pekko.cluster.role.users.min-nr-of-members}), and hands them
     *              off when it leaves
     */
    public static Report onCluster(ScenarioSource source, List<String> seedNodes, String host, int port,
                                   List<String> roles, Progress progress) {
        return onCluster(source, seedNodes, host, port, roles, JOIN_TIMEOUT, progress);
    }

    /**
     * {@link #onCluster(ScenarioSource, List, String, int, List, Progress)} giving up with an
     * {@link IllegalStateException} naming the seed nodes when this JVM's node is not Up within
     * {@code joinTimeout}.
     */
    public static Report onCluster(ScenarioSource source, List<String> seedNodes, String host, int port,
                                   List<String> roles, Duration joinTimeout, Progress progress) {
        return onCluster(source, seedNodes, host, port, roles, joinTimeout, ConfigFactory.empty(), progress);
    }

    /** {@link #onCluster(ScenarioSource, List, String, int, List, Duration, Progress)} with {@code extra} under the options. */
    static Report onCluster(ScenarioSource source, List<String> seedNodes, String host, int port, List<String> roles,
                            Duration joinTimeout, Config extra, Progress progress) {
        long start = System.nanoTime();
        if (roles.isEmpty()) {
            Config config = ClusterNode.config(new ClusterNode.Options(host, port, seedNodes, List.of(SUBMITTER_ROLE)),
                    extra);
            ActorSystem<Void> client = ClusterNode.startClient(config);
            try {
                Report report = submitAsClient(client, seedNodes, joinTimeout, source, progress);
                return report.withWallMillis((System.nanoTime() - start) / 1_000_000);
            } finally {
                client.terminate();
                awaitTermination(client, CLIENT_STOP_TIMEOUT);
            }
        }
        List<String> all = new ArrayList<>(List.of(SUBMITTER_ROLE));
        all.addAll(roles);
        ActorSystem<Void> system = ClusterNode.start(ClusterNode.config(
                new ClusterNode.Options(host, port, seedNodes, all), ConfigFactory.parseString(
                        "pekko.cluster.shutdown-after-unsuccessful-join-seed-nodes = "
                                + (joinTimeout.toSeconds() + 10) + "s").withFallback(extra)));
        try {
            // while this member joins: the curator's proxy starts looking for the singleton, and the
            // scenario the curator will run is parsed here (its data set hashed) — both off the submit path
            ActorRef<ScenarioCuratorCommand> curator = ScenarioCurator.init(system);
            Scenario scenario = source.scenario();
            await(ClusterNode.up(system), joinTimeout, "could not join the cluster at seed nodes "
                    + String.join(", ", seedNodes) + " within " + joinTimeout.toSeconds()
                    + " s; are its nodes up, with a curator and a users node?");
            Report report = submit(system, curator, source, progress, scenario);
            return report.withWallMillis((System.nanoTime() - start) / 1_000_000);
        } finally {
            stop(List.of(system));
        }
    }

    /**
     * Starts {@code nodes} cluster nodes in this JVM on 127.0.0.1 (free ports, every role), runs
     * {@code source} on them, and stops them. The wall time includes forming the cluster.
     *
     * @param extra configuration layered over cluster.conf on every node (tests: deadlines,
     *              serialize-messages)
     */
    public static Report inJvm(ScenarioSource source, int nodes, Config extra, Progress progress) {
        long start = System.nanoTime();
        List<ActorSystem<Void>> systems = startLocalCluster(nodes, extra);
        try {
            Report report = submit(systems.get(0), source, progress);
            return report.withWallMillis((System.nanoTime() - start) / 1_000_000);
        } finally {
            stop(systems);
        }
    }

    /**
     * Starts {@code nodes} nodes in this JVM on 127.0.0.1 with free ports and every role, joined
     * together, and waits until all are Up; the first of the list is the oldest (the curator's and
     * the shard coordinator's node).
     */
    public static List<ActorSystem<Void>> startLocalCluster(int nodes, Config extra) {
        if (nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1");
        }
        // No member is Up, and the shard coordinator allocates no shard, before every node's region
        // can take shards: allocating to the first nodes only would make the coordinator move
        // shards (and drop their buffered messages) in the middle of the job.
        Config config = extra.withValue("pekko.cluster.seed-nodes", ConfigValueFactory.fromIterable(List.of()))
                .withFallback(ConfigFactory.parseString("pekko.cluster.jmx.multi-mbeans-in-same-jvm = on\n"
                        + "pekko.cluster.role." + SeamSharding.USERS_ROLE + ".min-nr-of-members = " + nodes));
        List<ActorSystem<Void>> systems = new ArrayList<>();
        try {
            for (int i = 0; i < nodes; i++) {
                systems.add(ClusterNode.start(ClusterNode.config(new ClusterNode.Options("127.0.0.1", 0, null,
                        List.of(ScenarioCurator.ROLE, SeamSharding.USERS_ROLE, Role.ADVERSARY.clusterRole())), config)));
            }
            Address first = Cluster.get(systems.get(0)).selfMember().address();
            List<CompletableFuture<Void>> up = new ArrayList<>();
            for (ActorSystem<Void> system : systems) {
                up.add(ClusterNode.up(system));
                Cluster.get(system).manager().tell(Join.create(first));
            }
            await(CompletableFuture.allOf(up.toArray(CompletableFuture[]::new)), "the " + nodes
                    + " in-JVM nodes did not form a cluster within " + JOIN_TIMEOUT.toSeconds() + " s");
            // Members moved Up together are aged by the leader, not in start order: oldest first (the
            // singletons' host), as when nodes came up one by one.
            systems.sort(Comparator.comparing(s -> Cluster.get(s).selfMember(), Member.ageOrdering()));
            return systems;
        } catch (RuntimeException e) {
            stop(systems);
            throw e;
        }
    }

    /**
     * Terminates every system but the first at once, then the first (the oldest node: it hosts the
     * singletons, which would otherwise hand over to a node that is itself leaving), each leaving
     * the cluster gracefully while the first still sees it go — stopping all at once, the first
     * too, makes each wait for the others' aborted connections. Waits at most
     * {@link #STOP_TIMEOUT} for each, logging one that is late.
     */
    public static void stop(List<? extends ActorSystem<?>> systems) {
        if (systems.isEmpty()) {
            return;
        }
        for (int i = systems.size() - 1; i >= 1; i--) {
            systems.get(i).terminate();
        }
        for (int i = systems.size() - 1; i >= 1; i--) {
            if (!awaitTermination(systems.get(i), STOP_TIMEOUT)) {
                return;
            }
        }
        systems.get(0).terminate();
        awaitTermination(systems.get(0), STOP_TIMEOUT);
    }

    /** Waits up to {@code timeout} for {@code system} to terminate; false when interrupted. */
    private static boolean awaitTermination(ActorSystem<?> system, Duration timeout) {
        try {
            system.getWhenTerminated().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LoggerFactory.getLogger(ClusterRunner.class).warn("node {} did not terminate within {} s; going on",
                    system.address(), timeout.toSeconds());
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }

    private static void await(CompletableFuture<?> future, String timeoutMessage) {
        await(future, JOIN_TIMEOUT, timeoutMessage);
    }

    private static void await(CompletableFuture<?> future, Duration timeout, String timeoutMessage) {
        try {
            future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(timeoutMessage);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IllegalStateException ise ? ise : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while joining the cluster");
        }
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof IllegalStateException ise ? ise : new IllegalStateException(e.getCause());
        }
    }
}
