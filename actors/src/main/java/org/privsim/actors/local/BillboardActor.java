package org.privsim.actors.local;

import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.protocol.BillboardPost;

/**
 * The billboard of a billboard mechanism: fans every post out to its subscribers.
 *
 * <p>Guarantee: the subscribers are fixed when the billboard is spawned — before the curator can
 * post anything — so every subscriber receives every post, exactly once, with no subscription
 * race (this is why it is not a Pekko pub-sub {@code Topic}, whose subscriptions are registered
 * asynchronously).
 */
public final class BillboardActor {
    private BillboardActor() {}

    /** A billboard that forwards each post to every one of {@code subscribers}. */
    public static Behavior<BillboardPost> create(List<ActorRef<BillboardPost>> subscribers) {
        List<ActorRef<BillboardPost>> fixed = List.copyOf(subscribers);
        return Behaviors.receiveMessage(post -> {
            fixed.forEach(s -> s.tell(post));
            return Behaviors.same();
        });
    }
}
