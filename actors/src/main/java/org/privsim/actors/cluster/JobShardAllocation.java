package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.Address;
import org.apache.pekko.cluster.Cluster;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.sharding.ShardCoordinator;
import org.apache.pekko.dispatch.Futures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.collection.immutable.IndexedSeq;
import scala.concurrent.Future;

/**
 * The shard allocation of privsim's sharded entity types, whose shard ids start with the shard set
 * of the job that uses them ({@code G/…}; a "job" below is a shard set: the jobs started on an
 * unchanged membership share one, see {@link SeamSharding#shardSet}): a job's shards are dealt over
 * the registered {@code users} regions — each to the region holding the fewest shards of that job
 * (ties: fewest shards in all, then the lowest address), preferring reachable nodes — and never
 * moved while it runs; the shards of earlier jobs are handed off (their entities long retired) once
 * a newer job has allocated one, and not allocated again.
 *
 * <p>Guarantee: the coordinator holds (and the nodes host) the shards of at most the current job and
 * those of earlier jobs until the next rebalance tick (Pekko's {@code rebalance-interval}, 10 s)
 * — not one set per job that ever ran, which the default strategy keeps forever, the shard actors
 * on the nodes and the allocations in the coordinator's replicated state growing with every job;
 * a node that joins gets its share of the next job's shards (the default moves shards of the running
 * job to it); a shard of the current job is never moved by a rebalance, only when its node is lost.
 * A job's first shards wait (the region asks again every {@code retry-interval}) until every
 * {@code users} member that is Up has a registered region, at most {@link #REGION_WAIT} after the
 * job's first request: so a job spreads over the whole cluster even when it starts right after the
 * nodes joined, and a coordinator never waits for a region that will not come (a lost node).
 * Rebalancing waits while a member is unreachable. A message for an earlier job's shard that
 * arrives after its hand-off (none is sent: a job's entities are retired before the next job is
 * accepted) has it allocated again, and handed off at the next tick.
 *
 * <p>Each allocation is logged ({@code TYPE: shard set G: shard ID on ADDRESS}; the curator's node
 * logs each job's set: {@code job J: runs on shard set G}), so a node's log tells where each job ran. Not thread-safe: the shard coordinator calls it from its actor only.
 */
final class JobShardAllocation extends ShardCoordinator.AbstractShardAllocationStrategy {
    /** How long a job's shards wait for the regions of all users members that are Up. */
    static final Duration REGION_WAIT = Duration.ofSeconds(10);
    /** How many job ids are remembered as seen (a job seen once is never "current" again). */
    private static final int SEEN_JOBS = 64;

    private static final Logger LOG = LoggerFactory.getLogger(JobShardAllocation.class);

    /** What the allocation needs to know of the cluster. */
    interface View {
        /** How many members with role users are Up. */
        int usersUp();

        /** The addresses of unreachable members. */
        Set<Address> unreachable();
    }

    /** The entity type's name, in log lines. */
    private final String typeName;
    /** This node's address, for regions the coordinator holds as local references. */
    private final Address self;
    private final View cluster;
    /** The job whose shards this coordinator allocated most recently for the first time. */
    private String currentJob;
    /** When the current job first asked for a shard (System.nanoTime). */
    private long currentSince;
    /** Jobs seen here, oldest first (at most {@value #SEEN_JOBS}). */
    private final LinkedHashSet<String> seen = new LinkedHashSet<>();
    /** Shards handed off by a rebalance: the coordinator's own request right after is not answered. */
    private final Set<String> retiring = new HashSet<>();

    JobShardAllocation(String typeName, Address self, View cluster) {
        this.typeName = typeName;
        this.self = self;
        this.cluster = cluster;
    }

    /** The allocation of entity type {@code typeName} for a node of {@code cluster}. */
    static JobShardAllocation of(String typeName, Cluster cluster) {
        return new JobShardAllocation(typeName, cluster.selfAddress(), new View() {
            @Override
            public int usersUp() {
                int n = 0;
                for (Member member : cluster.state().getMembers()) {
                    if (member.status() == MemberStatus.up() && member.hasRole(SeamSharding.USERS_ROLE)) {
                        n++;
                    }
                }
                return n;
            }

            @Override
            public Set<Address> unreachable() {
                return cluster.state().getUnreachable().stream().map(Member::address).collect(Collectors.toSet());
            }
        });
    }

    /** The job of a shard id {@code J/…} (the whole id when it has no '/'). */
    static String job(String shardId) {
        int slash = shardId.indexOf('/');
        return slash < 0 ? shardId : shardId.substring(0, slash);
    }

    @Override
    public Future<ActorRef> allocateShard(ActorRef requester, String shardId,
                                          Map<ActorRef, IndexedSeq<String>> currentShardAllocations) {
        if (retiring.remove(shardId)) {
            // the coordinator asks for a home of every shard it deallocated; an earlier job's gets none
            return Futures.<ActorRef>promise().future();
        }
        String job = job(shardId);
        if (seen.add(job)) {
            currentJob = job;
            currentSince = System.nanoTime();
            if (seen.size() > SEEN_JOBS) {
                seen.remove(seen.iterator().next());
            }
        }
        if (job.equals(currentJob) && currentShardAllocations.size() < cluster.usersUp()
                && System.nanoTime() - currentSince < REGION_WAIT.toNanos()) {
            // a users node is Up but its region has not registered yet: its region asks again
            return Futures.<ActorRef>promise().future();
        }
        Set<Address> unreachable = cluster.unreachable();
        Map<ActorRef, IndexedSeq<String>> candidates = new HashMap<>(currentShardAllocations);
        candidates.keySet().removeIf(region -> unreachable.contains(address(region)));
        ActorRef region = pick(job, candidates.isEmpty() ? currentShardAllocations : candidates);
        LOG.info("{}: shard set {}: shard {} on {}", typeName, job, shardId, address(region));
        return Futures.successful(region);
    }

    /** The address of {@code region}'s node. */
    private Address address(ActorRef region) {
        Address address = region.path().address();
        return address.hasLocalScope() ? self : address;
    }

    /** The region with the fewest shards of {@code job}, then the fewest shards, then the lowest address. */
    static ActorRef pick(String job, Map<ActorRef, IndexedSeq<String>> allocations) {
        Comparator<Map.Entry<ActorRef, IndexedSeq<String>>> order = Comparator
                .<Map.Entry<ActorRef, IndexedSeq<String>>>comparingInt(e -> count(job, e.getValue()))
                .thenComparingInt(e -> e.getValue().size())
                .thenComparing(e -> e.getKey().path().toString());
        return allocations.entrySet().stream().min(order).orElseThrow().getKey();
    }

    private static int count(String job, IndexedSeq<String> shards) {
        int n = 0;
        for (int i = 0; i < shards.size(); i++) {
            if (job(shards.apply(i)).equals(job)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public Future<Set<String>> rebalance(Map<ActorRef, IndexedSeq<String>> currentShardAllocations,
                                         Set<String> rebalanceInProgress) {
        Set<String> earlier = new HashSet<>();
        if (currentJob != null && cluster.unreachable().isEmpty()) {
            for (IndexedSeq<String> shards : currentShardAllocations.values()) {
                for (int i = 0; i < shards.size(); i++) {
                    String shard = shards.apply(i);
                    if (!job(shard).equals(currentJob) && !rebalanceInProgress.contains(shard)) {
                        earlier.add(shard);
                    }
                }
            }
            retiring.addAll(earlier);
        }
        return Futures.successful(earlier);
    }
}
