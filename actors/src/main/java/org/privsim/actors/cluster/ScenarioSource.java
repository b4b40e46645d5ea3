package org.privsim.actors.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * A scenario as it travels to a cluster: the file's text, its name, and an optional seed override.
 *
 * <p>Guarantee: {@link #scenario()} is what the curator will run (same parser, same override).
 *
 * @param text       the file's text
 * @param sourceName the file's name, for messages
 * @param seed       a seed overriding the scenario's, or null
 */
public record ScenarioSource(String text, String sourceName, Long seed) {

    /**
     * The scenario file at {@code file}, with an optional seed override; its source name is the absolute
     * path, so a data set's relative path resolves against the file's folder on every node (which must
     * hold the file at the same place).
     */
    public static ScenarioSource of(Path file, Long seed) {
        try {
            return new ScenarioSource(Files.readString(file), file.toAbsolutePath().normalize().toString(), seed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The parsed scenario (throws {@link org.privsim.core.scenario.ScenarioException} when invalid). */
    public Scenario scenario() {
        Scenario s = ScenarioParser.parse(text, sourceName);
        return seed == null ? s : s.withSeed(seed);
    }
}
