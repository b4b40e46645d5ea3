package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.privsim.core.scenario.Scenario;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AuditCommand;

/**
 * Where the adversary of an indexed-mean audit lives and how the billboard reaches it: a child of
 * the coordinator subscribed to a {@link BillboardActor} with fixed subscribers ({@link #local}),
 * or an actor on a cluster node with role {@code adversary} fed by a pub-sub topic.
 *
 * <p>Guarantee: after {@link #place}, the coordinator receives exactly one
 * {@link AuditCommand.AdversaryReady} — only once every post sent to its billboard ref reaches the
 * adversary — or one {@link AuditCommand.AdversaryLost} naming why the adversary could not be placed.
 */
@FunctionalInterface
public interface AdversaryWiring {

    /** Places the adversary of audit {@code audit} of {@code scenario}, scoring for the coordinator of {@code ctx}. */
    void place(ActorContext<AuditCommand> ctx, Scenario scenario, int audit);

    /** The adversary as a child of the coordinator on the compute dispatcher; ready at once. */
    static AdversaryWiring local() {
        return (ctx, scenario, audit) -> {
            ActorRef<AdversaryCommand> adversary = ctx.spawn(AdversaryActor.forAudit(scenario, audit, ctx.getSelf()),
                    "adversary", DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
            ctx.getSelf().tell(new AuditCommand.AdversaryReady(audit, adversary, adversary.narrow()));
        };
    }
}
