package org.privsim.actors.report;

import static org.privsim.actors.report.Formats.format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.Injection;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.IndexedMeanResult;
import org.privsim.core.run.MultitaskResult;
import org.privsim.core.run.RatingsResult;
import org.privsim.core.run.Report;
import org.privsim.core.run.TransferResult;
import org.privsim.core.scenario.DatasetTask;

/**
 * Renders a whole run on one page ({@code report.html}): the run's scenario, runner, seed, wall time
 * and the time the page was written; the results tables as printed on stdout; a privacy table with
 * one line per result row (target ε and δ, calibration, ρ, accounted ε, the ledger's largest spend);
 * the audits with their verdicts and bounds; every plot of the run; and the scenario's text.
 *
 * <p>Guarantee: the page is self-contained — its CSS is inline and every plot is embedded as a
 * base64 {@code data:image/png} URI — so it references no other file and no URL, and shows the same
 * whether opened from the output directory, copied elsewhere or mailed. All text taken from the
 * report or the scenario is HTML-escaped. Numbers use {@link java.util.Locale#ROOT}.
 */
public final class ReportHtml {
    /** Inline style: readable tables and monospace blocks, nothing fetched. */
    private static final String CSS = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:2em auto;\
            max-width:1200px;padding:0 1em;color:#1b1b1b;line-height:1.4}
            h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;border-bottom:1px solid #ccc;\
            padding-bottom:.2em;margin-top:1.8em}
            table{border-collapse:collapse;margin:.6em 0;font-size:.9em}
            th,td{border:1px solid #d0d0d0;padding:.25em .6em;text-align:right;white-space:nowrap}
            th{background:#f1f3f5}td.t,th.t{text-align:left}
            .scroll{overflow-x:auto}
            pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:.8em;overflow-x:auto;font-size:.85em}
            .violated{color:#fff;background:#c62828}.consistent{color:#fff;background:#2e7d32}\
            .inconclusive{background:#f9a825}.unmet{font-weight:bold;color:#c62828}
            figure{margin:1em 0}figure img{max-width:min(100%,900px);height:auto;border:1px solid #e1e4e8}
            figcaption{font-size:.85em;color:#555}
            .meta td{text-align:left}
            """;

    private ReportHtml() {}

    /**
     * The page for {@code report}; {@code plots} are the run's PNG files in the order to show them
     * (each is read and embedded); {@code scenarioText} is the scenario file as run (null: not known);
     * {@code written} is the time shown as the page's writing time.
     */
    public static String render(Report report, List<Path> plots, String scenarioText, Instant written)
            throws IOException {
        StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>privsim report: ").append(esc(report.scenario())).append("</title>\n<style>\n")
                .append(CSS).append("</style>\n</head>\n<body>\n");
        h.append("<h1>privsim report: ").append(esc(report.scenario())).append("</h1>\n");
        meta(report, written, h);
        if (report.dataset() != null) {
            dataset(report.dataset(), h);
        }
        h.append("<h2 id=\"results\">Results</h2>\n");
        String table = ResultsTable.render(report);
        h.append(table.isEmpty() ? "<p>No result rows.</p>\n" : "<pre>" + esc(table) + "</pre>\n");
        if (!report.experiments().isEmpty()) {
            privacy(report, h);
        }
        if (!report.audits().isEmpty()) {
            audits(report, h);
        }
        if (!plots.isEmpty()) {
            h.append("<h2 id=\"plots\">Plots</h2>\n");
            for (Path plot : plots) {
                h.append("<figure><img alt=\"").append(esc(plot.getFileName().toString()))
                        .append("\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(Files.readAllBytes(plot)))
                        .append("\"><figcaption>").append(esc(plot.getFileName().toString()))
                        .append("</figcaption></figure>\n");
            }
        }
        h.append("<h2 id=\"scenario\">Scenario</h2>\n");
        h.append(scenarioText == null ? "<p>The scenario's text was not recorded with this report.</p>\n"
                : "<pre>" + esc(scenarioText) + "</pre>\n");
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static void meta(Report report, Instant written, StringBuilder h) {
        h.append("<table class=\"meta\">\n");
        metaRow(h, "scenario", report.scenario());
        metaRow(h, "runner", report.runner());
        metaRow(h, "seed", String.valueOf(report.seed()));
        metaRow(h, "wall time", format("%.1f s (%d ms)", report.wallMillis() / 1000.0, report.wallMillis()));
        metaRow(h, "written", written.truncatedTo(ChronoUnit.SECONDS).toString());
        metaRow(h, "rows", Formats.counted(report.experiments().size(), "result row") + ", "
                + Formats.counted(report.audits().size(), "audit"));
        h.append("</table>\n");
    }

    private static void metaRow(StringBuilder h, String key, String value) {
        h.append("<tr><th class=\"t\">").append(esc(key)).append("</th><td>").append(esc(value)).append("</td></tr>\n");
    }

    private static void dataset(DatasetTask d, StringBuilder h) {
        h.append("<h2 id=\"dataset\">Data set</h2>\n<table class=\"meta\">\n");
        metaRow(h, "file", d.path());
        metaRow(h, "SHA-256", d.sha256());
        metaRow(h, "users / rows", d.users() + " / " + d.rows());
        metaRow(h, "model columns", String.join(", ", d.columns()));
        h.append("</table>\n");
    }

    /** One line per result row: the guarantee the row targets and what its accountant and ledger charged. */
    private static void privacy(Report report, StringBuilder h) {
        h.append("<h2 id=\"privacy\">Privacy</h2>\n");
        h.append("<p>Per result row: the target (ε, δ), how it was calibrated, the zCDP ρ charged, the ε the"
                + " accountant reads back (tight conversion; composition bound for Wishart MP-MTL), and the largest"
                + " spend the per-user (or per-task) ledger recorded. Empty: does not apply.</p>\n");
        List<String> header = List.of("experiment", "algorithm", "kind", "target ε", "δ", "calibration", "zCDP ρ",
                "accounted ε", "classic ε", "ledger max", "note");
        List<List<String>> rows = new ArrayList<>();
        for (ExperimentRow row : report.experiments()) {
            rows.add(privacyRow(row));
        }
        table(header, rows, Set.of(1, 2, 5, 10), h);
    }

    private static List<String> privacyRow(ExperimentRow row) {
        if (row instanceof ExperimentResult r) {
            return Arrays.asList(String.valueOf(r.experiment()), algorithm(r), "low-rank",
                    num(r.epsilon()), num(r.delta()), r.calibration(), num(r.zcdpRho()), num(r.accountedEpsilon()),
                    num(r.classicEpsilon()), r.maxLedgerRho() == null ? null : "ρ " + num(r.maxLedgerRho()),
                    r.epsilon() == null ? "non-private" : "user-level zCDP" + (r.algorithm().endsWith("altmin")
                            ? ", " + r.epochs() + (r.epochs() == 1 ? " epoch" : " epochs") : ""));
        }
        if (row instanceof IndexedMeanResult r) {
            return Arrays.asList(String.valueOf(r.experiment()), r.algorithm(), "indexed mean",
                    num(r.epsilon()), num(r.delta()), r.calibration(), num(r.zcdpRho()), num(r.accountedEpsilon()),
                    null, null, "t = " + r.persons() + ", outputs " + r.outputs());
        }
        if (row instanceof MultitaskResult r) {
            return Arrays.asList(String.valueOf(r.experiment()),
                    r.algorithm() + ("gaussian".equals(r.covarianceNoise()) ? "+gauss" : ""), "multi-task",
                    num(r.epsilon()), num(r.delta()), r.calibration(), num(r.zcdpRho()), num(r.accountedEpsilon()),
                    r.basicEpsilon() == null ? null : "basic " + num(r.basicEpsilon()),
                    r.maxLedgerEpsilon() == null ? null : "ε " + num(r.maxLedgerEpsilon()),
                    r.covarianceNoise() == null ? (r.epsilon() == null ? "non-private" : null)
                            : r.covarianceNoise() + " covariance release, " + r.structure());
        }
        if (row instanceof RatingsResult r) {
            return Arrays.asList(String.valueOf(r.experiment()), r.algorithm(), "ratings",
                    num(r.epsilon()), num(r.delta()), r.calibration(), num(r.zcdpRho()), num(r.accountedEpsilon()),
                    num(r.classicEpsilon()), r.maxLedgerRho() == null ? null : "ρ " + num(r.maxLedgerRho()),
                    r.epsilon() == null ? "non-private" : "user-level zCDP, at most " + r.maxRatingsPerUser()
                            + " ratings per user per release");
        }
        TransferResult r = (TransferResult) row;
        return Arrays.asList(String.valueOf(r.experiment()), r.algorithm(), "transfer",
                    num(r.epsilon()), num(r.delta()), null, num(r.zcdpRho()), num(r.accountedEpsilon()),
                    num(r.classicEpsilon()), r.maxLedgerEpsilon() == null ? null : "ε " + num(r.maxLedgerEpsilon()),
                    "n₂ = " + r.privateSamples() + (r.representationEpsilon() == null ? ""
                            : ", representation ε " + num(r.representationEpsilon())));
    }

    private static String algorithm(ExperimentResult r) {
        return r.uStep() == null || r.uStep().equals("full") ? r.algorithm()
                : r.algorithm() + " kron/" + r.featureCovariance();
    }

    private static void audits(Report report, StringBuilder h) {
        h.append("<h2 id=\"audits\">Audits</h2>\n");
        h.append("<p>Each audit plays its trials against the mechanism and bounds ε from below at the stated"
                + " confidence: <b>violated</b> when the lower bound exceeds the claimed ε, <b>inconclusive</b> when"
                + " even a perfect attack could not certify more than the claim with these trials, <b>consistent</b>"
                + " otherwise.</p>\n");
        List<String> header = List.of("audit", "algorithm", "threat model", "verdict", "expected", "claimed ε",
                "ε lower bound", "ε point", "max certifiable", "accounted ε", "tightness", "fault injected", "δ", "|C|",
                "method", "trials", "confidence");
        List<List<String>> rows = new ArrayList<>();
        for (AuditResult a : report.audits()) {
            rows.add(Arrays.asList(String.valueOf(a.audit()), a.algorithm(), a.threatModel(), a.verdict(),
                    a.expect() == null ? "" : a.expect() + (a.expectMet() ? "" : " (UNMET)"), num(a.claimedEpsilon()),
                    num(a.empiricalEpsilonLower()), a.empiricalEpsilonPoint() == null ? "∞" : num(a.empiricalEpsilonPoint()),
                    num(a.maxCertifiableEpsilon()), num(a.accountedEpsilon()), num(a.tightness()), fault(a.inject()),
                    num(a.delta()), String.valueOf(a.collusionSize()), a.method(), String.valueOf(a.trials()),
                    num(a.confidence())));
        }
        table(header, rows, Set.of(1, 2, 3, 4, 11, 14), h);
    }

    /** An HTML table; columns in {@code textColumns} are left-aligned, the verdict cell is coloured. */
    private static void table(List<String> header, List<List<String>> rows, Set<Integer> textColumns, StringBuilder h) {
        h.append("<div class=\"scroll\"><table>\n<tr>");
        for (int c = 0; c < header.size(); c++) {
            h.append(textColumns.contains(c) ? "<th class=\"t\">" : "<th>").append(esc(header.get(c))).append("</th>");
        }
        h.append("</tr>\n");
        for (List<String> row : rows) {
            h.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                String cell = row.get(c) == null ? "" : row.get(c);
                String cls = textColumns.contains(c) ? "t" : "";
                if ("verdict".equals(header.get(c))) {
                    cls += " " + cell;
                } else if (cell.endsWith("(UNMET)")) {
                    cls += " unmet";
                }
                h.append(cls.isBlank() ? "<td>" : "<td class=\"" + cls.strip() + "\">").append(esc(cell)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table></div>\n");
    }

    /** The injected fault in words ("none" without one). */
    private static String fault(Injection inject) {
        if (inject == null) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        if (inject.noiseMultiplier() != 1) {
            parts.add("noise × " + Formats.brief(inject.noiseMultiplier()));
        }
        if (inject.skipClipping()) {
            parts.add("no clipping");
        }
        if (inject.ignoreComposition()) {
            parts.add("composition ignored");
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    /** A number as {@link Formats#brief} prints it, or null. */
    private static String num(Double x) {
        return x == null ? null : Formats.brief(x);
    }

    /** HTML-escapes text for element content and attribute values. */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
