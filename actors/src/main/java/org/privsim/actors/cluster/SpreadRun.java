package org.privsim.actors.cluster;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.privsim.core.seam.BoundCell;
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
 * its blocks is removed from the cluster it tells the curator {@link RunCommand.SpreadLost} once (the
 * curator starts the run again, with a new spread side over the nodes left) and stops; a node's
 * failure to compute its part fails the run. When it stops, the nodes drop their shares.
 */
final class SpreadRun extends AbstractBehavior<SpreadLocal> {
    private static final SecureRandom NONCES = new SecureRandom();
    /** How long a start waits for the spread hosts of every users node that is Up to be listed. */
    private static final java.time.Duration LISTING_WAIT = java.time.Duration.ofSeconds(15);
    private final long asked = System.nanoTime();

    private final BoundCell cell;
    private final ActorRef<RunCommand> curator;
    private final ActorRef<Object> host;
    private final SpreadCommand.RunKey key;
    private final SpreadCommand.Scenario scenario;
    private List<ActorRef<SpreadCommand>> hosts;
    private List<String> addresses;
    private SpreadPlan plan;
    private int[] bounds;
    /** Whether each node has had this start's scenario. */
    private boolean[] told;
    /** The participants each node was asked so far, counted once. */
    private BitSet seen;
    private int[] perNode;
    private final List<Step<Object, Object>> queued = new ArrayList<>();

    private int step;
    private boolean fold;
    private Object[] answers;
    private int waiting;
    private long stepBytes;

    /**
     * Whether the runs of {@code cell} are spread: the family can spread them ({@link BoundCell#spread})
     * and the scenario's {@code runPlacement} is {@code spread}, or {@code auto} and the memory model's
     * estimate of the scenario on one JVM exceeds this node's maximum heap.
     */
    static boolean spreads(org.privsim.core.scenario.Scenario scenario, BoundCell cell) {
        if (cell.spread() == null) {
            return false;
        }
        return switch (scenario.runPlacement()) {
            case SPREAD -> true;
            case WHOLE -> false;
            case AUTO -> org.privsim.core.run.MemoryModel.estimate(scenario, ClusterRunner.NAME) > Runtime.getRuntime().maxMemory();
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
        this.key = new SpreadCommand.RunKey(job, cell.index(), run, NONCES.nextLong());
        this.scenario = new SpreadCommand.Scenario(source.text(), source.sourceName(), source.seed());
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
                .onMessage(SpreadLocal.NodeRemoved.class, m -> {
                    if (addresses == null || !addresses.contains(m.address())) {
                        return this;
                    }
                    curator.tell(new RunCommand.SpreadLost("node " + m.address() + ", which held part of the run,"
                            + " was lost", false));
                    return Behaviors.stopped();
                })
                .onSignal(PostStop.class, s -> {
                    if (hosts != null) {
                        for (int k = 0; k < hosts.size(); k++) {
                            if (told[k]) {
                                Wire.send(getContext().getSystem(), hosts.get(k), new SpreadCommand.Close(key));
                            }
                        }
                        host.tell(new SpreadLocal.UnregisterRun(key));
                    }
                    return this;
                })
                .build();
    }

    private Behavior<SpreadLocal> onHosts(SpreadLocal.Hosts m) {
        if (m.hosts().size() < usersNodesUp() && System.nanoTime() - asked < LISTING_WAIT.toNanos()) {
            // the Receptionist's listing reaches a node a moment after the members are Up
            getContext().scheduleOnce(java.time.Duration.ofMillis(100), host,
                    new SpreadLocal.HostsRequest(getContext().getSelf()));
            return this;
        }
        if (m.hosts().isEmpty()) {
            curator.tell(new RunCommand.SpreadLost("no users node has a spread host", true));
            return Behaviors.stopped();
        }
        hosts = m.hosts();
        addresses = m.addresses();
        Spread spread = cell.spread();
        bounds = spread.bounds(hosts.size());
        plan = new SpreadPlan(bounds);
        told = new boolean[hosts.size()];
        seen = new BitSet(spread.population());
        perNode = new int[hosts.size()];
        host.tell(new SpreadLocal.RegisterRun(key, getContext().getSelf()));
        return execute();
    }

    /** The members that are Up with the users role. */
    private int usersNodesUp() {
        int up = 0;
        for (org.apache.pekko.cluster.Member member : Cluster.get(getContext().getSystem()).state().getMembers()) {
            if (member.status() == org.apache.pekko.cluster.MemberStatus.up()
                    && member.hasRole(org.privsim.core.seam.Role.USER.clusterRole())) {
                up++;
            }
        }
        return up;
    }

    /** Sends the queued step's parts to their nodes. */
    private Behavior<SpreadLocal> execute() {
        if (queued.isEmpty()) {
            return this;
        }
        Step<Object, Object> next = queued.remove(0);
        step++;
        stepBytes = 0;
        int[] ids = next.asked();
        for (int id : ids) {
            if (!seen.get(id)) {
                seen.set(id);
                perNode[plan.owner(id)]++;
            }
        }
        if (next instanceof Step.Fold<Object, Object> f) {
            SpreadPlan.FoldPart[] parts;
            try {
                parts = plan.cutFold(f);
            } catch (IllegalArgumentException e) {
                curator.tell(new RunCommand.SpreadLost(e.getMessage(), true));
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
        SpreadCommand.Share share = new SpreadCommand.Share(key, step, told[node] ? null : scenario, bounds, node,
                hosts, host.narrow(), request, requests,
                next instanceof Step.Fold<Object, Object> f ? f.folding() : null, ask, part);
        told[node] = true;
        stepBytes += Wire.send(getContext().getSystem(), hosts.get(node), share);
    }

    private Behavior<SpreadLocal> onReceived(SpreadLocal.Received m) {
        SpreadCommand message = m.message();
        if (message instanceof SpreadCommand.Failed failed) {
            if (failed.step() == step) {
                curator.tell(new RunCommand.SpreadLost(failed.reason(), true));
                return Behaviors.stopped();
            }
            return this;
        }
        stepBytes += m.bytes();
        if (message instanceof SpreadCommand.Total total && fold && total.step() == step) {
            stepBytes += total.wireBytes();
            return answered(java.util.Collections.singletonList(total.total()));
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
        Map<String, Integer> placement = new TreeMap<>();
        for (int k = 0; k < perNode.length; k++) {
            if (perNode[k] > 0) {
                placement.put(addresses.get(k), perNode[k]);
            }
        }
        curator.tell(new RunCommand.SpreadAnswered(result, placement, stepBytes));
        return execute();
    }
}
