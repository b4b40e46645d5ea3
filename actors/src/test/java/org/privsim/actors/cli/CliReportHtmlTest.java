package org.privsim.actors.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code report.html} as {@code privsim run} writes it: self-contained (every {@code src}/{@code href}
 * is a data URI or a fragment, no URL, no CSS {@code url(...)}, no script but its own inline one), every
 * PNG of the run embedded byte for byte above a caption saying what to read from it, the results as
 * sortable HTML tables with a header row whose rows hold the cells of every line printed on stdout,
 * the audits with their verdicts, one privacy row per result row in a table that wraps and scrolls,
 * the scenario's text, runner and seed. Scenarios are tiny.
 */
class CliReportHtmlTest {
    private static final String LOW_RANK = """
            # a comment with <angle brackets> & an ampersand, which the page must escape
            name: tiny-html
            seed: 11
            task: { type: low-rank-regression, users: 60, samplesPerUser: 8, dimension: 4, rank: 1, labelNoise: 0.1 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [1, 4], delta: 1.0e-5, epochs: 2 }
              - { algorithm: own-data }
            """;
    /** Audit 0 is a violation (nonprivate mechanism), audit 1 consistent (JDP at its claim). */
    private static final String AUDITS = """
            name: tiny-html-audit
            seed: 5
            task: { type: indexed-mean, dimension: 30, persons: 30 }
            audits:
              - { algorithm: indexed-mean-nonprivate, threatModel: billboard, collusion: [1, 2], epsilon: 0.5, delta: 1.0e-5, trials: 200, expect: violated }
              - { algorithm: indexed-mean-jdp, threatModel: jdp, epsilon: 0.5, delta: 1.0e-5, trials: 200, inject: { noiseMultiplier: 0.5 } }
            """;
    private static final Pattern ATTRIBUTE = Pattern.compile("(?i)\\b(src|href)\\s*=\\s*\"([^\"]*)\"");
    private static final Pattern EMBEDDED = Pattern.compile("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"");

    @TempDir
    Path dir;

    private String run(String yaml, Path out) throws Exception {
        Path file = Files.writeString(dir.resolve("scenario.yaml"), yaml);
        CommandLine cl = PrivsimCli.commandLine();
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        cl.setOut(new PrintWriter(stdout, true));
        cl.setErr(new PrintWriter(stderr, true));
        int code = cl.execute("run", file.toString(), "--out", out.toString(), "--runner", "sequential");
        assertEquals(0, code, stderr.toString());
        return stdout.toString();
    }

    /** The results-table lines of a run's stdout: everything before the closing "runner …" line. */
    private static List<String> tableLines(String stdout) {
        List<String> lines = new ArrayList<>();
        for (String line : stdout.lines().toList()) {
            if (line.startsWith("runner ")) {
                break;
            }
            if (!line.isBlank()) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static String escaped(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }

    private static void assertSelfContained(String html) {
        Matcher m = ATTRIBUTE.matcher(html);
        int attributes = 0;
        while (m.find()) {
            attributes++;
            String value = m.group(2);
            assertTrue(value.startsWith("data:image/png;base64,") || value.startsWith("#"),
                    "external reference " + m.group(1) + "=\"" + value.substring(0, Math.min(80, value.length())));
        }
        assertTrue(attributes > 0, "the page embeds its plots");
        assertFalse(html.contains("http://") || html.contains("https://"), "no URL in the page");
        assertFalse(html.contains("url("), "no CSS url(...)");
        assertFalse(html.contains("<link"), "no linked stylesheet");
        assertEquals(1, html.split("<script", -1).length - 1, "one script");
        assertTrue(html.contains("<script>\n"), "the script is inline");
    }

    private static String unescaped(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&amp;", "&");
    }

    /** The text of every row of the results section's tables: the cells joined by one space. */
    private static List<String> resultRows(String html) {
        String results = html.substring(html.indexOf("<h2 id=\"results\">"), html.indexOf("<h2", html.indexOf(
                "<h2 id=\"results\">") + 1));
        List<String> rows = new ArrayList<>();
        Matcher row = Pattern.compile("<tr>(.*?)</tr>").matcher(results);
        while (row.find()) {
            List<String> cells = new ArrayList<>();
            Matcher cell = Pattern.compile("<t[hd][^>]*>(.*?)</t[hd]>").matcher(row.group(1));
            while (cell.find()) {
                cells.add(unescaped(cell.group(1)));
            }
            rows.add(String.join(" ", cells));
        }
        return rows;
    }

    /**
     * Every line of the results printed on stdout is a row of the page's results tables (the header
     * lines their header rows, in a thead, of sortable tables), and nothing else is.
     */
    private static void assertResultsAreTables(String html, List<String> table) {
        List<String> rows = resultRows(html);
        List<String> lines = table.stream().map(l -> l.strip().replaceAll(" +", " ")).toList();
        assertEquals(lines, rows.stream().map(r -> r.replaceAll(" +", " ")).toList(), "the stdout table as rows");
        String results = html.substring(html.indexOf("<h2 id=\"results\">"), html.indexOf("<h2 id=\"privacy\">") > 0
                ? html.indexOf("<h2 id=\"privacy\">") : html.indexOf("<h2 id=\"audits\">"));
        assertFalse(results.contains("<pre>"), "no preformatted dump");
        int tables = results.split("<table class=\"sortable", -1).length - 1;
        assertTrue(tables >= 1, results);
        assertEquals(tables, results.split("<thead><tr><th", -1).length - 1, "each table has a header row");
    }

    /** Every figure's caption says what to read from it, beyond its file name. */
    private static void assertFiguresCaptioned(String html, int figures) {
        Matcher m = Pattern.compile("<figcaption><b>([^<]+)</b>: ([^<]+)</figcaption>").matcher(html);
        int captions = 0;
        while (m.find()) {
            captions++;
            assertTrue(m.group(2).length() > 80, "caption of " + m.group(1) + ": " + m.group(2));
        }
        assertEquals(figures, captions, "one caption per figure");
    }

    private static List<Path> pngs(Path out) throws Exception {
        try (Stream<Path> list = Files.list(out)) {
            return list.filter(p -> p.getFileName().toString().endsWith(".png")).sorted().toList();
        }
    }

    /** Every PNG of the output directory appears in the page, decoded byte for byte. */
    private static void assertPlotsEmbedded(String html, Path out) throws Exception {
        List<byte[]> embedded = new ArrayList<>();
        Matcher m = EMBEDDED.matcher(html);
        while (m.find()) {
            embedded.add(Base64.getDecoder().decode(m.group(1)));
        }
        List<Path> files = pngs(out);
        assertEquals(files.size(), embedded.size(), "one embedded image per PNG file");
        for (Path png : files) {
            byte[] bytes = Files.readAllBytes(png);
            assertTrue(embedded.stream().anyMatch(e -> java.util.Arrays.equals(e, bytes)), png + " embedded");
        }
    }

    @Test
    void lowRankPageIsSelfContainedAndHoldsTheTablePrivacyAndScenario() throws Exception {
        Path out = dir.resolve("low-rank");
        String stdout = run(LOW_RANK, out);
        String html = Files.readString(out.resolve("report.html"));
        assertSelfContained(html);
        assertPlotsEmbedded(html, out);
        List<String> table = tableLines(stdout);
        assertEquals(4, table.size(), stdout);
        assertResultsAreTables(html, table);
        assertFiguresCaptioned(html, pngs(out).size());
        assertTrue(html.contains("<th class=\"t\">runner</th><td>sequential</td>"), "runner");
        assertTrue(html.contains("<th class=\"t\">seed</th><td>11</td>"), "seed");
        assertTrue(html.contains(escaped(LOW_RANK)), "the scenario's text, escaped");
        assertFalse(html.contains("<angle brackets>"), "scenario text is escaped");
        String privacy = html.substring(html.indexOf("<h2 id=\"privacy\">"), html.indexOf("<h2 id=\"plots\">"));
        assertTrue(privacy.contains("<div class=\"scroll\"><table class=\"sortable wrap\">"), "wraps, else scrolls");
        assertEquals(1 + 3, privacy.split("<tr>", -1).length - 1, "a header and one line per result row");
        assertEquals(2, privacy.split("<td class=\"t\">priv-altmin</td>", -1).length - 1, privacy);
        assertTrue(privacy.contains("<td class=\"t\">own-data</td>"), privacy);
        assertTrue(privacy.contains("<td class=\"t\">non-private</td>"), privacy);
    }

    @Test
    void auditPageShowsVerdictsBoundsAndEveryRocPlot() throws Exception {
        Path out = dir.resolve("audits");
        String stdout = run(AUDITS, out);
        String html = Files.readString(out.resolve("report.html"));
        assertSelfContained(html);
        assertPlotsEmbedded(html, out);
        assertEquals(2, pngs(out).size(), "one ROC plot per audit");
        assertResultsAreTables(html, tableLines(stdout));
        assertFiguresCaptioned(html, 2);
        String audits = html.substring(html.indexOf("<h2 id=\"audits\">"), html.indexOf("<h2 id=\"plots\">"));
        assertEquals(1 + 2, audits.split("<tr>", -1).length - 1, "a header and one line per audit");
        assertTrue(audits.contains("<td class=\"t violated\">violated</td>"), audits);
        assertTrue(audits.contains("<td class=\"t\">noise × 0.5</td>"), audits);
        assertFalse(html.contains("<h2 id=\"privacy\">"), "no result rows, no privacy table");
        byte[] first = Files.readAllBytes(out.resolve("audit-0-roc.png"));
        Matcher m = EMBEDDED.matcher(html);
        assertTrue(m.find());
        assertArrayEquals(first, Base64.getDecoder().decode(m.group(1)), "plots in file order");
    }
}
