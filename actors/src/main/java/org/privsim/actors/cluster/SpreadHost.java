package org.privsim.actors.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.Extension;
import org.apache.pekko.actor.typed.ExtensionId;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.privsim.actors.local.LocalSettings;
import org.privsim.protocol.SpreadCommand;
import org.privsim.protocol.SpreadLocal;

/**
 * A users node's spread host ({@code /system/spread-host}, registered with the Receptionist under
 * {@link #KEY}): the one actor through which the runs spread over the users nodes talk between
 * nodes. It puts together the {@link SpreadCommand.Piece}s other nodes send ({@link Wire}), starts
 * this node's share of a run ({@link SpreadShare}) on the run's first {@link SpreadCommand.Share} and
 * hands it its shares and carries, hands the answers and sums of runs whose curator is on this node
 * to their spread side ({@link SpreadRun}, which registers here), and tells them the users nodes'
 * hosts.
 *
 * <p>Guarantee: a share lives until its run's {@link SpreadCommand.Close}, or until the node of the
 * run's curator is removed from the cluster; a carry that arrives before its run's first share waits
 * for it, one that arrives after its run's close is dropped, as is any message for a start no longer
 * here (that start was abandoned). Only
 * references to hosts cross between nodes.
 */
public final class SpreadHost extends AbstractBehavior<Object> {
    /** The Receptionist key of the users nodes' spread hosts. */
    public static final ServiceKey<SpreadCommand> KEY = ServiceKey.create(SpreadCommand.class, "privsim-spread-host");

    /** The spread host of a node, made once per actor system. */
    public static final class Id extends ExtensionId<Ref> {
        private static final Id INSTANCE = new Id();

        @Override
        public Ref createExtension(ActorSystem<?> system) {
            ActorRef<Object> host = system.systemActorOf(Behaviors.supervise(Behaviors.setup(SpreadHost::new))
                    .onFailure(SupervisorStrategy.resume()), "spread-host", Props.empty());
            return new Ref(host);
        }
    }

    /** The extension holding a node's host. */
    public static final class Ref implements Extension {
        private final ActorRef<Object> host;

        Ref(ActorRef<Object> host) {
            this.host = host;
        }
    }

    /** This node's host (started on first use). */
    static ActorRef<Object> of(ActorSystem<?> system) {
        return Id.INSTANCE.apply(system).host;
    }

    /** Starts this users node's host and registers it with the Receptionist. */
    static void init(ActorSystem<?> system) {
        system.receptionist().tell(Receptionist.register(KEY, of(system).narrow()));
    }

    /** How many closed keys a host remembers. */
    private static final int CLOSED = 1024;

    /** A share of a run on this node, and the address of its curator's node. */
    private record Hosted(ActorRef<SpreadLocal> share, String curatorNode) {}

