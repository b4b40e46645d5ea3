package org.privsim.protocol;

/**
 * Messages an audit coordinator handles: one adversary score per trial.
 *
 * <p>Guarantee: each trial of an audit is scored exactly once (by the indexed-mean adversary, or
 * by a game worker for priv-altmin); scores of another audit or a trial already scored are ignored.
 */
public sealed interface AuditCommand extends CborSerializable permits AuditCommand.TrialScore {

    /**
     * The adversary's score of trial {@code trial} (higher = more belief in world 1).
     *
     * @param audit audit index
     * @param trial trial index
     * @param score the score
     */
    record TrialScore(int audit, int trial, double score) implements AuditCommand {}
}
