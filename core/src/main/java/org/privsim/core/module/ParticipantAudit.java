package org.privsim.core.module;

import org.privsim.core.audit.BatchScores;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.RunCurator;

/**
 * An audit a module plays with participants on the seam (its persons and an adversary, each a
 * participant of the run), instead of as a distinguishing game that lives fully in core: built once
 * per (audit, root seed) on every node that hosts its runs, it gives each run — a batch of
 * consecutive trials — its curator (the mechanism) and its participants.
 *
 * <p>Guarantee an implementation gives: everything is a pure function of (audit, root seed, the
 * batch's trials), so a run's {@link BatchScores} equal the audit's distinguishing game's scores of
 * those trials bit for bit, on every runner and for any batching; exactly one participant, the
 * adversary, has {@link Role#ADVERSARY}.
 */
public interface ParticipantAudit {

    /** Trials per run, at least 1. */
    int batch();

    /** The role of participant {@code id}. */
    Role role(int id);

    /** The curator of the run that plays trials {@code firstTrial} … {@code firstTrial + count − 1}. */
    RunCurator<Object, Object, BatchScores> curator(int firstTrial, int count);

    /** Participant {@code id} of every run. */
    Participant<Object, Object> participant(int id);
}
