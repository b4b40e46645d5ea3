package org.privsim.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The repository's license and citation metadata: LICENSE is the Apache License 2.0; CITATION.cff
 * holds the keys the Citation File Format 1.2.0 requires (cff-version, message, title, authors) with
 * their types, names the authors "privsim contributors", the license and the Maven project's version
 * (so a release cannot cite a stale version), and lists references of the format's shapes (a type,
 * a title, authors with family and given names, a year); README's citation section points to it.
 */
class CitationFileTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** The reference types CITATION.cff uses, a subset of the format's enumeration. */
    private static final Set<String> TYPES = Set.of("article", "conference-paper", "software", "data", "generic");

    private static String mavenVersion() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
        return XPathFactory.newInstance().newXPath().evaluate("/project/version", pom);
    }

    private static void assertText(JsonNode node, String what) {
        assertTrue(node.isTextual() && !node.textValue().isBlank(), what + " must be a non-empty string, got " + node);
    }

    @Test
    void citationFileHasTheRequiredKeysTheMavenVersionAndTheReferences() throws Exception {
        JsonNode cff = new YAMLMapper().readTree(ROOT.resolve("CITATION.cff").toFile());
        assertEquals("1.2.0", cff.path("cff-version").asText());
        assertTrue(cff.path("cff-version").isTextual(), "cff-version must be a string");
        assertText(cff.path("message"), "message");
        assertText(cff.path("title"), "title");
        assertEquals("software", cff.path("type").asText());
        assertEquals(1, cff.path("authors").size());
        assertEquals("privsim contributors", cff.path("authors").path(0).path("name").asText());
        assertEquals("Apache-2.0", cff.path("license").asText());
        String version = mavenVersion();
        assertFalse(version.isBlank());
        assertEquals(version, cff.path("version").asText(), "CITATION.cff's version must be the Maven version");
        JsonNode references = cff.path("references");
        assertTrue(references.isArray() && references.size() >= 5, "the papers as references");
        for (JsonNode reference : references) {
            String at = "reference " + reference.path("title");
            assertTrue(TYPES.contains(reference.path("type").asText()), at + ": type " + reference.path("type"));
            assertText(reference.path("title"), at + ": title");
            assertTrue(reference.path("year").isInt(), at + ": year must be an integer");
            assertTrue(reference.path("authors").isArray() && !reference.path("authors").isEmpty(), at + ": authors");
            for (JsonNode author : reference.path("authors")) {
                assertText(author.path("family-names"), at + ": family-names");
                assertText(author.path("given-names"), at + ": given-names");
            }
            assertTrue(reference.has("journal") || reference.has("collection-title"), at + ": where it appeared");
        }
    }

    @Test
    void licenseIsTheApacheLicense20AndReadmeCitesTheCitationFile() throws Exception {
        String license = Files.readString(ROOT.resolve("LICENSE"));
        assertTrue(license.strip().startsWith("Apache License\n                           Version 2.0, January 2004"),
                license.substring(0, 200));
        assertTrue(license.contains("END OF TERMS AND CONDITIONS"));
        assertTrue(Files.readString(ROOT.resolve("README.md")).contains("(CITATION.cff)"),
                "README's citation section links CITATION.cff");
    }
}
