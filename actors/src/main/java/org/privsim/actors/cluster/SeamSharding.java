package org.privsim.actors.cluster;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.cluster.Cluster;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.privsim.actors.local.RunWiring;
import org.privsim.protocol.SeamDeskCommand;
import org.privsim.protocol.SeamHostCommand;

/**
 * The sharded entity type {@code seam}, hosted on nodes with role
 * {@value #USERS_ROLE}: every run of the seam's families, each with its
 * participants, dealt over the users nodes. The i-th run job J starts is entity {@code G/h/J/c/r}
 * (cell c, run r) of shard {@code G/h}, h = i mod H, where H = {@code privsim.cluster.shards-per-node}
 * × (users nodes when the job starts) and G is the job's shard set: a fingerprint of the users members
 * Up when it starts ({@link #shardSet}) — so runs spread over the nodes while each run's many small
 * requests and answers stay on one node, and jobs on an unchanged cluster reuse the same shards (no
 * shard is allocated, handed off or written to the coordinator's replicated state per job), while
 * the first job after a node joined, rejoined or was lost gets new shards dealt over every node
 * ({@link JobShardAllocation}).
 *
 * <p>Guarantee: where a run is placed never changes a bit of its outcome (its curator and
 * participants are the local runner's, rebuilt from the job's scenario on that node).
 */
public final class SeamSharding {
    /** The role of nodes that host seam runs and their participants. */
    public static final String USERS_ROLE = "users";

    /** The entity type. */
    public static final EntityTypeKey<SeamHostCommand> TYPE = EntityTypeKey.create(SeamHostCommand.class, "seam");

    private SeamSharding() {}

    /** Starts sharding of the seam hosts on this node (a proxy only when it lacks the users role). */
    public static void init(ActorSystem<?> system) {
        ClusterSharding.get(system).init(Entity.of(TYPE, ctx -> SeamHostEntity.create(ctx.getShard()))
                .withRole(USERS_ROLE)
                .withMessageExtractor(new EnvelopeExtractor<SeamHostCommand>(
                        // shard id = (shard set, host): the entity id's first two parts
                        id -> id.substring(0, id.indexOf('/', id.indexOf('/') + 1))))
                .withStopMessage(new SeamHostCommand.Stop())
                .withAllocationStrategy(JobShardAllocation.of(TYPE.name(), Cluster.get(Adapter.toClassic(system)))));
    }

    /**
     * The shard set of a job started while {@code usersUp} (the unique addresses of the users members
     * Up, in any order) are Up: 16 hex digits of a hash of their sorted list, the same for every job
     * while the membership does not change, another once a node joined, rejoined (a new incarnation)
     * or was lost.
     */
    static String shardSet(List<String> usersUp) {
        long hash = 0xcbf29ce484222325L;
        for (String member : usersUp.stream().sorted().toList()) {
            for (byte b : (member + "\n").getBytes(StandardCharsets.UTF_8)) {
                hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
            }
        }
        return String.format("%016x", hash);
    }

    /**
     * The runs of job {@code job}, dealt round-robin over {@code hosts} hosts of shard set
     * {@code shardSet}, each kept placed by a {@link RunPlacer} (a child of the coordinator) that
     * starts it again when its node is lost; their hosts answer through this node's {@link SeamDesk},
     * where the coordinator registers when the first run starts.
     *
     * @param source   the job's scenario, as every node parses it
     * @param timeout  how long a start waits for its host's acknowledgement before it is sent again
     * @param attempts how many starts a run gets before it fails
     */
    static RunWiring wiring(ActorSystem<?> system, long job, String shardSet, ScenarioSource source, int hosts,
                            Duration timeout, int attempts) {
        ClusterSharding sharding = ClusterSharding.get(system);
        ActorRef<SeamDeskCommand> desk = SeamDesk.of(system);
        int[] started = new int[1];
        return (coordinator, cell, run, seed) -> {
            if (started[0] == 0) {
                desk.tell(new SeamDeskCommand.RegisterJob(job, coordinator.getSelf()));
            }
            int host = started[0]++ % hosts;
            EntityRef<SeamHostCommand> entity = sharding.entityRefFor(TYPE,
                    shardSet + "/" + host + "/" + job + "/" + cell.index() + "/" + run);
            SeamHostCommand.StartRun start = new SeamHostCommand.StartRun(job, source.text(), source.sourceName(),
                    source.seed(), cell.index(), run, desk);
            coordinator.spawn(RunPlacer.create(() -> entity.tell(start), desk, job,
                            coordinator.getSelf(), cell.index(), run, cell.label() + " run " + run, timeout, attempts),
                    "place-" + cell.index() + "-" + run);
        };
    }
}
