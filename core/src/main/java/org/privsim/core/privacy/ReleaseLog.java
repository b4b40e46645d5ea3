package org.privsim.core.privacy;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * The releases of one run, as its {@link Ledger} recorded them: consecutive identical releases over
 * the same participants folded into one record with a count, so DP-SGD's thousands of steps are one
 * record.
 *
 * <p>Guarantee: {@link #accounted} lists, ascending, the indices of the releases that used the data
 * of the participant the ledger charged most (the first such participant) — composing exactly those
 * gives the run's spend; every index for a ledger with one account for everybody.
 *
 * @param population the number of participants the ledger accounts for
 * @param currency   the currency the ledger charged in, or null for a run without releases
 * @param releases   the folded releases, in release order
 * @param accounted  indices into {@code releases} behind the largest spend
 */
public record ReleaseLog(int population, Release.Currency currency, List<Release> releases,
        List<Integer> accounted) {

    /** The log of a run that released nothing privately. */
    public static final ReleaseLog NONE = new ReleaseLog(0, null, List.of(), List.of());

    public ReleaseLog {
        releases = List.copyOf(releases);
        accounted = List.copyOf(accounted);
    }

    /** The releases behind the largest spend, in release order. */
    @JsonIgnore
    public List<Release> accountedReleases() {
        return accounted.stream().map(releases::get).toList();
    }
}
