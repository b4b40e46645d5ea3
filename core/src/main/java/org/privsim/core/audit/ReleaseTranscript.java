package org.privsim.core.audit;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.ReleaseTap;

/**
 * The Gaussian releases of one run of a mechanism, as the white-box adversary sees them: each
 * release's record — the one its ledger charged, so the σ is the noise actually added — and the
 * values released ({@link ReleaseTap}'s coordinates, noise included). A family's white-box game runs
 * its ordinary mechanism with a transcript as the tap, computes each release's pre-noise values in
 * both worlds (given the releases before it, which the adversary observed) and scores them with
 * {@link #llr}.
 *
 * <p>Guarantee: entries are in release order; {@link #checkAgainst} proves they are exactly the
 * releases of the run's ledger log, so the adversary scores what the accounting charged for. Not
 * thread-safe: one transcript per run.
 */
public final class ReleaseTranscript implements ReleaseTap {

    /**
     * One release.
     *
     * @param record   the ledger's record (Gaussian)
     * @param released the released coordinates, noise included
     */
    public record Entry(Release record, double[] released) {}

    private final List<Entry> entries = new ArrayList<>();

    /** Records a release; only Gaussian releases have the white-box likelihood ratio of {@link GaussianWhiteBox}. */
    @Override
    public void released(Release record, double[] released) {
        if (record.mechanism() != Release.Mechanism.GAUSSIAN) {
            throw new IllegalArgumentException("a white-box transcript scores Gaussian releases, got '"
                    + record.name() + "' (" + record.mechanism().id() + ")");
        }
        entries.add(new Entry(record, released));
    }

    /** The releases so far, in order. */
    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** How many releases so far. */
    public int size() {
        return entries.size();
    }

    /**
     * Throws {@link IllegalStateException} unless the entries are the releases of {@code log}, in order:
     * each of its records stands for {@code count} consecutive entries that are {@linkplain Release#sameAs
     * the same release}.
     */
    public void checkAgainst(ReleaseLog log) {
        int at = 0;
        for (Release logged : log.releases()) {
            for (int c = 0; c < logged.count(); c++, at++) {
                if (at >= entries.size() || !entries.get(at).record().sameAs(logged)) {
                    throw new IllegalStateException("release " + at + " of the transcript is not the ledger's '"
                            + logged.name() + "'");
                }
            }
        }
        if (at != entries.size()) {
            throw new IllegalStateException(entries.size() + " releases seen, " + at + " in the ledger's log");
        }
    }

    /**
     * The exact Gaussian log-likelihood ratio (world 1 against world 0) of release {@code index}, whose
     * pre-noise values are {@code world0} and {@code world1}, at its record's σ ({@link GaussianWhiteBox}).
     */
    public double llr(int index, double[] world0, double[] world1) {
        Entry entry = entries.get(index);
        if (world0.length != entry.released().length) {
            throw new IllegalArgumentException("release " + index + " ('" + entry.record().name() + "') has "
                    + entry.released().length + " values, the worlds " + world0.length);
        }
        return GaussianWhiteBox.View.of(entry.record(), world0, world1).llr(entry.released());
    }
}
