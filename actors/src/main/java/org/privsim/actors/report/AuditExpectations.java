package org.privsim.actors.report;

import java.util.List;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.Verdict;
import org.privsim.core.report.Formats;
import org.privsim.core.run.Report;

/**
 * Explains the audits of a report whose verdict differs from the scenario's {@code expect}.
 *
 * <p>Guarantee: {@link #unmet} returns exactly one line per audit with {@code expectMet == false},
 * in audit order (none when {@link Report#expectationsMet()}), each naming the audit's field path
 * {@code audits[i]}, the expected and the actual verdict, and the numbers the verdict rests on.
 */
public final class AuditExpectations {
    private AuditExpectations() {}

    /**
     * One line per unmet expectation, e.g. {@code audits[3]: expected violated, got consistent
     * (empirical ε lower bound 0.41 ≤ claimed 1)}.
     */
    public static List<String> unmet(Report report) {
        return report.audits().stream().filter(a -> !a.expectMet()).map(AuditExpectations::line).toList();
    }

    private static String line(AuditResult a) {
        return "audits[" + a.audit() + "]: expected " + a.expect() + ", got " + a.verdict() + " (" + reason(a) + ")";
    }

    /** Why the audit reached its verdict, in the terms of {@link Verdict}. */
    private static String reason(AuditResult a) {
        String lower = Formats.brief(a.empiricalEpsilonLower());
        String claimed = Formats.brief(a.claimedEpsilon());
        return switch (Verdict.byId(a.verdict()).orElseThrow()) {
            case VIOLATED -> "empirical ε lower bound " + lower + " > claimed " + claimed;
            case CONSISTENT -> "empirical ε lower bound " + lower + " ≤ claimed " + claimed;
            case INCONCLUSIVE -> "empirical ε lower bound " + lower + " ≤ claimed " + claimed
                    + ", and a perfect attack on " + a.trials() + " trials certifies at most "
                    + Formats.brief(a.maxCertifiableEpsilon());
        };
    }
}
