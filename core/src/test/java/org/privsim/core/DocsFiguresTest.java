package org.privsim.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The pages a reader trusts do not go stale: every run time or size stated in README.md or a page
 * of docs/ (a number with a unit of time or of bytes, outside code) is one bench/RESULTS.md holds —
 * measured figures live there, dated and with their commands, and the pages link to them — unless it
 * is the value of a setting or constant named next to it in code (e.g. {@code `stable-after` (10 s)},
 * {@code **1 MiB** (`ScenarioParser.MAX_BYTES`)}); every class-like name a page puts in code
 * ({@code `CamelCase`}, {@code `Type.member`}) or names as a file ({@code Name.java}) is a type
 * declared in the source tree (and the member a word of the file that declares it), but for the few
 * names of the JDK and libraries listed here; and a page of docs/ reads without scrolling sideways:
 * no prose line over {@value #PROSE_WIDTH} characters, no table row over {@value #ROW_WIDTH}.
 */
class DocsFiguresTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final int PROSE_WIDTH = 200;
    static final int ROW_WIDTH = 400;

    private static final String NUMBER = "\\d+(?:,\\d{3})*(?:\\.\\d+)?";
    /** A number (or a range of two) and a unit of time or size, not part of a longer word or "s.e.". */
    private static final Pattern FIGURE = Pattern.compile("(?<![\\w.,])(" + NUMBER + "(?:\\s?[–-]\\s?" + NUMBER
            + ")?)\\s?(ms|s|sec|seconds?|min|minutes?|h|hours?|[KMGT]i?B|kB|bytes)(?![\\w]|\\.\\w)");
    /** A setting or constant in code just before the figure ({@code `name` (}, {@code `name` = }), or a default. */
    private static final Pattern SETTING_BEFORE =
            Pattern.compile("(?:`[^`\\s/]+`\\**[\\s(=:,]*|Pekko's |Pekko: |default )\\s*\\**$");
    /** … or just after it: {@code (`name`}. */
    private static final Pattern SETTING_AFTER = Pattern.compile("^\\**\\s*\\(`[^`\\s/]+`");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern CLASS_LIKE =
            Pattern.compile("([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)((?:[.#$][A-Za-z_][A-Za-z0-9_]*)*)(?:\\(\\))?");
    private static final Pattern JAVA_FILE = Pattern.compile("\\b([A-Z][A-Za-z0-9]*)\\.java\\b");
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z]\\w*)");
    /** Names in code that are not privsim's: JVM options, JDK and library classes, a value. */
    private static final Set<String> NOT_PRIVSIM = Set.of("NaN", "OutOfMemoryError", "MaxRAM", "MaxRAMPercentage",
            "MaxRAMFraction", "MaxHeapSize", "FastFourierTransformer");

    /** README.md and docs/*.md: the pages that must not state a figure RESULTS does not hold. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        pages.addAll(docsPages());
        return pages;
    }

    private static List<Path> docsPages() throws IOException {
        try (Stream<Path> list = Files.list(ROOT.resolve("docs"))) {
            return list.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
    }

    /** A line of a page outside its fenced code blocks, with its number. */
    private record Line(Path page, int number, String text) {
        String where() {
            return ROOT.relativize(page) + ":" + number + ": ";
        }
    }

    /** The lines of {@code pages} outside fenced code blocks, page by page. */
    private static List<Line> outsideFences(List<Path> pages) throws IOException {
        List<Line> lines = new ArrayList<>();
        for (Path page : pages) {
            boolean fenced = false;
            List<String> text = Files.readAllLines(page);
            for (int i = 0; i < text.size(); i++) {
                boolean fence = text.get(i).stripLeading().startsWith("```");
                if (!fenced && !fence) {
                    lines.add(new Line(page, i + 1, text.get(i)));
                }
                if (fence) {
                    fenced = !fenced;
                }
            }
        }
        return lines;
    }

    /** {@code line} with every inline code span (backticks included) blanked to spaces, same length. */
    static String maskCode(String line) {
        StringBuilder masked = new StringBuilder(line);
        Matcher m = CODE_SPAN.matcher(line);
        while (m.find()) {
            for (int i = m.start(); i < m.end(); i++) {
                masked.setCharAt(i, ' ');
            }
        }
        return masked.toString();
    }

    /** A figure as compared: no spaces, the units' long names short. */
    static String canonical(String number, String unit) {
        String u = switch (unit) {
            case "sec", "second", "seconds" -> "s";
            case "minute", "minutes" -> "min";
            case "hour", "hours" -> "h";
            default -> unit;
        };
        return number.replaceAll("\\s", "").replace('-', '–') + u;
    }

    /** The figures of {@code line} outside code that no setting named beside them accounts for. */
    static List<String> statedFigures(String line) {
        String masked = maskCode(line);
        List<String> figures = new ArrayList<>();
        Matcher m = FIGURE.matcher(masked);
        while (m.find()) {
            String before = line.substring(Math.max(0, m.start() - 80), m.start());
            String after = line.substring(m.end());
            if (!SETTING_BEFORE.matcher(before).find() && !SETTING_AFTER.matcher(after).find()) {
                figures.add(canonical(m.group(1), m.group(2)));
            }
        }
        return figures;
    }

    private static Set<String> resultsFigures() throws IOException {
        Set<String> held = new HashSet<>();
        for (String line : Files.readAllLines(ROOT.resolve("bench/RESULTS.md"))) {
            Matcher m = FIGURE.matcher(line.replace('`', ' '));
            while (m.find()) {
                held.add(canonical(m.group(1), m.group(2)));
            }
        }
        return held;
    }

    @Test
    void figuresAreFoundAndSettingsAreNot() {
        assertEquals(List.of("5min", "32s", "2.7–3.1s", "1.6GB"),
                statedFigures("took 5 min 32 s, then 2.7-3.1 s (`./privsim run x.yaml`, 1.6 GB)"));
        assertEquals(List.of(), statedFigures("`stable-after` (10 s) and **1 MiB** (`ScenarioParser.MAX_BYTES`),"
                + " ±1 s.e. bars, `timeout 5s`, `acceptable-heartbeat-pause` (20 s; Pekko's 3 s)"));
        assertEquals(List.of("6min"), statedFigures("`./privsim run scenarios/jain2021-fig2.yaml` (about 6 min)"));
    }

    @Test
    void everyRunTimeAndSizeOnAPageIsOneResultsHolds() throws IOException {
        Set<String> held = resultsFigures();
        assertTrue(held.size() > 100, "found only " + held.size() + " figures in bench/RESULTS.md");
        List<String> stale = new ArrayList<>();
        for (Line line : outsideFences(pages())) {
            for (String figure : statedFigures(line.text())) {
                if (!held.contains(figure)) {
                    stale.add(line.where() + figure);
                }
            }
        }
        assertEquals(List.of(), stale, "figures not in bench/RESULTS.md: measure them there (with the date and the"
                + " command) and link to it, or name the setting they are the value of");
    }

    @Test
    void everyClassAPageNamesExists() throws IOException {
        Map<String, List<Path>> declared = new HashMap<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target/")
                    && !p.toString().contains("/.git/")).toList()) {
                Matcher m = DECLARATION.matcher(Files.readString(f));
                while (m.find()) {
                    declared.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(f);
                }
            }
        }
        assertTrue(declared.containsKey("DocsFiguresTest") && declared.size() > 300, "found " + declared.size());
        List<String> missing = new ArrayList<>();
        for (Line line : outsideFences(pages())) {
            Matcher code = CODE_SPAN.matcher(line.text());
            while (code.find()) {
                Matcher name = CLASS_LIKE.matcher(code.group(1));
                if (name.matches() && !NOT_PRIVSIM.contains(name.group(1))) {
                    String problem = missing(declared, name.group(1), name.group(2));
                    if (problem != null) {
                        missing.add(line.where() + code.group(1) + problem);
                    }
                }
            }
            Matcher file = JAVA_FILE.matcher(line.text());
            while (file.find()) {
                if (!declared.containsKey(file.group(1))) {
                    missing.add(line.where() + file.group() + ": no such type in the source tree");
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    /** Why {@code type} with {@code members} (".a.b", possibly empty) is not in the source tree, or null. */
    private static String missing(Map<String, List<Path>> declared, String type, String members) throws IOException {
        List<Path> files = declared.get(type);
        if (files == null) {
            return ": no such type in the source tree";
        }
        for (String member : members.split("[.#$]")) {
            if (member.isEmpty()) {
                continue;
            }
            boolean found = false;
            for (Path f : files) {
                found |= Pattern.compile("\\b" + Pattern.quote(member) + "\\b").matcher(Files.readString(f)).find();
            }
            if (!found) {
                return ": " + type + " has no " + member;
            }
        }
        return null;
    }

    @Test
    void docsPagesReadWithoutScrollingSideways() throws IOException {
        List<String> wide = new ArrayList<>();
        for (Line line : outsideFences(docsPages())) {
            int length = line.text().codePointCount(0, line.text().length());
            boolean row = line.text().startsWith("|");
            if (length > (row ? ROW_WIDTH : PROSE_WIDTH)) {
                wide.add(line.where() + (row ? "table row" : "line") + " of " + length + " characters");
            }
        }
        assertEquals(List.of(), wide, "at most " + PROSE_WIDTH + " characters a prose line and " + ROW_WIDTH
                + " a table row: wrap the prose, make a wide table a list or a narrower table");
    }

    @Test
    void pagesCiteNoIssueNumbers() throws IOException {
        Pattern issue = Pattern.compile("(?i)\\bissues? #?[0-9]+");
        List<String> cited = new ArrayList<>();
        for (Line line : outsideFences(pages())) {
            if (issue.matcher(line.text()).find()) {
                cited.add(line.where() + line.text().strip());
            }
        }
        assertEquals(List.of(), cited, "readers cannot follow the tracker's issue numbers: say what the issue was");
    }
}
