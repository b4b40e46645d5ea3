package org.privsim.actors.local;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.protocol.AuditCommand;
import org.privsim.protocol.GameWorkerCommand;

/**
 * Plays trials of a distinguishing game whose mechanism and adversary both live inside the core
 * game: the priv-altmin canary game, where each trial is a whole private AltMin run that publishes
 * U after every round and the adversary scores those U's ({@link
 * org.privsim.core.audit.AltMinCanaryGame}). Spawned on the compute dispatcher.
 *
 * <p>Guarantee: answers every request with {@link DistinguishingGame#score}, a pure function of
 * (trial, world), so scores do not depend on which worker or thread played the trial.
 */
public final class GameWorker {
    private GameWorker() {}

    /** A worker for {@code game} (immutable, shared by every worker of the audit). */
    public static Behavior<GameWorkerCommand> create(DistinguishingGame game) {
        return Behaviors.receive(GameWorkerCommand.class)
                .onMessage(GameWorkerCommand.PlayTrial.class, m -> {
                    m.replyTo().tell(new AuditCommand.TrialScores(m.audit(), m.trial(),
                            new double[] {game.score(m.trial(), m.world())}));
                    return Behaviors.same();
                })
                .build();
    }
}
