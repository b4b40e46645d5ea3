package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.Test;
import org.privsim.actors.local.LocalRunner;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.seam.Role;
import org.privsim.protocol.ParticipantHostCommand;
import org.privsim.protocol.SeamDeskCommand;

/**
 * Indexed-mean audits on a 3-node cluster: the audits run on the seam, each trial batch a run on a
 * users node, and each run's adversary — participant t, of role adversary — on a node with role
 * adversary (round-robin over the hosts), behind a stand-in beside the run's curator; the report
 * equals the local runner's field for field. Every message crosses the CBOR serializer
 * (serialize-messages on), and Artery's outbound queue is cut to 512: the colluders' outputs of a
 * batch reach the adversary as one message. Losing an adversary's node, an adversary that stops
 * answering, and an adversary that cannot be placed each fail the audit with the reason instead of
 * leaving it waiting.
 */
class ClusterAdversaryTest {
    private static final Duration ASK = Duration.ofSeconds(10);
    private static final Config EXTRA = ConfigFactory.parseString("""
            pekko.actor.serialize-messages = on
            pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
            """);
    private static final String SCENARIO = """
            name: cluster-audits
            seed: 23
            task: { type: indexed-mean, dimension: 100, persons: 100, samplesPerPerson: 1, indices: distinct }
            audits:
              - { algorithm: indexed-mean-1-out-of-t, threatModel: jdp, epsilon: 1, delta: 1.0e-5, trials: 400 }
              - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 300 }
              - { algorithm: indexed-mean-jdp,       threatModel: jdp, collusion: 4, target: 2, epsilon: 1, delta: 1.0e-5, trials: 300 }
              - { algorithm: indexed-mean-jdp,       threatModel: jdp, epsilon: 1, delta: 1.0e-5, trials: 200, inject: { noiseMultiplier: 0.1 } }
            """;

    @Test
    void auditsWithRemoteAdversariesEqualTheLocalRunner() throws Exception {
        ScenarioSource source = new ScenarioSource(SCENARIO, "audit.yaml", null);
        Report local = new LocalRunner(source.scenario()).run(Progress.NONE).withoutTiming();
        List<ActorSystem<Void>> systems = ClusterRunner.startLocalCluster(3, ConfigFactory.parseString(
                "pekko.remote.artery.advanced.outbound-message-queue-size = 512").withFallback(EXTRA));
        try {
            Report cluster = ClusterRunner.submit(systems.get(0), source, Progress.NONE).withoutTiming();
            assertEquals(local, cluster);

            Map<Address, Integer> hosted = hostedByNode(systems.get(0));
            assertEquals(3, hosted.size(), "one adversary host per node: " + hosted);
            // Batches of 128 trials (|S|, |C| ≤ 100 doubles per trial, 16,384 per message): 4 + 3 + 3 + 2 runs,
            // one adversary each.
            assertEquals(12, hosted.values().stream().mapToInt(Integer::intValue).sum(), "adversaries: " + hosted);
            Address curator = curatorNode(systems.get(0));
            assertTrue(hosted.entrySet().stream().anyMatch(e -> !e.getKey().equals(curator) && e.getValue() > 0),
                    "an adversary ran off the curator's node " + curator + ": " + hosted);
        } finally {
            ClusterRunner.stop(systems);
        }
    }

    @Test
    void losingTheAdversarysNodeFailsTheAuditWithTheReason() throws Exception {
        List<ActorSystem<Void>> systems = ClusterRunner.startLocalCluster(3, EXTRA);
        try {
            Address curator = curatorNode(systems.get(0));
            Map<Address, Integer> hosts = hostedByNode(systems.get(0));
            while (hosts.size() < 3) {
                hosts = hostedByNode(systems.get(0));
            }
            // Runs go round-robin over the adversary hosts: stop one that neither runs the curator nor submits.
            Address submitting = Cluster.get(systems.get(0)).selfMember().address();
            Address victim = hosts.keySet().stream().filter(a -> !a.equals(curator) && !a.equals(submitting))
                    .findFirst().orElseThrow();
            ScenarioSource source = new ScenarioSource("""
                    name: adversary-lost
                    seed: 5
                    task: { type: indexed-mean, dimension: 12, persons: 10, samplesPerPerson: 1, indices: distinct }
                    audits:
                      - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 20 }
                      - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 2000000 }
                    """, "lost.yaml", null);
            CompletableFuture<Void> scoring = new CompletableFuture<>();
            Progress progress = (done, total, message) -> {
                if (message.startsWith("audit 1 run ")) {
                    scoring.complete(null);
                }
            };
            CompletableFuture<Report> run = CompletableFuture.supplyAsync(
                    () -> ClusterRunner.submit(systems.get(0), source, progress));
            CompletableFuture.anyOf(scoring, run).get(60, TimeUnit.SECONDS);
            assertFalse(run.isDone(), "the long audit ended before its node was stopped");
            // The audit's runs are placed round-robin as they start: on a loaded host the victim's first one
            // can come a moment after the first progress line, so wait for it (bounded).
            long placedBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (hostedByNode(systems.get(0)).getOrDefault(victim, 0) == 0 && System.nanoTime() < placedBy) {
                Thread.sleep(100);
            }
            assertTrue(hostedByNode(systems.get(0)).getOrDefault(victim, 0) > 0, "adversaries run on " + victim);
            systems.stream().filter(s -> Cluster.get(s).selfMember().address().equals(victim))
                    .findFirst().orElseThrow().terminate();
            // A run whose adversary was on the victim fails with "… stopped (its node crashed or left …)";
            // one that asked the victim's host to place it just before fails with "… could not be placed …".
            // The loss is seen once the victim is downed (failure detector, then the split-brain resolver):
            // on a loaded 2-core host that took more than 60 s once, hence 180 s.
            ExecutionException failure = assertThrows(ExecutionException.class, () -> run.get(180, TimeUnit.SECONDS));
            assertTrue(failure.getCause().getMessage().contains("audit 1: its adversary"),
                    failure.getCause().getMessage());
        } finally {
            ClusterRunner.stop(systems);
        }
    }

