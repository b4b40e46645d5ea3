package org.privsim.core.family.ratings;

import static org.privsim.core.scenario.HeapBytes.add;
import static org.privsim.core.scenario.HeapBytes.mul;

import org.privsim.core.audit.AuditSpec;
import org.privsim.core.module.RunHeap;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;

/**
 * What a ratings scenario holds in the heap besides the base, on every runner: a file's table (28
 * bytes a rating while it is read: the generic table's two doubles and the ratings table's int and
 * double; 100 a user) or a synthetic task's true item factors, held once; and per run in flight each
 * participant ({@link #PARTICIPANT_BYTES}), one round's answers (a user's contribution: 72 bytes of
 * headers, 12 per rating it sends, 8 per factor coordinate; it sends at most L ratings when private,
 * else its training ratings, on average (1 − testFraction)·ratings/users), the ledger (8 bytes a
 * user), the curator's per-item statistics and four copies of the item factors (K = k + 1:
 * (K² + 5K)·8 bytes an item). A white-box audit's trial ({@link RatingsWhiteBoxGame}) is such a run
 * that also holds every user's ratings split ({@link #SPLIT_BYTES} and 12 bytes a rating) and a second
 * copy of a round's answers (the other world's); each trial is a run.
 *
 * <p>Guarantee: {@link #PARTICIPANT_BYTES} and {@link #SPLIT_BYTES} are counted and checked against a
 * measured heap ({@code MemoryModelTest}); the rest is counted, an estimate for refusing scenarios
 * that cannot fit, not a bound.
 */
public final class RatingsHeap {
    private RatingsHeap() {}

    /**
     * What a run keeps per ratings participant, on every runner: the participant (a closure over
     * the cell, the run's context and its id: a 12-byte header and three 4-byte fields, 24 bytes)
     * and its slot in the run's participant table (4 bytes, up to 8 while the sequential
     * interpreter's table doubles). It holds no ratings: it regenerates or reads them per request.
     * Measured: {@code MemoryModelTest} weighs 400,000 of them; the peak live heap per user is the
     * same on the local and the sequential runner ({@code java -jar actors/target/privsim.jar bench
     * ratings.yaml --warmup 0 --repetitions 1 --live-every 200} at 100,000 and 300,000 users,
     * bench/RESULTS.md, "Per-participant memory"), where it was 1,600 bytes of an actor per
     * participant before the curators owned their participants.
     */
    public static final long PARTICIPANT_BYTES = 32;

    /**
     * A user's ratings split as a white-box trial holds it: the split record, two {@code UserRatings}
     * and their four arrays' headers (16 + 2·16 + 4·16 bytes), and its slot in the trial's array.
     */
    public static final long SPLIT_BYTES = 116;

    /** The heap of {@code scenario}'s ratings runs: none unless its task is a ratings task. */
    static RunHeap of(Scenario scenario) {
        if (!(scenario.task() instanceof RatingsTask task)) {
            return RunHeap.NONE;
        }
        long total = task.synthetic() ? mul(mul(task.items(), task.rank()), 8)
                : add(mul(task.ratings(), 28), mul(task.users(), 100));
        long runs = 0;
        long largest = 0;
        for (ExperimentSpec spec : scenario.experiments()) {
            largest = Math.max(largest, runBytes(task, spec.settings(RatingsSettings.class), false));
            runs += (long) spec.repeats() * (spec.epsilons() == null ? 1 : spec.epsilons().size());
        }
        for (AuditSpec audit : scenario.audits()) {
            if (audit.task() instanceof RatingsTask audited) {
                largest = Math.max(largest, runBytes(audited, audit.experiment().settings(RatingsSettings.class), true));
                runs = add(runs, audit.trials());
            }
        }
        return new RunHeap(total, runs, largest);
    }

    /** One ratings run; {@code trial}: a white-box audit's trial. */
    private static long runBytes(RatingsTask task, RatingsSettings s, boolean trial) {
        long users = task.users();
        double perUser = task.ratings() * (1 - task.testFraction()) / Math.max(1, users);
        long k = s.rank() == null ? 0 : s.rank() + 1;
        double sent = s.maxRatingsPerUser() == null ? perUser : Math.min(s.maxRatingsPerUser(), perUser);
        long answer = 72 + (long) Math.ceil(12 * sent) + 8 * k;
        long perParticipant = PARTICIPANT_BYTES + answer + 8;
        if (trial) {
            double ratings = (double) task.ratings() / Math.max(1, users);
            perParticipant = add(perParticipant, SPLIT_BYTES + (long) Math.ceil(12 * ratings) + answer);
        }
        return add(mul(users, perParticipant), mul(task.items(), (k * k + 5 * k + 2) * 8));
    }
}
