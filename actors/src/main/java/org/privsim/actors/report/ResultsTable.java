package org.privsim.actors.report;

import static org.privsim.actors.report.Formats.brief;
import static org.privsim.actors.report.Formats.format;

import org.privsim.core.audit.AuditResult;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.family.indexedmean.IndexedMeanResult;
import org.privsim.core.family.multitask.MultitaskResult;
import org.privsim.core.family.ratings.RatingsResult;
import org.privsim.core.run.Report;
import org.privsim.core.family.transfer.TransferResult;

/**
 * The short human-readable results printed on stdout after a run.
 *
 * <p>Guarantee: one table per kind of row the report holds, in this order and only when it holds
 * such rows — low-rank experiments, indexed-mean experiments, multi-task experiments, audits — each
 * a header line then one line per row in report order, tables separated by a blank line; an audit
 * whose verdict differs from its {@code expect} is marked {@value #UNMET}; a multi-task row shows its
 * KOV-accounted ε ({@code accountedEpsilon}) and its nMSE ± standard error. Numbers use
 * {@link java.util.Locale#ROOT}.
 */
public final class ResultsTable {
    /** The marker ending the line of an audit whose expectation is unmet. */
    static final String UNMET = "<< EXPECT UNMET";

    private ResultsTable() {}

    /** The tables' text (empty for a report without rows). */
    public static String render(Report report) {
        StringBuilder sb = new StringBuilder();
        if (!report.lowRankRows().isEmpty()) {
            lowRank(report, sb);
        }
        if (!report.indexedMeanRows().isEmpty()) {
            separate(sb);
            indexedMean(report, sb);
        }
        if (!report.multitaskRows().isEmpty()) {
            separate(sb);
            multitask(report, sb);
        }
        if (!report.transferRows().isEmpty()) {
            separate(sb);
            transfer(report, sb);
        }
        if (!report.ratingsRows().isEmpty()) {
            separate(sb);
            ratings(report, sb);
        }
        if (!report.audits().isEmpty()) {
            separate(sb);
            audits(report, sb);
        }
        return sb.toString();
    }

    private static void separate(StringBuilder sb) {
        if (!sb.isEmpty()) {
            sb.append('\n');
        }
    }

    private static void lowRank(Report report, StringBuilder sb) {
        if (report.dataset() != null) {
            dataset(report, sb);
            return;
        }
        boolean repeated = report.lowRankRows().stream().anyMatch(r -> r.repeats() > 1);
        sb.append(format("%-30s %8s %10s %10s %12s %22s %9s %7s%s%n", "algorithm", "epsilon",
                "zCDP rho", "eps(acct.)", "pop. MSE", "excess risk ± s.e.", "subspace", "epochs",
                repeated ? " repeats" : ""));
        for (ExperimentResult r : report.lowRankRows()) {
            sb.append(format("%-30s %8s %10s %10s %12.6f %22s %9s %7d%s%n", name(r),
                    r.epsilon() == null ? "-" : format("%.3g", r.epsilon()),
                    r.zcdpRho() == null ? "-" : format("%.4g", r.zcdpRho()),
                    r.accountedEpsilon() == null ? "-" : format("%.4g", r.accountedEpsilon()),
                    r.populationMse(),
                    r.excessRiskStdErr() == null ? format("%.6f", r.excessRisk())
                            : format("%.6f ± %.2g", r.excessRisk(), r.excessRiskStdErr()),
                    r.subspaceDistance() == null ? "-" : format("%.4f", r.subspaceDistance()),
                    r.epochs(), repeated ? format(" %7d", r.repeats()) : ""));
        }
    }

