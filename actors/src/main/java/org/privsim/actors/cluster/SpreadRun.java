package org.privsim.actors.cluster;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.privsim.core.family.MemoryModel;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.Spread;
import org.privsim.core.seam.SpreadPlan;
import org.privsim.core.seam.Step;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SpreadCommand;
import org.privsim.protocol.SpreadLocal;

/**
 * The spread side of one start of a run spread over the users nodes, a child of the run's curator
 * on the curator's node: it cuts the run's ids into one block per users node ({@link Spread#bounds},
 * the nodes its host knows when it starts, sorted by address), and sends each step that names
 * participants to the nodes holding them, one {@link SpreadCommand.Share} per node ({@link SpreadPlan}:
 * an ask's positions, or a fold's part of the chain). It puts an ask's answers back in position order,
 * takes a fold's total from the chain's last node, and answers the curator with
 * {@link RunCommand.SpreadAnswered}, counting what crossed the network (shares sent, carries along the
 * chain, answers and totals received) and how many participants each node holds.
 *
 * <p>Guarantee: the curator gets exactly the sequential interpreter's answers and sums; if a node of
 * its blocks is removed from the cluster, the blocks are cut again over the nodes left, under a new
 * key (the nodes' shares of the old one are dropped, with whatever they still compute), and the step
 * in flight is asked again (the family's participants answer from (context, id, request) alone, so
 * nothing of the lost node is needed); a node's failure to compute its part fails the run
 * ({@link RunCommand.SpreadFailed}). When it stops, the nodes drop their shares.
 */
final class SpreadRun extends AbstractBehavior<SpreadLocal> {
    private static final SecureRandom NONCES = new SecureRandom();
    /** How long a start waits for the spread hosts of every users node that is Up to be listed. */
    private static final Duration LISTING_WAIT = Duration.ofSeconds(15);
    private final long asked = System.nanoTime();

    private final BoundCell cell;
    private final ActorRef<RunCommand> curator;
    private final ActorRef<Object> host;
    private final long job;
    /** The run's key with the nodes it is cut over now: a new nonce whenever the blocks are cut again. */
    private SpreadCommand.RunKey key;
    private final SpreadCommand.Scenario scenario;
    private List<ActorRef<SpreadCommand>> hosts;
    private List<String> addresses;
    private SpreadPlan plan;
    /** Whether each node has had this start's scenario. */
    private boolean[] told;
    /** The participants asked so far (each counted once, on the node that held it then), per node address. */
    private BitSet seen;
    private final Map<String, Integer> perNode = new TreeMap<>();
    private final List<Step<Object, Object>> queued = new ArrayList<>();
    /** The step whose answers are awaited (asked again over the nodes left when a node is lost), or null. */
    private Step<Object, Object> current;
    /** The addresses of the nodes lost during the run: never given a block again. */
    private final Set<String> lost = new HashSet<>();

    private int step;
    private boolean fold;
    private Object[] answers;
    private int waiting;
    private long stepBytes;

    /**
     * Whether the runs of {@code cell} are spread: the family can spread them ({@link BoundCell#spread})
     * and the scenario's {@code runPlacement} is {@code spread}, or {@code auto} and the memory model
     * says the scenario does not fit this node's heap ({@link MemoryModel#problem}).
     */
    static boolean spreads(Scenario scenario, BoundCell cell) {
        if (cell.spread() == null) {
            return false;
        }
        return switch (scenario.runPlacement()) {
            case SPREAD -> true;
            case WHOLE -> false;
            case AUTO -> MemoryModel.problem(scenario, ClusterRunner.NAME,
                    Runtime.getRuntime().maxMemory()) != null;
        };
    }

    static Behavior<SpreadLocal> create(long job, ScenarioSource source, BoundCell cell, int run,
                                        ActorRef<RunCommand> curator) {
        return Behaviors.setup(ctx -> new SpreadRun(ctx, job, source, cell, run, curator));
    }

