package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.pubsub.Topic;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.Test;
import org.privsim.actors.local.LocalRunner;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AdversaryHostCommand;
import org.privsim.protocol.BillboardPost;

/**
 * Indexed-mean audits on a 3-node cluster: each audit's adversary runs on a node with role
 * adversary (round-robin over the hosts), fed by a per-audit billboard topic and its colluders'
 * forwarded outputs, and the report equals the local runner's field for field. Every message
 * crosses the CBOR serializer (serialize-messages on). The first audit has 99 colluders and 256
 * trials in flight (4 batches of 64; 400 trials end on a batch of 16): sent one output per message,
 * that burst (25,344) would overflow Artery's outbound queue (3,072 by default; 512 in this test)
 * and the audit would never finish — gathered into one message per batch, it fits. Losing an
 * adversary's node, or an
 * adversary that stops scoring, fails the audit with the reason instead of leaving it waiting.
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
        // A sixth of Artery's outbound queue: still room for what a batched audit has in flight
        // (4 batches × opening, outputs, post, re-sends included), none for 256 × 99 single outputs.
        List<ActorSystem<Void>> systems = ClusterRunner.startLocalCluster(3, ConfigFactory.parseString(
                "pekko.remote.artery.advanced.outbound-message-queue-size = 512").withFallback(EXTRA));
        try {
            Report cluster = ClusterRunner.submit(systems.get(0), source, Progress.NONE).withoutTiming();
            assertEquals(local, cluster);

            Map<Address, Integer> hosted = hostedByNode(systems.get(0));
            assertEquals(3, hosted.size(), "one adversary host per node: " + hosted);
            assertEquals(4, hosted.values().stream().mapToInt(Integer::intValue).sum(), "adversaries: " + hosted);
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
            // Audit a goes to host a mod 3 in address order: put a long audit on a node that neither
            // runs the curator nor submits (the nodes join together, so the oldest need not be the first).
            Address submitting = Cluster.get(systems.get(0)).selfMember().address();
            List<Address> order = hosts.keySet().stream().sorted(Comparator.comparing(Address::toString)).toList();
            int k = IntStream.range(0, order.size()).filter(i -> !order.get(i).equals(curator)
                    && !order.get(i).equals(submitting)).findFirst().orElseThrow();
            StringBuilder text = new StringBuilder("""
                    name: adversary-lost
                    seed: 5
                    task: { type: indexed-mean, dimension: 12, persons: 10, samplesPerPerson: 1, indices: distinct }
                    audits:
                    """);
            for (int a = 0; a < k; a++) {
                text.append("  - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1,"
                        + " delta: 1.0e-5, trials: 20 }\n");
            }
            text.append("  - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5,"
                    + " trials: 2000000 }\n");
            ScenarioSource source = new ScenarioSource(text.toString(), "lost.yaml", null);
            CompletableFuture<Void> scoring = new CompletableFuture<>();
            Progress progress = (done, total, message) -> {
                if (message.startsWith("audit " + k + ": ")) {
                    scoring.complete(null);
                }
            };
            CompletableFuture<Report> run = CompletableFuture.supplyAsync(
                    () -> ClusterRunner.submit(systems.get(0), source, progress));
            CompletableFuture.anyOf(scoring, run).get(60, TimeUnit.SECONDS);
            assertFalse(run.isDone(), "the long audit ended before its node was stopped");
            Address victim = order.get(k);
            assertEquals(1, hostedByNode(systems.get(0)).get(victim), "the long audit's adversary runs on " + victim);
            systems.stream().filter(s -> Cluster.get(s).selfMember().address().equals(victim))
                    .findFirst().orElseThrow().terminate();
            ExecutionException failure = assertThrows(ExecutionException.class, () -> run.get(60, TimeUnit.SECONDS));
            assertTrue(failure.getCause().getMessage().contains("audit " + k + ": its adversary"),
                    failure.getCause().getMessage());
        } finally {
            ClusterRunner.stop(systems);
        }
    }

    @Test
    void anAdversaryThatStopsScoringFailsTheAuditAfterTheSilenceTimeout() throws Exception {
        // One node without the adversary role, and a host that places a deaf adversary: it
        // subscribes to the billboard topic like the real one but never scores.
        ActorSystem<Void> node = ClusterNode.start(ClusterNode.config(new ClusterNode.Options("127.0.0.1", 0,
                null, List.of(ScenarioCurator.ROLE, SeamSharding.USERS_ROLE)), ConfigFactory.parseString(
                "privsim.cluster.adversary-silence-timeout = 3s").withFallback(EXTRA)));
        try {
            Cluster.get(node).manager().tell(Join.create(Cluster.get(node).selfMember().address()));
            ClusterNode.up(node).get(60, TimeUnit.SECONDS);
            ActorRef<AdversaryHostCommand> deafHost = node.systemActorOf(Behaviors.<AdversaryHostCommand>setup(
                    ctx -> Behaviors.receive(AdversaryHostCommand.class).onMessage(AdversaryHostCommand.Host.class,
                            m -> {
                                ActorRef<AdversaryCommand> deaf = ctx.spawn(Behaviors.ignore(), "deaf-" + m.audit());
                                ActorRef<Topic.Command<BillboardPost>> topic = ctx.spawn(
                                        Topic.create(BillboardPost.class, m.topic()), "topic-" + m.audit());
                                topic.tell(Topic.subscribe(deaf.narrow()));
                                m.replyTo().tell(new AdversaryHostCommand.Hosted(m.audit(), deaf));
                                return Behaviors.same();
                            }).build()), "deaf-host", Props.empty());
            node.receptionist().tell(Receptionist.register(AdversaryHost.KEY, deafHost));
            ScenarioSource source = new ScenarioSource("""
                    name: deaf
                    seed: 3
                    task: { type: indexed-mean, dimension: 12, persons: 10, samplesPerPerson: 1, indices: distinct }
                    audits:
                      - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 52 }
                    """, "deaf.yaml", null);
            RuntimeException failure = assertThrows(RuntimeException.class,
                    () -> ClusterRunner.submit(node, source, Progress.NONE));
            assertTrue(failure.getMessage().contains("audit 0: its adversary on")
                    && failure.getMessage().contains("scored no trial for 3 s"), failure.getMessage());
        } finally {
            ClusterRunner.stop(List.of(node));
        }
    }

    /** How many adversaries each node's host started, by node address. */
    private static Map<Address, Integer> hostedByNode(ActorSystem<?> system) throws Exception {
        Receptionist.Listing listing = AskPattern.<Receptionist.Command, Receptionist.Listing>ask(
                system.receptionist(), r -> Receptionist.find(AdversaryHost.KEY, r), ASK, system.scheduler())
                .toCompletableFuture().get();
        Address self = Cluster.get(system).selfMember().address();
        Map<Address, Integer> hosted = new HashMap<>();
        for (ActorRef<AdversaryHostCommand> host : listing.getServiceInstances(AdversaryHost.KEY)) {
            AdversaryHostCommand.HostedCount count = AskPattern.<AdversaryHostCommand,
                    AdversaryHostCommand.HostedCount>ask(host, AdversaryHostCommand.CountHosted::new, ASK,
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
