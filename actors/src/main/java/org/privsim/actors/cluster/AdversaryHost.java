package org.privsim.actors.cluster;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.pubsub.Topic;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.privsim.actors.local.AdversaryActor;
import org.privsim.actors.local.LocalSettings;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AdversaryHostCommand;
import org.privsim.protocol.AdversaryHostCommand.CoordinatorStopped;
import org.privsim.protocol.AdversaryHostCommand.CountHosted;
import org.privsim.protocol.AdversaryHostCommand.Host;
import org.privsim.protocol.BillboardPost;

/**
 * The adversary host of a node with role {@value #ROLE}, registered with the Receptionist under
 * {@link #KEY}: it runs the {@link AdversaryActor}s that {@link AdversaryPlacement} puts on this
 * node, each subscribed to its audit's billboard {@link Topic} through a topic instance of its own.
 *
 * <p>Guarantees: a {@link Host} is answered with {@link AdversaryHostCommand.Hosted} after the
 * subscription was handed to the local topic instance (the placement then waits until the
 * publisher sees it); the adversary is built from the same scenario text by the same parser as
 * the curator's, so its scores equal a local adversary's. When the coordinator stops (or its node
 * is lost) the host stops the adversary and its topic instance. A request that fails (it cannot:
 * the curator parsed the same text) is logged and left unanswered, and the host keeps serving
 * (the placement's timeout then fails that audit).
 */
public final class AdversaryHost extends AbstractBehavior<AdversaryHostCommand> {
    /** The role of nodes that host adversaries. */
    public static final String ROLE = "adversary";
    /** The Receptionist key adversary hosts register under. */
    public static final ServiceKey<AdversaryHostCommand> KEY = ServiceKey.create(AdversaryHostCommand.class,
            "privsim-adversary-host");

    private int hosted;

    /** Starts this node's host and registers it with the Receptionist. */
    public static void init(ActorSystem<?> system) {
        ActorRef<AdversaryHostCommand> host = system.systemActorOf(Behaviors.supervise(
                Behaviors.setup(AdversaryHost::new)).onFailure(SupervisorStrategy.resume()), "adversary-host",
                Props.empty());
        system.receptionist().tell(Receptionist.register(KEY, host));
    }

    private AdversaryHost(ActorContext<AdversaryHostCommand> ctx) {
        super(ctx);
    }

    @Override
    public Receive<AdversaryHostCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Host.class, this::onHost)
                .onMessage(CountHosted.class, m -> {
                    m.replyTo().tell(new AdversaryHostCommand.HostedCount(hosted));
                    return this;
                })
                .onMessage(CoordinatorStopped.class, m -> {
                    getContext().stop(m.adversary());
                    getContext().stop(m.topic());
                    return this;
                })
                .build();
    }

    private Behavior<AdversaryHostCommand> onHost(Host m) {
        String name = "job-" + m.job() + "-audit-" + m.audit();
        ActorRef<AdversaryCommand> adversary = getContext().spawn(AdversaryActor.forAudit(
                new ScenarioSource(m.scenarioText(), m.sourceName(), m.seed()).scenario(), m.audit(), m.scores()),
                name, DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
        ActorRef<Topic.Command<BillboardPost>> topic = getContext().spawn(
                Topic.create(BillboardPost.class, m.topic()), name + "-billboard");
        topic.tell(Topic.subscribe(adversary.narrow()));
        getContext().watchWith(m.coordinator(), new CoordinatorStopped(adversary, topic));
        hosted++;
        getContext().getLog().info("job {}: hosting the adversary of audit {} for {}", m.job(), m.audit(),
                m.coordinator().path());
        m.replyTo().tell(new AdversaryHostCommand.Hosted(m.audit(), adversary));
        return this;
    }
}
