package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;

/**
 * A cluster whose remoting runs over TLS with mutual authentication (material made by
 * {@code cluster-conf/make-tls.sh}) refuses a node, and a submitting client, whose certificate
 * another cluster's material holds, and shrugs off a plain TCP client that sends it garbage: the cluster keeps its members and a job run
 * afterwards has the sequential runner's report.
 */
class ClusterTlsTest {
    private static final ScenarioSource SOURCE = new ScenarioSource("""
            name: tls
            seed: 5
            task: { type: low-rank-regression, users: 600, samplesPerUser: 10, dimension: 10, rank: 2, labelNoise: 0.01 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-6, calibration: paper, epochs: 2, participation: epochs, split: reuse }
            """, "tls.yaml", null);

    @TempDir
    static Path tmp;
    private static Path foreign;
    private static List<ActorSystem<Void>> nodes;

    @BeforeAll
    static void startTlsCluster() throws Exception {
        Path own = tmp.resolve("own");
        foreign = tmp.resolve("foreign");
        // Two clusters' material, made side by side (each is two keytool runs and a third beside the second).
        Process a = makeTls(own);
        Process b = makeTls(foreign);
        for (Process p : List.of(a, b)) {
            if (!p.waitFor(180, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("cluster-conf/make-tls.sh failed: "
                        + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        nodes = ClusterRunner.startLocalCluster(2, nodeConfig(own));
        assertEquals("tls-tcp", nodes.get(0).settings().config().getString("pekko.remote.artery.transport"));
    }

    @AfterAll
    static void stopCluster() {
        if (nodes != null) {
            ClusterRunner.stop(nodes);
        }
    }

    private static Process makeTls(Path dir) throws IOException {
        return new ProcessBuilder("bash", "../cluster-conf/make-tls.sh", dir.toString()).redirectErrorStream(true)
                .start();
    }

    private static Config nodeConfig(Path tlsDir) {
        return ClusterEquivalenceTest.NODES.withValue(ClusterNode.TLS_DIR, ConfigValueFactory.fromAnyRef(tlsDir.toString()));
    }

    @Test
    void aNodeWithAnotherClustersCertificateCannotJoin() throws Exception {
        Address seed = Cluster.get(nodes.get(0)).selfMember().address();
        ActorSystem<Void> stranger = ClusterNode.start(ClusterNode.config(new ClusterNode.Options("127.0.0.1", 0, null,
                List.of(SeamSharding.USERS_ROLE)), nodeConfig(foreign)
                .withFallback(ConfigFactory.parseString("pekko.cluster.role.users.min-nr-of-members = 1"))));
        try {
            CompletableFuture<Void> up = ClusterNode.up(stranger);
            Cluster.get(stranger).manager().tell(Join.create(seed));
            // The handshake fails on both sides, so the join is never even seen: wait well past the
            // few seconds a join takes on this cluster.
            assertThrows(TimeoutException.class, () -> up.get(20, TimeUnit.SECONDS), "the stranger joined");
            assertEquals(2, upMembers(nodes.get(0)), "the cluster's members changed");
        } finally {
            ClusterRunner.stop(List.of(stranger));
        }
    }

    @Test
    void aClientWithAnotherClustersCertificateIsRefused() {
        Address seed = Cluster.get(nodes.get(0)).selfMember().address();
        long start = System.nanoTime();
        // The handshake fails on both sides: the client's submissions never reach the curator entry,
        // and it gives up after its join timeout, naming the seed node.
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ClusterRunner.onCluster(SOURCE,
                List.of(seed.getHost().get() + ":" + seed.getPort().get()), "127.0.0.1", 0, List.of(),
                Duration.ofSeconds(10), ConfigFactory.empty().withValue(ClusterNode.TLS_DIR,
                        ConfigValueFactory.fromAnyRef(foreign.toString())), Progress.NONE));
        assertTrue(e.getMessage().startsWith("could not join the cluster at seed nodes " + seed.getHost().get() + ":"
                + seed.getPort().get() + " within 10 s"), e.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(60).toNanos(), "the client did not give up in time");
        assertEquals(2, upMembers(nodes.get(0)), "the cluster's members changed");
    }

    @Test
    void garbageOnTheNodePortLeavesTheClusterWorkingAndTheReportUnchanged() throws Exception {
        int port = Cluster.get(nodes.get(0)).selfMember().address().getPort().get();
        Random random = new Random(32);
        List<byte[]> payloads = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            byte[] bytes = new byte[1 + random.nextInt(64 * 1024)];
            random.nextBytes(bytes);
            payloads.add(bytes);
        }
        payloads.add("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        // A TLS record header announcing a handshake, then noise; and Artery's own TCP magic, then noise.
        payloads.add(new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03, 1, 2, 3});
        payloads.add(new byte[] {'A', 'K', 'K', 'A', 0, 0, 0, 0, 42, 42, 42, 42});
        for (byte[] payload : payloads) {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                OutputStream out = socket.getOutputStream();
                out.write(payload);
                out.flush();
            } catch (IOException e) {
                // the node may close the connection mid-write: that is the point
            }
        }
        Report report = ClusterRunner.submit(nodes.get(0), SOURCE, Progress.NONE);
        ClusterEquivalenceTest.assertSameReport(new SequentialRunner(SOURCE.scenario()).run(Progress.NONE), report);
        assertEquals(2, upMembers(nodes.get(0)));
    }

    private static long upMembers(ActorSystem<?> node) {
        List<Object> up = new ArrayList<>();
        Cluster.get(node).state().getMembers().forEach(m -> {
            if (m.status() == MemberStatus.up()) {
                up.add(m);
            }
        });
        return up.size();
    }

    @Test
    void anIncompleteTlsDirectoryIsNamed() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ClusterNode.config(
                new ClusterNode.Options("127.0.0.1", 0, null, null), nodeConfig(empty)));
        assertEquals("PRIVSIM_TLS_DIR (privsim.tls.dir): " + empty + " has no readable node.p12; make the cluster's"
                + " TLS material with cluster-conf/make-tls.sh DIR", e.getMessage());
    }
}