    /**
     * The low-rank rows of a data set: held-out test MSE (averaged over users, then over test rows) and
     * R²; a data set has no ground truth, so no population MSE, excess risk or subspace distance.
     */
    private static void dataset(Report report, StringBuilder sb) {
        boolean repeated = report.lowRankRows().stream().anyMatch(r -> r.repeats() > 1);
        sb.append(format("dataset %s: %d users, %d rows, d = %d (no ground truth: population MSE, excess risk and"
                        + " subspace distance do not apply)%n", report.dataset().path(), report.dataset().users(),
                report.dataset().rows(), report.dataset().dimension()));
        sb.append(format("%-30s %8s %10s %10s %22s %12s %18s %7s %4s%s%n", "algorithm", "epsilon", "zCDP rho",
                "eps(acct.)", "test MSE ± s.e.", "MSE(rows)", "R2 ± s.e.", "epochs", "k", repeated ? " repeats" : ""));
        for (ExperimentResult r : report.lowRankRows()) {
            sb.append(format("%-30s %8s %10s %10s %22s %12.4f %18s %7d %4s%s%n", name(r),
                    r.epsilon() == null ? "-" : format("%.3g", r.epsilon()),
                    r.zcdpRho() == null ? "-" : format("%.4g", r.zcdpRho()),
                    r.accountedEpsilon() == null ? "-" : format("%.4g", r.accountedEpsilon()),
                    r.testMseStdErr() == null ? format("%.4f", r.testMse())
                            : format("%.4f ± %.2g", r.testMse(), r.testMseStdErr()),
                    r.testMseSamples(),
                    r.r2StdErr() == null ? format("%.4f", r.r2()) : format("%.4f ± %.2g", r.r2(), r.r2StdErr()),
                    r.epochs(), r.algorithm().endsWith("altmin") ? String.valueOf(r.rank()) : "-",
                    repeated ? format(" %7d", r.repeats()) : ""));
        }
    }

    /** The algorithm, with the U-step and S source of a Kronecker priv-altmin row. */
    /** The algorithm, its U-step when Kronecker, and its accountant when it has one (e.g. {@code dp-fedavg (pld)}). */
    private static String name(ExperimentResult r) {
        String name = r.uStep() == null || r.uStep().equals("full") ? r.algorithm()
                : r.algorithm() + " kron/" + r.featureCovariance();
        return r.accountant() == null ? name : name + " (" + r.accountant() + ")";
    }

    private static void indexedMean(Report report, StringBuilder sb) {
        sb.append(format("%-24s %7s %8s %11s %23s %11s%n", "indexed-mean algorithm", "epsilon", "persons",
                "noise var", "loss ± stderr", "closed form"));
        for (IndexedMeanResult r : report.indexedMeanRows()) {
            sb.append(format("%-24s %7s %8d %11.4g %23s %11.4g%n", r.algorithm(),
                    r.epsilon() == null ? "-" : brief(r.epsilon()), r.persons(), r.noiseVariance(),
                    format("%.4g ± %.2g", r.loss(), r.lossStdErr()), r.lossClosedForm()));
        }
    }

    /**
     * One line per multi-task row; "-" where ε, the accounted ε or λ is null, no "± s.e." for one
     * repeat; a Gaussian-release row's algorithm carries "+gauss" and its accounted ε is the zCDP one.
     */
    private static void multitask(Report report, StringBuilder sb) {
        sb.append(format("%-26s %-12s %7s %10s %21s %8s %7s%n", "multi-task algorithm", "structure", "epsilon",
                "eps(acct.)", "nMSE ± s.e.", "lambda", "repeats"));
        for (MultitaskResult r : report.multitaskRows()) {
            sb.append(format("%-26s %-12s %7s %10s %21s %8s %7d%n",
                    r.algorithm() + ("gaussian".equals(r.covarianceNoise()) ? "+gauss" : ""), r.structure(),
                    r.epsilon() == null ? "-" : brief(r.epsilon()),
                    r.accountedEpsilon() == null ? "-" : format("%.4g", r.accountedEpsilon()),
                    r.nmseStdErr() == null ? format("%.4f", r.nmse())
                            : format("%.4f ± %.2g", r.nmse(), r.nmseStdErr()),
                    r.lambda() == null ? "-" : brief(r.lambda()), r.repeats()));
        }
    }

