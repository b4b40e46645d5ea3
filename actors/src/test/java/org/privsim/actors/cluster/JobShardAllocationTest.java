package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.collection.immutable.IndexedSeq;
import scala.concurrent.Future;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@link JobShardAllocation} against hand-made allocations of three regions: a job's shards spread
 * evenly whatever earlier jobs left, only earlier jobs' shards are handed off, and those are not
 * allocated again by the coordinator's own request after the hand-off; a job's first shard waits for
 * the region of every users node that is Up.
 */
class JobShardAllocationTest {
    private static final Address ADDRESS = new Address("pekko", "privsim", "127.0.0.1", 2551);
    private static ActorTestKit kit;

    /** A cluster view with {@code usersUp} users members Up and the given unreachable addresses. */
    private static JobShardAllocation.View view(IntSupplier usersUp, Supplier<Set<Address>> unreachable) {
        return new JobShardAllocation.View() {
            @Override
            public int usersUp() {
                return usersUp.getAsInt();
            }

            @Override
            public Set<Address> unreachable() {
                return unreachable.get();
            }
        };
    }
    private static List<ActorRef> regions;

    @BeforeAll
    static void start() {
        kit = ActorTestKit.create();
        regions = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            regions.add(Adapter.toClassic(kit.createTestProbe("region-" + i).getRef()));
        }
    }

    @AfterAll
    static void stop() {
        kit.shutdownTestKit();
    }

    /** Mutable allocations, as the coordinator holds them. */
    private static final class Allocations {
        final Map<ActorRef, List<String>> byRegion = new LinkedHashMap<>();

        Allocations() {
            regions.forEach(r -> byRegion.put(r, new ArrayList<>()));
        }

        Map<ActorRef, IndexedSeq<String>> view() {
            Map<ActorRef, IndexedSeq<String>> view = new HashMap<>();
            byRegion.forEach((r, s) -> view.put(r, CollectionConverters.asScala(s).toIndexedSeq()));
            return view;
        }

        /** Allocates {@code shard} with {@code strategy}; the chosen region, or null when none was given. */
        ActorRef allocate(JobShardAllocation strategy, String shard) {
            Future<ActorRef> home = strategy.allocateShard(regions.get(0), shard, view());
            if (!home.isCompleted()) {
                return null;
            }
            ActorRef region = home.value().get().get();
            byRegion.get(region).add(shard);
            return region;
        }

        void remove(Set<String> shards) {
            byRegion.values().forEach(s -> s.removeAll(shards));
        }
    }

    private static Set<String> rebalance(JobShardAllocation strategy, Allocations allocations, Set<String> inProgress) {
        Future<java.util.Set<String>> shards = strategy.rebalance(allocations.view(), inProgress);
        assertTrue(shards.isCompleted());
        return shards.value().get().get();
    }

    @Test
    void aJobsShardsSpreadEvenlyWhateverEarlierJobsLeft() {
        JobShardAllocation strategy = new JobShardAllocation("test", ADDRESS, view(() -> 3, Set::of));
        Allocations allocations = new Allocations();
        // an earlier job left 5 shards on region 0 (as after a node rejoined: regions 1, 2 empty)
        allocations.byRegion.get(regions.get(0)).addAll(List.of("7/0", "7/1", "7/2", "7/3", "7/4"));
        for (int s = 0; s < 12; s++) {
            allocations.allocate(strategy, "8/" + s);
        }
        for (ActorRef region : regions) {
            assertEquals(4, allocations.byRegion.get(region).stream().filter(s -> s.startsWith("8/")).count(),
                    "shards of job 8 on " + region + ": " + allocations.byRegion.get(region));
        }
    }

    @Test
    void onlyEarlierJobsShardsAreHandedOffAndNotAllocatedAgain() {
        AtomicBoolean allowed = new AtomicBoolean(true);
        Address unreachable = new Address("pekko", "privsim", "10.0.0.9", 2551);
        JobShardAllocation strategy = new JobShardAllocation("test", ADDRESS, view(() -> 3,
                () -> allowed.get() ? Set.of() : Set.of(unreachable)));
        Allocations allocations = new Allocations();
        assertEquals(Set.of(), rebalance(strategy, allocations, Set.of()), "nothing allocated yet");
        for (int s = 0; s < 6; s++) {
            allocations.allocate(strategy, "100/" + s);
        }
        assertEquals(Set.of(), rebalance(strategy, allocations, Set.of()), "job 100 is running");
        for (int s = 0; s < 3; s++) {
            allocations.allocate(strategy, "101/" + s);
        }
        allowed.set(false);
        assertEquals(Set.of(), rebalance(strategy, allocations, Set.of()), "a member is unreachable");
        allowed.set(true);
        Set<String> handedOff = rebalance(strategy, allocations, Set.of("100/5"));
        assertEquals(Set.of("100/0", "100/1", "100/2", "100/3", "100/4"), handedOff);
        allocations.remove(handedOff);
        // the coordinator asks for a new home of each deallocated shard at once: none is given
        for (String shard : handedOff) {
            assertEquals(null, allocations.allocate(strategy, shard), shard);
        }
        // a later message for one (a straggler) has it allocated again; it is still an earlier job's
        assertFalse(allocations.allocate(strategy, "100/0") == null);
        assertEquals(Set.of("100/0", "100/5"), rebalance(strategy, allocations, Set.of()),
                "job 101 stays current: a straggler of job 100 does not make it current again");
        // a job with a smaller id (a curator on a host whose clock is behind) is new, hence current
        allocations.allocate(strategy, "99/0");
        assertTrue(rebalance(strategy, allocations, Set.of()).containsAll(Set.of("101/0", "101/1", "101/2")));
    }

    @Test
    void aJobWaitsForTheRegionsOfUsersNodesThatAreUp() {
        AtomicInteger up = new AtomicInteger(4);
        JobShardAllocation strategy = new JobShardAllocation("test", ADDRESS, view(up::get, Set::of));
        Allocations allocations = new Allocations();
        assertEquals(null, allocations.allocate(strategy, "5/0"), "4 users nodes are Up, 3 regions registered");
        up.set(3);
        assertFalse(allocations.allocate(strategy, "5/0") == null, "every Up users node has a region");
    }
}
