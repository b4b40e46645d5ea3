package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The ledger's per-user state by history: against a reference that keeps every user's spend and
 * every release's participant set, random sequences of charges to everybody, to subsets and repeats
 * (folded) give the same spends bit for bit, the same releases per user, the same accounted releases;
 * and nothing is held per user until a charge leaves someone out.
 */
class ChargeHistoriesTest {

    /** The ledger as it was: a spend and a list of costs per user, a participant set per record. */
    private static final class Reference {
        final double[] spent;
        final List<List<Double>> costs = new ArrayList<>();
        final List<BitSet> records = new ArrayList<>();
        final List<Release> releases = new ArrayList<>();

        Reference(int users) {
            spent = new double[users];
            for (int u = 0; u < users; u++) {
                costs.add(new ArrayList<>());
            }
        }

        void charge(Release release, int[] participants) {
            BitSet set = new BitSet();
            for (int u : participants) {
                spent[u] += release.cost();
                costs.get(u).add(release.cost());
                set.set(u);
            }
            int last = releases.size() - 1;
            if (last >= 0 && releases.get(last).sameAs(release) && records.get(last).equals(set)) {
                releases.set(last, releases.get(last).withCount(releases.get(last).count() + 1));
            } else {
                releases.add(release);
                records.add(set);
            }
        }

        List<Release> releasesOf(int user) {
            List<Release> out = new ArrayList<>();
            for (int i = 0; i < releases.size(); i++) {
                if (records.get(i).get(user)) {
                    out.add(releases.get(i));
                }
            }
            return out;
        }
    }

    private static int[] everybody(int users) {
        int[] all = new int[users];
        for (int u = 0; u < users; u++) {
            all[u] = u;
        }
        return all;
    }

    private static int[] subset(SplittableRandom rng, int users) {
        List<Integer> ids = new ArrayList<>();
        for (int u = 0; u < users; u++) {
            if (rng.nextInt(3) == 0) {
                ids.add(u);
            }
        }
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void randomChargesMatchAPerUserLedgerBitForBit() {
        for (long seed = 1; seed <= 20; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            int users = 2 + rng.nextInt(40);
            boolean pure = seed % 2 == 0;
            Ledger ledger = pure ? Ledger.pure(users, 1e9, 1e-6) : Ledger.zcdp(users, 1e9);
            Reference reference = new Reference(users);
            int[] previous = null;
            Release repeated = null;
            for (int round = 1; round <= 30; round++) {
                int kind = rng.nextInt(4);
                double cost = 0.01 + rng.nextDouble();
                Release release;
                int[] who;
                if (kind == 3 && repeated != null) {
                    release = repeated;
                    who = previous;
                } else {
                    who = kind == 0 ? everybody(users) : subset(rng, users);
                    release = pure ? Release.pure(round, "r", Release.Mechanism.WISHART, 1, 1, cost, who.length)
                            : Release.gaussian(round, "r", Release.Relation.REPLACE_ONE, 1, 1, cost, who.length);
                }
                Release recorded = kind == 0 && rng.nextBoolean() ? ledger.chargeAll(release)
                        : ledger.charge(release, who);
                reference.charge(recorded, who);
                previous = who;
                repeated = release;
            }
            assertEquals(reference.releases, ledger.releases(), "seed " + seed);
            int most = 0;
            double max = Double.NEGATIVE_INFINITY;
            for (int u = 0; u < users; u++) {
                double expected = pure ? CompositionBound.of(reference.costs.get(u).stream()
                        .mapToDouble(Double::doubleValue).toArray(), 1e-6) : reference.spent[u];
                assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(ledger.spent(u)),
                        "seed " + seed + " user " + u);
                assertEquals(reference.releasesOf(u), ledger.releasesOf(u), "seed " + seed + " user " + u);
                if (expected > max) {
                    max = expected;
                    most = u;
                }
            }
            assertEquals(Double.doubleToLongBits(max), Double.doubleToLongBits(ledger.maxSpent()));
            List<Integer> accounted = new ArrayList<>();
            for (int i = 0; i < reference.releases.size(); i++) {
                if (reference.records.get(i).get(most)) {
                    accounted.add(i);
                }
            }
            assertEquals(accounted, ledger.log().accounted(), "seed " + seed);
        }
    }

    @Test
    void nothingIsHeldPerUserUntilSomeoneIsLeftOut() {
        Ledger ledger = Ledger.zcdp(1000, 10);
        Release release = Release.gaussian(1, "A", Release.Relation.REPLACE_ONE, 1, 1, 0.1, 1000);
        ledger.chargeAll(release);
        ledger.charge(release.atRound(2), everybody(1000));
        assertEquals(0, ledger.perUserBytes());
        assertEquals(0.2, ledger.maxSpent(), 1e-15);
        ledger.charge(Release.gaussian(3, "b", Release.Relation.REPLACE_ONE, 1, 1, 0.1, 2), new int[] {7, 3});
        assertEquals(ChargeHistories.BYTES_PER_USER, ledger.perUserBytes());
        assertEquals(Double.doubleToLongBits(0.1 + 0.1 + 0.1), Double.doubleToLongBits(ledger.spent(7)));
        assertEquals(Double.doubleToLongBits(0.1 + 0.1), Double.doubleToLongBits(ledger.spent(4)));
    }
}
