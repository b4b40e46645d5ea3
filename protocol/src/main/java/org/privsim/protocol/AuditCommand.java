package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages an audit coordinator handles: where its adversary is (indexed-mean audits), the
 * adversary's scores of a batch of trials, and the loss of the adversary.
 *
 * <p>Guarantee: each trial of an audit is scored exactly once (by the indexed-mean adversary, a
 * batch at a time, or by a game worker, one trial at a time); scores of another audit or of a
 * trial already scored are ignored.
 * An indexed-mean coordinator gets exactly one {@link AdversaryReady} or {@link AdversaryLost}
 * before its first trial, and an {@link AdversaryLost} whenever its adversary stops early.
 */
public sealed interface AuditCommand extends CborSerializable
        permits AuditCommand.TrialScores, AuditCommand.AdversaryReady, AuditCommand.AdversaryLost {

    /**
     * The scores of trials {@code firstTrial .. firstTrial + scores.length − 1} (higher = more belief
     * in world 1).
     *
     * @param audit      audit index
     * @param firstTrial the first scored trial
     * @param scores     the score of each trial, in trial order
     */
    record TrialScores(int audit, int firstTrial, double[] scores) implements AuditCommand {}

    /**
     * The adversary of audit {@code audit} is running, and everything sent to {@code adversary}
     * from now on — batch openings, colluders' outputs, billboard posts — reaches it.
     *
     * @param audit     audit index
     * @param adversary the adversary's inbox: the adversary itself, or a relay to another node
     */
    record AdversaryReady(int audit, ActorRef<AdversaryCommand> adversary) implements AuditCommand {}

    /**
     * The adversary of audit {@code audit} could not be placed, or stopped before the audit ended.
     *
     * @param audit  audit index
     * @param reason what happened, for the report
     */
    record AdversaryLost(int audit, String reason) implements AuditCommand {}
}