    /** One line per transfer row; "-" where n₁, ε or σ does not apply, no "± s.e." for one repeat. */
    private static void transfer(Report report, StringBuilder sb) {
        sb.append(format("%-22s %-14s %7s %7s %7s %10s %7s %21s %9s %7s%n", "transfer algorithm", "representation",
                "n1", "n2", "epsilon", "eps(acct.)", "sigma", "param error ± s.e.", "sin θ", "repeats"));
        for (TransferResult r : report.transferRows()) {
            sb.append(format("%-22s %-14s %7s %7d %7s %10s %7s %21s %9s %7d%n", r.algorithm(),
                    r.representation() == null ? "-" : r.representation(),
                    r.publicSamples() == null ? "-" : r.publicSamples() + ("pairs".equals(r.subspaceEstimator()) ? "p" : ""), r.privateSamples(),
                    r.epsilon() == null ? "-" : brief(r.epsilon()),
                    r.accountedEpsilon() == null ? "-" : format("%.4g", r.accountedEpsilon()),
                    r.noiseMultiplier() == null ? "-" : format("%.3g", r.noiseMultiplier()),
                    r.parameterErrorStdErr() == null ? format("%.4f", r.parameterError())
                            : format("%.4f ± %.2g", r.parameterError(), r.parameterErrorStdErr()),
                    r.subspaceError() == null ? "-" : format("%.3f", r.subspaceError()), r.repeats()));
        }
    }

    /** One line per ratings row: held-out RMSE per user (all, bottom quartile), "-" where ε does not apply. */
    private static void ratings(Report report, StringBuilder sb) {
        sb.append(format("%-20s %7s %10s %10s %20s %20s %7s%n", "ratings algorithm", "epsilon", "zCDP rho",
                "eps(acct.)", "RMSE ± s.e.", "bottom 25% ± s.e.", "repeats"));
        for (RatingsResult r : report.ratingsRows()) {
            sb.append(format("%-20s %7s %10s %10s %20s %20s %7d%n", r.algorithm(),
                    r.epsilon() == null ? "-" : brief(r.epsilon()),
                    r.zcdpRho() == null ? "-" : format("%.4g", r.zcdpRho()),
                    r.accountedEpsilon() == null ? "-" : format("%.4g", r.accountedEpsilon()),
                    r.rmseStdErr() == null ? format("%.4f", r.rmse()) : format("%.4f ± %.2g", r.rmse(), r.rmseStdErr()),
                    r.bottomQuartileRmseStdErr() == null ? format("%.4f", r.bottomQuartileRmse())
                            : format("%.4f ± %.2g", r.bottomQuartileRmse(), r.bottomQuartileRmseStdErr()),
                    r.repeats()));
        }
    }

    private static void audits(Report report, StringBuilder sb) {
        sb.append(format("%5s %-24s %-13s %6s %-15s %9s %9s %9s %9s %9s %-12s %-12s%n", "audit", "algorithm",
                "threat model", "|C|", "method", "claimed", "eps lower", "eps point", "max cert", "tightness",
                "verdict", "expect"));
        for (AuditResult a : report.audits()) {
            String line = format("%5d %-24s %-13s %6d %-15s %9s %9s %9s %9s %9s %-12s %-12s", a.audit(),
                    a.algorithm(), a.threatModel(), a.collusionSize(), a.method(), brief(a.claimedEpsilon()),
                    brief(a.empiricalEpsilonLower()),
                    a.empiricalEpsilonPoint() == null ? "∞" : brief(a.empiricalEpsilonPoint()),
                    brief(a.maxCertifiableEpsilon()), a.tightness() == null ? "-" : brief(a.tightness()),
                    a.verdict(), a.expect() == null ? "-" : a.expect());
            sb.append(format("%s%n", a.expectMet() ? line.stripTrailing() : line + " " + UNMET));
        }
    }
}
