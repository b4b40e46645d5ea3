package org.privsim.actors.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.privsim.core.run.Report;

/**
 * Writes a report's files — {@code report.json}, {@code experiments.csv} and
 * {@code mse-vs-epsilon.png} — into an output directory.
 *
 * <p>Guarantee: every file is first written completely into a fresh temporary directory beside the
 * output directory and only then moved into place, so an interrupted or failed write never leaves
 * a half-written file in the output directory.
 */
public final class ReportWriter {
    /** File name of the machine-readable report. */
    public static final String REPORT_JSON = "report.json";
    /** File name of the experiments table. */
    public static final String EXPERIMENTS_CSV = "experiments.csv";
    /** File name of the MSE-vs-ε plot. */
    public static final String MSE_PLOT = "mse-vs-epsilon.png";

    private ReportWriter() {}

    /** The JSON mapper used for reports: indented, fields in declaration order. */
    public static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** Writes all report files into {@code outDir} (created if missing); returns the paths written. */
    public static List<Path> write(Report report, Path outDir) {
        try {
            Path abs = outDir.toAbsolutePath().normalize();
            Path parent = abs.getParent() == null ? abs : abs.getParent();
            Files.createDirectories(parent);
            Path staging = Files.createTempDirectory(parent, "." + abs.getFileName() + ".staging-");
            try {
                mapper().writeValue(staging.resolve(REPORT_JSON).toFile(), report);
                Files.writeString(staging.resolve(EXPERIMENTS_CSV), ExperimentsCsv.render(report));
                MsePlot.write(report, staging.resolve(MSE_PLOT));
                Files.createDirectories(abs);
                List<Path> written = new ArrayList<>();
                for (String name : List.of(REPORT_JSON, EXPERIMENTS_CSV, MSE_PLOT)) {
                    Path target = abs.resolve(name);
                    move(staging.resolve(name), target);
                    written.add(target);
                }
                return written;
            } finally {
                deleteRecursively(staging);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write report to " + outDir + ": " + e.getMessage(), e);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
