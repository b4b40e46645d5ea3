package org.privsim.actors.local;

import java.util.Arrays;
import java.util.function.IntFunction;
import org.privsim.core.seam.Participant;

/**
 * The participants of a run whose context is its own (no {@code Family.contextKey}), as its curator
 * actor (or, for a run spread over a cluster, a node's share of it) owns them: participant {@code id} is built on its first request and kept for the run, as the
 * sequential interpreter keeps it, so it answers the run's requests in order whichever thread — the
 * curator's or one of its workers' — computes the slice of a step that names it.
 *
 * <p>Guarantee, given how the curator uses it: the curator calls {@link #reserve} for each step
 * before any slice of it is computed and while no slice of the run is in flight; {@link #apply} is
 * then called for an id only by the one slice that holds it (a step names a participant at most
 * once), so no participant is touched by two threads at once, and the messages between the curator
 * and its workers order each step's use of a participant before the next step's.
 */
public final class ParticipantTable implements IntFunction<Participant<Object, Object>> {
    private final IntFunction<Participant<Object, Object>> build;
    private Participant<Object, Object>[] participants;

    /** An empty table whose participant {@code id} is {@code build.apply(id)}. */
    @SuppressWarnings("unchecked")
    public ParticipantTable(IntFunction<Participant<Object, Object>> build) {
        this.build = build;
        this.participants = new Participant[16];
    }

    /** Makes room for every id of {@code ids} (called by the curator between steps). */
    public void reserve(int[] ids) {
        int largest = -1;
        for (int id : ids) {
            largest = Math.max(largest, id);
        }
        if (largest >= participants.length) {
            participants = Arrays.copyOf(participants, Math.max(largest + 1, 2 * participants.length));
        }
    }

    /** Participant {@code id}, built on first use ({@code id} reserved). */
    @Override
    public Participant<Object, Object> apply(int id) {
        Participant<Object, Object> p = participants[id];
        if (p == null) {
            p = build.apply(id);
            participants[id] = p;
        }
        return p;
    }

    /** How many participants were built. */
    public int size() {
        int built = 0;
        for (Participant<Object, Object> p : participants) {
            built += p == null ? 0 : 1;
        }
        return built;
    }
}
