package org.privsim.actors.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The check of a report's output directory before any work: {@code --out} (or the default
 * {@code out/<scenario name>}) must be a directory that exists and is writable, or a name that can
 * be created under the nearest existing folder, which must be a writable directory.
 *
 * <p>Guarantee: {@link #problem} creates and writes nothing; when it returns null the report
 * writer can create its staging folder ({@code .<name>.staging-<random>}, beside the directory) and
 * the directory itself, short of the disk filling or permissions changing during the run.
 */
final class OutputCheck {
    private OutputCheck() {}

    /** The longest file name (in UTF-8 bytes) common file systems hold. */
    static final int MAX_NAME_BYTES = 255;
    /** What the report writer's staging folder adds to the directory's name: a dot, {@code .staging-} and up to 20 digits. */
    private static final int STAGING_EXTRA_BYTES = 1 + ".staging-".length() + 20;

    /** Why the report cannot be written to {@code dir} (given as {@code option}), or null. */
    static String problem(String option, String dir) {
        if (dir.isBlank()) {
            return option + ": must name a directory, got an empty string";
        }
        Path abs;
        try {
            abs = Path.of(dir).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return option + ": not a valid path: " + e.getReason();
        }
        for (Path part : abs) {
            if (part.toString().getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                return option + ": a path component is longer than " + MAX_NAME_BYTES + " bytes";
            }
        }
        Path name = abs.getFileName();
        if (name != null && name.toString().getBytes(StandardCharsets.UTF_8).length + STAGING_EXTRA_BYTES
                > MAX_NAME_BYTES) {
            return option + ": the directory's name must be at most " + (MAX_NAME_BYTES - STAGING_EXTRA_BYTES)
                    + " bytes long (the report is staged beside it under a longer name)";
        }
        if (Files.exists(abs)) {
            if (!Files.isDirectory(abs)) {
                return option + ": " + dir + " exists and is not a directory";
            }
            if (!Files.isWritable(abs)) {
                return option + ": cannot write to " + dir + " (permission denied)";
            }
        }
        Path parent = abs.getParent();
        if (parent == null) {
            return option + ": cannot write the report to the file-system root";
        }
        Path existing = parent;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            return option + ": cannot create " + dir + ": " + existing + " is not a directory";
        }
        if (!Files.isWritable(existing)) {
            return option + ": cannot create " + dir + ": " + existing + " is not writable (permission denied)";
        }
        return null;
    }
}
