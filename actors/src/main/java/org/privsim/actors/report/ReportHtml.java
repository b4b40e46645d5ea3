package org.privsim.actors.report;

import static org.privsim.core.report.Formats.format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.family.Families;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.report.Formats;
import org.privsim.core.report.PrivacyLine;
import org.privsim.core.report.RowDescription;
import org.privsim.core.report.Table;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.Report;
import org.privsim.core.scenario.DatasetTask;

/**
 * Renders a whole run on one page ({@code report.html}): the run's scenario, runner, seed, wall time
 * and the time the page was written; the results as HTML tables with the cells printed on stdout
 * ({@link ResultsTable#tables}); a privacy table with one row per result row (target ε and δ,
 * calibration, ρ, accounted ε, the ledger's largest spend; the family's cells from its row description,
 * {@link RowDescription#privacy}); the audits with their verdicts and
 * bounds; every plot of the run with a caption saying what to read from it; and the scenario's text.
 *
 * <p>Guarantee: the page is self-contained — its CSS and its few lines of script are inline and every
 * plot is embedded as a base64 {@code data:image/png} URI — so it references no other file and no URL,
 * and shows the same whether opened from the output directory, copied elsewhere or mailed. Every data
 * table has a header row and sorts by a column when its header is clicked (numbers by value, "-"
 * after them; again: reversed); the page works without script, unsorted. Long text in the privacy
 * and audit tables wraps, and a table still wider than the page scrolls in its own box. All text taken
 * from the report or the scenario is HTML-escaped. Numbers use {@link java.util.Locale#ROOT}.
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
            table.sortable th{cursor:pointer}table.sortable th:hover{background:#e2e6ea}
            th[aria-sort=ascending]::after{content:" \\25B2"}th[aria-sort=descending]::after{content:" \\25BC"}
            table.wrap th{white-space:normal;vertical-align:bottom}table.wrap td.t{white-space:normal;min-width:7em}
            .scroll{overflow-x:auto;max-width:100%}
            pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:.8em;overflow-x:auto;font-size:.85em}
            .violated{color:#fff;background:#c62828}.consistent{color:#fff;background:#2e7d32}\
            .inconclusive{background:#f9a825}.unmet{font-weight:bold;color:#c62828}
            figure{margin:1em 0}figure img{max-width:min(100%,900px);height:auto;border:1px solid #e1e4e8}
            figcaption{font-size:.85em;color:#555}
            .meta td{text-align:left}
            """;

    /**
     * Sorts a table by the clicked header's column: by number when the cell starts with one (∞ last),
     * else by text after every number; a second click reverses.
     */
    private static final String SORT_SCRIPT = """
            document.querySelectorAll("table.sortable").forEach(function (table) {
              var heads = table.tHead.rows[0].cells;
              Array.prototype.forEach.call(heads, function (th, column) {
                th.title = "sort by this column";
                th.addEventListener("click", function () {
                  var up = th.getAttribute("aria-sort") !== "ascending";
                  Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
                  th.setAttribute("aria-sort", up ? "ascending" : "descending");
                  var key = function (row) {
                    var text = row.cells[column].textContent.trim(), x = parseFloat(text.replace(/^∞/, "Infinity"));
                    return isNaN(x) ? [1, text] : [0, x];
                  };
                  var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
                  rows.sort(function (a, b) {
                    var x = key(a), y = key(b);
                    var d = x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0);
                    return up ? d : -d;
                  });
                  rows.forEach(function (row) { body.appendChild(row); });
                });
              });
            });
            """;

    /** A plot to show: its PNG file and its caption (what to read from it). */
    public record Figure(Path png, String caption) {}

    private ReportHtml() {}

    /**
     * The page for {@code report}; {@code figures} are the run's plots in the order to show them (each
     * PNG is read and embedded above its caption); {@code scenarioText} is the scenario file as run
     * (null: not known); {@code written} is the time shown as the page's writing time.
     */
    public static String render(Report report, List<Figure> figures, String scenarioText, Instant written)
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
        results(report, h);
        if (!report.experiments().isEmpty()) {
            privacy(report, h);
        }
        if (!report.audits().isEmpty()) {
            audits(report, h);
        }
        if (!figures.isEmpty()) {
            h.append("<h2 id=\"plots\">Plots</h2>\n");
            for (Figure figure : figures) {
                String name = figure.png().getFileName().toString();
                h.append("<figure><img alt=\"").append(esc(name)).append("\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(Files.readAllBytes(figure.png())))
                        .append("\"><figcaption><b>").append(esc(name)).append("</b>: ").append(esc(figure.caption()))
                        .append("</figcaption></figure>\n");
            }
        }
        h.append("<h2 id=\"scenario\">Scenario</h2>\n");
        h.append(scenarioText == null ? "<p>The scenario's text was not recorded with this report.</p>\n"
                : "<pre>" + esc(scenarioText) + "</pre>\n");
        h.append("<script>\n").append(SORT_SCRIPT).append("</script>\n</body>\n</html>\n");
        return h.toString();
    }

    /** The results tables: the cells printed on stdout, one HTML table per kind of row, sortable. */
    private static void results(Report report, StringBuilder h) {
        List<Table> tables = ResultsTable.tables(report);
        if (tables.isEmpty()) {
            h.append("<p>No result rows.</p>\n");
            return;
        }
        h.append("<p>The tables printed after the run; click a column's header to sort by it.</p>\n");
        for (Table t : tables) {
            if (t.note() != null) {
                h.append("<p>").append(esc(t.note())).append("</p>\n");
            }
            List<String> header = t.columns().stream().map(Table.Column::header).toList();
            Set<Integer> text = new HashSet<>();
            for (int c = 0; c < t.columns().size(); c++) {
                if (t.columns().get(c).left()) {
                    text.add(c);
                }
            }
            List<List<String>> rows = new ArrayList<>();
            for (Table.Row r : t.rows()) {
                List<String> cells = new ArrayList<>(r.cells());
                if (r.marker() != null) {
                    int last = cells.size() - 1;
                    cells.set(last, cells.get(last) + " " + r.marker());
                }
                rows.add(cells);
            }
            table(header, rows, text, false, h);
        }
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
            rows.add(privacyRow(Families.describing(row), row));
        }
        table(header, rows, Set.of(1, 2, 5, 10), true, h);
    }

    /** The privacy-table line of {@code row}, a row of {@code description}'s type. */
    private static <R> List<String> privacyRow(RowDescription<R> description, ExperimentRow row) {
        PrivacyLine line = description.privacy(description.rowType().cast(row));
        return Arrays.asList(String.valueOf(row.experiment()), line.algorithm(), line.kind(), num(row.epsilon()),
                num(row.delta()), line.calibration(), num(line.zcdpRho()), num(row.accountedEpsilon()), line.classic(),
                line.ledgerMax(), line.note());
    }

    private static void audits(Report report, StringBuilder h) {
        h.append("<h2 id=\"audits\">Audits</h2>\n");
        h.append("<p>Each audit plays its trials against the mechanism (a one-run audit: one run with canaries, whose"
                + " inclusion the adversary guesses) and bounds ε from below at the stated confidence: <b>violated</b> when the lower bound exceeds the claimed ε, <b>inconclusive</b> when"
                + " even a perfect attack could not certify more than the claim with these trials, <b>consistent</b>"
                + " otherwise.</p>\n");
        List<String> header = List.of("audit", "algorithm", "threat model", "verdict", "expected", "claimed ε",
                "ε lower bound", "ε point", "max certifiable", "accounted ε", "tightness", "fault injected", "δ", "|C|",
                "method", "trials", "confidence", "canaries", "right / guesses");
        List<List<String>> rows = new ArrayList<>();
        for (AuditResult a : report.audits()) {
            rows.add(Arrays.asList(String.valueOf(a.audit()), a.algorithm(), a.threatModel(), a.verdict(),
                    a.expect() == null ? "" : a.expect() + (a.expectMet() ? "" : " (UNMET)"), num(a.claimedEpsilon()),
                    num(a.empiricalEpsilonLower()), a.empiricalEpsilonPoint() == null ? "∞" : num(a.empiricalEpsilonPoint()),
                    num(a.maxCertifiableEpsilon()), num(a.accountedEpsilon()), num(a.tightness()), fault(a.inject()),
                    num(a.delta()), String.valueOf(a.collusionSize()), a.method(), String.valueOf(a.trials()),
                    num(a.confidence()), a.canaries() == null ? "" : String.valueOf(a.canaries()),
                    a.guesses() == null ? "" : a.correctGuesses() + " / " + a.guesses()));
        }
        table(header, rows, Set.of(1, 2, 3, 4, 11, 14), true, h);
    }

    /**
     * A sortable HTML table with a header row; columns in {@code textColumns} are left-aligned (and,
     * when {@code wrap}, their text and the headers wrap), the verdict cell is coloured, a cell ending
     * in an unmet expectation is marked.
     */
    private static void table(List<String> header, List<List<String>> rows, Set<Integer> textColumns, boolean wrap,
                              StringBuilder h) {
        h.append("<div class=\"scroll\"><table class=\"sortable").append(wrap ? " wrap" : "").append("\">\n<thead><tr>");
        for (int c = 0; c < header.size(); c++) {
            h.append(textColumns.contains(c) ? "<th class=\"t\">" : "<th>").append(esc(header.get(c))).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            h.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                String cell = row.get(c) == null ? "" : row.get(c);
                String cls = textColumns.contains(c) ? "t" : "";
                if ("verdict".equals(header.get(c))) {
                    cls += " " + cell;
                } else if (cell.endsWith("(UNMET)") || cell.endsWith(ResultsTable.UNMET)) {
                    cls += " unmet";
                }
                h.append(cls.isBlank() ? "<td>" : "<td class=\"" + cls.strip() + "\">").append(esc(cell)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n");
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
