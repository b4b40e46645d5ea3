package org.privsim.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The repository's documentation stays navigable: README.md is a front page of at most 200 lines
 * that keeps the two commands CI looks for and links every page under docs/; every relative link or
 * image in README.md, docs/*.md and bench/RESULTS.md names a file that exists, and a link's
 * {@code #fragment} into a Markdown file names one of its headings (GitHub's heading ids:
 * lower case, punctuation dropped, spaces as hyphens). Links inside code blocks and inline code are
 * text, not links. README's "Your first scenario" is a scenario {@code validate} accepts.
 */
class DocsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    private static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>();
        docs.add(ROOT.resolve("README.md"));
        docs.add(ROOT.resolve("bench/RESULTS.md"));
        try (Stream<Path> list = Files.list(ROOT.resolve("docs"))) {
            list.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** The document's lines outside fenced code blocks, with inline code spans blanked out. */
    private static List<String> prose(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(file)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (!fenced) {
                lines.add(line.replaceAll("`[^`]*`", "``"));
            }
        }
        return lines;
    }

    /** GitHub's id for a heading's text. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        return text.replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "").replace(' ', '-');
    }

    private static Set<String> anchors(Path file) throws IOException {
        Set<String> ids = new HashSet<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(file)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (!fenced && m.matches()) {
                ids.add(slug(m.group(1)));
            }
        }
        return ids;
    }

    @Test
    void slugsFollowGitHub() {
        assertEquals("what-cluster-confclusterconf-sets", slug("What `cluster-conf/cluster.conf` sets"));
        assertEquals("dp-sgd-accounting-privsim-account---sampling-rate",
                slug("DP-SGD accounting (`privsim account --sampling-rate`)"));
        assertEquals("audits-the-wishart-release-is-not-ε-0-dp", slug("Audits: the Wishart release is not (ε, 0)-DP"));
    }

    @Test
    void readmeIsAShortFrontPageWithTheTwoCommandsLinkingEveryDocsPage() throws IOException {
        List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));
        assertTrue(readme.size() <= 200, "README.md has " + readme.size() + " lines, at most 200 allowed");
        String text = String.join("\n", readme);
        assertTrue(text.contains("./privsim demo"), "README.md names ./privsim demo");
        assertTrue(text.contains("mvn -B verify"), "README.md names the test command");
        try (Stream<Path> list = Files.list(ROOT.resolve("docs"))) {
            for (Path page : list.filter(p -> p.toString().endsWith(".md")).toList()) {
                assertTrue(text.contains("](docs/" + page.getFileName() + ")")
                                || text.contains("](docs/" + page.getFileName() + "#"),
                        "README.md links docs/" + page.getFileName());
            }
        }
    }

    @Test
    void everyRelativeLinkPointsToAnExistingFileAndHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path doc : documents()) {
            for (String line : prose(doc)) {
                Matcher m = LINK.matcher(line);
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("(?i)[a-z][a-z0-9+.-]*:.*")) {
                        continue; // http:, https:, mailto:
                    }
                    links++;
                    int hash = target.indexOf('#');
                    String path = hash < 0 ? target : target.substring(0, hash);
                    Path file = path.isEmpty() ? doc : doc.getParent().resolve(path).normalize();
                    String where = ROOT.relativize(doc) + ": " + target;
                    if (!Files.exists(file)) {
                        broken.add(where + " (no such file)");
                    } else if (hash >= 0 && file.toString().endsWith(".md")
                            && !anchors(file).contains(target.substring(hash + 1))) {
                        broken.add(where + " (no such heading in " + ROOT.relativize(file) + ")");
                    }
                }
            }
        }
        assertTrue(links > 30, "found only " + links + " relative links");
        assertEquals(List.of(), broken);
    }

    @Test
    void readmesFirstScenarioIsValid() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int section = readme.indexOf("## Your first scenario");
        assertTrue(section >= 0, "README.md has a section \"Your first scenario\"");
        int start = readme.indexOf("```yaml\n", section) + "```yaml\n".length();
        String yaml = readme.substring(start, readme.indexOf("```", start));
        Scenario scenario = ScenarioParser.parse(yaml, "first.yaml");
        assertEquals("first", scenario.name());
    }
}