    private final String self;
    private final Wire.Assembly assembly = new Wire.Assembly();
    private Set<ActorRef<SpreadCommand>> hosts = Set.of();
    private final Map<SpreadCommand.RunKey, ActorRef<SpreadLocal>> runs = new HashMap<>();
    private final Map<SpreadCommand.RunKey, Hosted> shares = new HashMap<>();
    private final Map<SpreadCommand.RunKey, List<SpreadLocal.Received>> early = new HashMap<>();
    /** The last {@value #CLOSED} keys closed here: a carry of one of them comes too late and is dropped. */
    private final Set<SpreadCommand.RunKey> closed = Collections.newSetFromMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<SpreadCommand.RunKey, Boolean> eldest) {
            return size() > CLOSED;
        }
    });

    private SpreadHost(ActorContext<Object> ctx) {
        super(ctx);
        self = Cluster.get(ctx.getSystem()).selfMember().address().toString();
        ctx.getSystem().receptionist().tell(Receptionist.subscribe(KEY, ctx.messageAdapter(Receptionist.Listing.class,
                listing -> new SpreadLocal.Listed(listing.getServiceInstances(KEY)))));
        Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(ctx.messageAdapter(
                ClusterEvent.MemberRemoved.class, e -> new SpreadLocal.NodeRemoved(e.member().address().toString())),
                ClusterEvent.MemberRemoved.class));
    }

    @Override
    public Receive<Object> createReceive() {
        return newReceiveBuilder()
                .onMessage(SpreadLocal.Listed.class, m -> {
                    hosts = m.hosts();
                    return this;
                })
                .onMessage(SpreadCommand.Piece.class, m -> {
                    Wire.Received whole = assembly.add(getContext().getSystem(), m);
                    return whole == null ? this : dispatch(new SpreadLocal.Received(whole.message(), whole.bytes()));
                })
                .onMessage(SpreadCommand.class, m -> dispatch(new SpreadLocal.Received(m, 0)))
                .onMessage(SpreadLocal.HostsRequest.class, m -> {
                    List<ActorRef<SpreadCommand>> sorted = new ArrayList<>(hosts);
                    sorted.sort(Comparator.comparing(this::address));
                    m.replyTo().tell(new SpreadLocal.Hosts(List.copyOf(sorted), sorted.stream().map(this::address).toList()));
                    return this;
                })
                .onMessage(SpreadLocal.RegisterRun.class, m -> {
                    runs.put(m.key(), m.run());
                    return this;
                })
                .onMessage(SpreadLocal.UnregisterRun.class, m -> {
                    runs.remove(m.key());
                    return this;
                })
                .onMessage(SpreadLocal.NodeRemoved.class, m -> {
                    shares.values().removeIf(hosted -> {
                        if (hosted.curatorNode().equals(m.address())) {
                            getContext().stop(hosted.share());
                            return true;
                        }
                        return false;
                    });
                    return this;
                })
                .build();
    }

    /** The address of the node a host runs on (this node's for a local reference). */
    private String address(ActorRef<?> host) {
        return host.path().address().hasGlobalScope() ? host.path().address().toString() : self;
    }

    private Behavior<Object> dispatch(SpreadLocal.Received received) {
        SpreadCommand message = received.message();
        if (message instanceof SpreadCommand.Share share) {
            Hosted hosted = shares.get(share.key());
            if (hosted == null) {
                if (share.scenario() == null) {
                    Wire.send(getContext().getSystem(), share.curator(), new SpreadCommand.Failed(share.key(),
                            share.step(), "node " + self + " no longer holds its part of the run", self));
                    return this;
                }
                ActorRef<SpreadLocal> child = getContext().spawn(SpreadShare.create(share),
                        "share-" + share.key().job() + "-" + share.key().cell() + "-" + share.key().run() + "-"
                                + Long.toUnsignedString(share.key().nonce(), 36),
                        DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
                hosted = new Hosted(child, address(share.curator()));
                shares.put(share.key(), hosted);
                getContext().watchWith(child, new SpreadCommand.Close(share.key()));
                hosted.share().tell(received);
                List<SpreadLocal.Received> waiting = early.remove(share.key());
                if (waiting != null) {
                    waiting.forEach(hosted.share()::tell);
                }
                return this;
            }
            hosted.share().tell(received);
        } else if (message instanceof SpreadCommand.Carry carry) {
            Hosted hosted = shares.get(carry.key());
            if (hosted == null && !closed.contains(carry.key())) {
                early.computeIfAbsent(carry.key(), k -> new ArrayList<>()).add(received);
            } else if (hosted != null) {
                hosted.share().tell(received);
            }
        } else if (message instanceof SpreadCommand.Close close) {
            closed.add(close.key());
            Hosted hosted = shares.remove(close.key());
            early.remove(close.key());
            if (hosted != null) {
                getContext().stop(hosted.share());
            }
        } else {
            ActorRef<SpreadLocal> run = runs.get(key(message));
            if (run != null) {
                run.tell(received);
            }
        }
        return this;
    }

    private static SpreadCommand.RunKey key(SpreadCommand message) {
        if (message instanceof SpreadCommand.Answers answers) {
            return answers.key();
        }
        if (message instanceof SpreadCommand.Total total) {
            return total.key();
        }
        return message instanceof SpreadCommand.Failed failed ? failed.key() : null;
    }
}
