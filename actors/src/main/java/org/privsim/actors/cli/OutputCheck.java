package org.privsim.actors.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The check of a report's output directory before any work: {@code --out} (or the default
 * {@code out/<scenario name>}) must be a directory that exists and is writable, or a name that can
 * be created under the nearest existing folder, which must be a writable directory.
 *
 * <p>Guarantee: {@link #problem} leaves nothing behind (it creates and removes one empty probe folder
 * where the report is staged, since only the OS knows what /proc, /sys or a read-only mount take);
 * it refuses a directory holding a folder named like a report file ({@code report.json/}). When it
 * returns null the report writer can create its staging folder ({@code .<name>.staging-<random>}, beside the directory) and
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
        if (dir.indexOf('\uFFFD') >= 0 && !Files.exists(abs)) {
            return option + ": the name is not valid UTF-8 (the system's text encoding cannot name it)";
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
        if (Files.isDirectory(abs)) {
            try (Stream<Path> children = Files.list(abs)) {
                Optional<Path> folder = children.filter(Files::isDirectory)
                        .filter(c -> REPORT_SUFFIXES.stream().anyMatch(c.getFileName().toString()::endsWith)).findFirst();
                if (folder.isPresent()) {
                    return option + ": " + folder.get() + " is a folder where the report writes a file";
                }
            } catch (IOException e) {
                return option + ": cannot list " + dir + " (" + e.getMessage() + ")";
            }
        }
        return probe(option, dir, existing);
    }

    /** The endings of the files a report writes. */
    private static final List<String> REPORT_SUFFIXES = List.of(".json", ".jsonl", ".csv", ".png", ".html");

    /**
     * Whether the OS lets a folder be created in {@code folder}, where the report is staged: a
     * permission bit says nothing about /proc, /sys or a read-only mount, so an empty probe folder is
     * created and removed.
     */
    private static String probe(String option, String dir, Path folder) {
        try {
            Files.delete(Files.createTempDirectory(folder, ".privsim-probe-"));
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            String reason = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason()
                    : "the file system refuses it";
            return option + ": cannot create " + dir + ": " + folder + " takes no new folder (" + reason + ")";
        }
    }
}