    @Test
    void anAdversaryThatStopsAnsweringFailsTheAuditAfterTheSilenceTimeout() throws Exception {
        // One node without the adversary role, and a host that places a deaf adversary: it takes
        // the requests like the real one but never answers.
        ActorSystem<Void> node = singleNode("privsim.cluster.adversary-silence-timeout = 3s");
        try {
            ActorRef<ParticipantHostCommand> deafHost = node.systemActorOf(Behaviors.<ParticipantHostCommand>setup(
                    ctx -> Behaviors.receive(ParticipantHostCommand.class).onMessage(ParticipantHostCommand.Spawn.class,
                            m -> {
                                m.desk().tell(new SeamDeskCommand.ParticipantPlaced(m.job(), m.cell(), m.run(),
                                        m.participant(), Cluster.get(ctx.getSystem()).selfMember().address().toString()));
                                return Behaviors.same();
                            }).build()), "deaf-host", Props.empty());
            node.receptionist().tell(Receptionist.register(ParticipantHost.key(Role.ADVERSARY), deafHost));
            RuntimeException failure = assertThrows(RuntimeException.class,
                    () -> ClusterRunner.submit(node, deaf(), Progress.NONE));
            assertTrue(failure.getMessage().contains("audit 0: its adversary (participant 10 of run")
                    && failure.getMessage().contains("answered nothing for 3 s"), failure.getMessage());
        } finally {
            ClusterRunner.stop(List.of(node));
        }
    }

    @Test
    void anAdversaryThatCannotBePlacedFailsTheAuditWithTheReason() throws Exception {
        ActorSystem<Void> node = singleNode("privsim.cluster.adversary-placement-timeout = 3s");
        try {
            RuntimeException failure = assertThrows(RuntimeException.class,
                    () -> ClusterRunner.submit(node, deaf(), Progress.NONE));
            assertTrue(failure.getMessage().contains("audit 0: its adversary (participant 10 of run")
                    && failure.getMessage().contains("could not be placed within 3 s")
                    && failure.getMessage().contains("no host was listed for every reachable node with role adversary"),
                    failure.getMessage());
        } finally {
            ClusterRunner.stop(List.of(node));
        }
    }

    /** A one-node cluster (curator and users roles, no adversary role) with {@code settings}, Up. */
    private static ActorSystem<Void> singleNode(String settings) throws Exception {
        ActorSystem<Void> node = ClusterNode.start(ClusterNode.config(new ClusterNode.Options("127.0.0.1", 0,
                null, List.of(ScenarioCurator.ROLE, SeamSharding.USERS_ROLE)), ConfigFactory.parseString(
                settings).withFallback(EXTRA)));
        Cluster.get(node).manager().tell(Join.create(Cluster.get(node).selfMember().address()));
        ClusterNode.up(node).get(60, TimeUnit.SECONDS);
        return node;
    }

    private static ScenarioSource deaf() {
        return new ScenarioSource("""
                name: deaf
                seed: 3
                task: { type: indexed-mean, dimension: 12, persons: 10, samplesPerPerson: 1, indices: distinct }
                audits:
                  - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 52 }
                """, "deaf.yaml", null);
    }

    /** How many adversaries each node's host started, by node address. */
    private static Map<Address, Integer> hostedByNode(ActorSystem<?> system) throws Exception {
        ServiceKey<ParticipantHostCommand> key = ParticipantHost.key(Role.ADVERSARY);
        Receptionist.Listing listing = AskPattern.<Receptionist.Command, Receptionist.Listing>ask(
                system.receptionist(), r -> Receptionist.find(key, r), ASK, system.scheduler())
                .toCompletableFuture().get();
        Address self = Cluster.get(system).selfMember().address();
        Map<Address, Integer> hosted = new HashMap<>();
        for (ActorRef<ParticipantHostCommand> host : listing.getServiceInstances(key)) {
            ParticipantHostCommand.HostedCount count = AskPattern.<ParticipantHostCommand,
                    ParticipantHostCommand.HostedCount>ask(host, ParticipantHostCommand.CountHosted::new, ASK,
                    system.scheduler()).toCompletableFuture().get();
            Address address = host.path().address();
            hosted.put(address.hasGlobalScope() ? address : self, count.count());
        }
        return hosted;
    }

    /** The node of the curator singleton: the oldest member with the curator role. */
    private static Address curatorNode(ActorSystem<?> system) {
        Member oldest = null;
        for (Member m : Cluster.get(system).state().getMembers()) {
            if (m.hasRole(ScenarioCurator.ROLE) && (oldest == null || m.isOlderThan(oldest))) {
                oldest = m;
            }
        }
        return oldest.address();
    }
}
