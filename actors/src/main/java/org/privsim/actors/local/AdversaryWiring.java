package org.privsim.actors.local;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.privsim.core.scenario.Scenario;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AuditCommand;

/**
 * Where the adversary of an indexed-mean audit lives and how its view reaches it: a child of the
 * coordinator ({@link #local}), or an actor on a cluster node with role {@code adversary} behind a
 * relay that publishes the billboard on a pub-sub topic.
 *
 * <p>Guarantee: after {@link #place}, the coordinator receives one {@link AuditCommand.AdversaryReady}
 * — only once everything sent to its inbox reaches the adversary — or one
 * {@link AuditCommand.AdversaryLost} naming why the adversary could not be placed; and, after a
 * ready, one {@link AuditCommand.AdversaryLost} if the adversary stops while the coordinator runs.
 */
@FunctionalInterface
public interface AdversaryWiring {

    /** Places the adversary of audit {@code audit} of {@code scenario}, scoring for the coordinator of {@code ctx}. */
    void place(ActorContext<AuditCommand> ctx, Scenario scenario, int audit);

    /** The adversary as a child of the coordinator on the compute dispatcher, its own inbox; ready at once. */
    static AdversaryWiring local() {
        return (ctx, scenario, audit) -> {
            ActorRef<AdversaryCommand> adversary = ctx.spawn(AdversaryActor.forAudit(scenario, audit, ctx.getSelf()),
                    "adversary", DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
            ctx.watchWith(adversary, new AuditCommand.AdversaryLost(audit, "its adversary stopped"));
            ctx.getSelf().tell(new AuditCommand.AdversaryReady(audit, adversary));
        };
    }
}