    private SpreadRun(ActorContext<SpreadLocal> ctx, long job, ScenarioSource source, BoundCell cell, int run,
                      ActorRef<RunCommand> curator) {
        super(ctx);
        this.cell = cell;
        this.curator = curator;
        this.host = SpreadHost.of(ctx.getSystem());
        this.job = job;
        this.key = new SpreadCommand.RunKey(job, cell.index(), run, NONCES.nextLong());
        this.scenario = new SpreadCommand.Scenario(source.text(), source.sourceName(), source.seed());
        host.tell(new SpreadLocal.RegisterRun(key, ctx.getSelf()));
        host.tell(new SpreadLocal.HostsRequest(ctx.getSelf()));
        Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(ctx.messageAdapter(
                ClusterEvent.MemberRemoved.class, e -> new SpreadLocal.NodeRemoved(e.member().address().toString())),
                ClusterEvent.MemberRemoved.class));
    }

    @Override
    public Receive<SpreadLocal> createReceive() {
        return newReceiveBuilder()
                .onMessage(SpreadLocal.Hosts.class, this::onHosts)
                .onMessage(SpreadLocal.Execute.class, m -> {
                    queued.add(m.step());
                    return hosts == null ? this : execute();
                })
                .onMessage(SpreadLocal.Received.class, this::onReceived)
                .onMessage(SpreadLocal.NodeRemoved.class, this::onNodeRemoved)
                .onSignal(PostStop.class, s -> {
                    closeShares();
                    return this;
                })
                .build();
    }

    /**
     * A node was removed from the cluster: when it held a block, the blocks are cut again over the
     * nodes left and the step in flight is asked again (a higher step number, so that what the old
     * cut still sends is dropped); each node rebuilds its new block's participants from (seed, id).
     */
    private Behavior<SpreadLocal> onNodeRemoved(SpreadLocal.NodeRemoved m) {
        lost.add(m.address());
        if (addresses == null || !addresses.contains(m.address())) {
            return this;
        }
        getContext().getLog().warn("{}: node {}, which held part of the run, was lost; its block goes to the"
                + " nodes left", cell.label(), m.address());
        closeShares();
        key = new SpreadCommand.RunKey(job, key.cell(), key.run(), NONCES.nextLong());
        host.tell(new SpreadLocal.RegisterRun(key, getContext().getSelf()));
        hosts = null;
        addresses = null;
        host.tell(new SpreadLocal.HostsRequest(getContext().getSelf()));
        return this;
    }

    /** The nodes told of the current key drop their shares of it, and this node's host forgets it. */
    private void closeShares() {
        if (hosts != null) {
            for (int k = 0; k < hosts.size(); k++) {
                if (told[k] && !lost.contains(addresses.get(k))) {
                    Wire.send(getContext().getSystem(), hosts.get(k), new SpreadCommand.Close(key));
                }
            }
        }
        host.tell(new SpreadLocal.UnregisterRun(key));
    }

    private Behavior<SpreadLocal> onHosts(SpreadLocal.Hosts all) {
        List<ActorRef<SpreadCommand>> live = new ArrayList<>();
        List<String> liveAddresses = new ArrayList<>();
        for (int k = 0; k < all.hosts().size(); k++) {
            if (!lost.contains(all.addresses().get(k))) {
                live.add(all.hosts().get(k));
                liveAddresses.add(all.addresses().get(k));
            }
        }
        SpreadLocal.Hosts m = new SpreadLocal.Hosts(live, liveAddresses);
        if (m.hosts().size() < usersNodesUp() && System.nanoTime() - asked < LISTING_WAIT.toNanos()) {
            // the Receptionist's listing reaches a node a moment after the members are Up
            getContext().scheduleOnce(Duration.ofMillis(100), host,
                    new SpreadLocal.HostsRequest(getContext().getSelf()));
            return this;
        }
        if (m.hosts().isEmpty()) {
            curator.tell(new RunCommand.SpreadFailed("no users node has a spread host"));
            return Behaviors.stopped();
        }
        hosts = m.hosts();
        addresses = m.addresses();
        Spread spread = cell.spread();
        plan = SpreadPlan.of(spread, hosts.size());
        told = new boolean[hosts.size()];
        if (seen == null) {
            seen = new BitSet(spread.population());
        }
        return current != null ? dispatch() : execute();
    }

    /** The members that are Up with the users role. */
    private int usersNodesUp() {
        int up = 0;
        for (Member member : Cluster.get(getContext().getSystem()).state().getMembers()) {
            if (member.status() == MemberStatus.up() && !lost.contains(member.address().toString())
                    && member.hasRole(Role.USER.clusterRole())) {
                up++;
            }
        }
        return up;
    }

    /** Takes the next queued step, when none is in flight. */
    private Behavior<SpreadLocal> execute() {
        if (queued.isEmpty() || current != null) {
            return this;
        }
        current = queued.remove(0);
        stepBytes = 0;
        for (int id : current.asked()) {
            if (!seen.get(id)) {
                seen.set(id);
                perNode.merge(addresses.get(plan.owner(id)), 1, Integer::sum);
            }
        }
        return dispatch();
    }

    /** Sends the current step's parts to their nodes, under a new step number. */
    private Behavior<SpreadLocal> dispatch() {
        Step<Object, Object> next = current;
        step++;
        int[] ids = next.asked();
        if (next instanceof Step.Fold<Object, Object> f) {
            SpreadPlan.FoldPart[] parts;
            try {
                parts = plan.cutFold(f);
            } catch (IllegalArgumentException e) {
                curator.tell(new RunCommand.SpreadFailed(e.getMessage()));
                return Behaviors.stopped();
            }
            fold = true;
            waiting = 1;
            for (int k = 0; k < parts.length; k++) {
                if (parts[k] != null) {
                    send(k, next, f.request(), null, null, parts[k]);
                }
            }
            return this;
        }
        fold = false;
        answers = new Object[ids.length];
        SpreadPlan.AskPart[] parts = plan.cutAsk(ids);
        waiting = 0;
        for (int k = 0; k < parts.length; k++) {
            if (parts[k] == null) {
                continue;
            }
            waiting++;
            if (next instanceof Step.AskEach<Object, Object>) {
                List<Object> requests = new ArrayList<>();
                for (int position : parts[k].positions().toArray()) {
                    requests.add(next.request(position));
                }
                send(k, next, null, requests, parts[k], null);
            } else {
                send(k, next, next.request(0), null, parts[k], null);
            }
        }
        return this;
    }

    private void send(int node, Step<Object, Object> next, Object request, List<Object> requests,
                      SpreadPlan.AskPart ask, SpreadPlan.FoldPart part) {
        SpreadCommand.Share share = new SpreadCommand.Share(key, step, told[node] ? null : scenario, node,
                hosts, host.narrow(), request, requests,
                next instanceof Step.Fold<Object, Object> f ? f.folding() : null, ask, part);
        told[node] = true;
        stepBytes += Wire.send(getContext().getSystem(), hosts.get(node), share);
    }

    private Behavior<SpreadLocal> onReceived(SpreadLocal.Received m) {
        SpreadCommand message = m.message();
        if (hosts == null) {
            return this; // cutting the blocks again: the step is asked again under a new number
        }
        if (message instanceof SpreadCommand.Failed failed) {
            if (failed.step() == step && failed.lostNode() != null) {
                // the node is leaving or was downed, before the cluster removed it here
                return onNodeRemoved(new SpreadLocal.NodeRemoved(failed.lostNode()));
            }
            if (failed.step() == step) {
                curator.tell(new RunCommand.SpreadFailed(failed.reason()));
                return Behaviors.stopped();
            }
            return this;
        }
        stepBytes += m.bytes();
        if (message instanceof SpreadCommand.Total total && fold && total.step() == step) {
            stepBytes += total.wireBytes();
            return answered(Collections.singletonList(total.total()));
        }
        if (message instanceof SpreadCommand.Answers part && !fold && part.step() == step) {
            int[] positions = part.positions().toArray();
            for (int i = 0; i < positions.length; i++) {
                answers[positions[i]] = part.answers().get(i);
            }
            if (--waiting == 0) {
                return answered(Arrays.asList(answers));
            }
        }
        return this;
    }

    private Behavior<SpreadLocal> answered(List<Object> result) {
        current = null;
        curator.tell(new RunCommand.SpreadAnswered(result, Map.copyOf(perNode), stepBytes));
        return execute();
    }
}
