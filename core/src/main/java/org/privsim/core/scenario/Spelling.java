package org.privsim.core.scenario;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The "did you mean …?" of scenario errors: the known name nearest to a misspelt one.
 *
 * <p>Guarantee: {@link #nearest} suggests a candidate only when it is within a few edits of the
 * typed name (insertions, deletions, substitutions and swaps of two neighbouring letters, case
 * ignored): one edit for names of up to five characters, two up to eight, three beyond — enough
 * for {@code epsilion}, {@code priv-altmn} or {@code experiment}, too few to suggest {@code rdp}
 * for {@code prv}. Of equally near candidates the first in the given order wins, so the
 * suggestion is deterministic. (A dozen lines of textbook dynamic programming; no library the
 * project bundles offers an edit distance.)
 */
final class Spelling {

    private Spelling() {}

    /** The candidate nearest to {@code typed}, if one is near enough; never {@code typed} itself. */
    static Optional<String> nearest(String typed, Collection<String> candidates) {
        String lower = typed.toLowerCase(Locale.ROOT);
        int allowed = typed.length() <= 5 ? 1 : typed.length() <= 8 ? 2 : 3;
        String best = null;
        int bestDistance = allowed + 1;
        for (String candidate : candidates) {
            int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance && !candidate.equals(typed)) {
                best = candidate;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The optimal-string-alignment distance: edits (one of them a swap of neighbours) that turn a into b. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
