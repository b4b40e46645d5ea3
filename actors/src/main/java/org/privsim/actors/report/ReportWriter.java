package org.privsim.actors.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.family.Families;
import org.privsim.core.report.MatrixExport;
import org.privsim.core.report.Plot;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.Report;

/**
 * Writes a report's files into an output directory: always {@code report.json}, {@code releases.jsonl}
 * and {@code privacy-events.json} (the rows' recorded releases, {@link PrivacyEvents}; they are not
 * repeated in {@code report.json}); then, for each row description of the registry
 * ({@link Families#ROWS}, in report order) whose type the report has rows of, its CSV file
 * ({@link Csv#of}), its plots ({@link LinePlot}) and, for each row it exports matrices of, a CSV and a
 * heat map ({@link MatrixCsv}, {@link HeatMap}) — e.g. {@code experiments.csv} and
 * {@code mse-vs-epsilon.png} for low-rank rows; for audits
 * {@code audits.csv} and one {@code audit-<i>-roc.png} per audit, plus {@code tracing.csv} and
 * {@code tracing-auc.png} when an audit has {@code adversary: tracing}; and last, always,
 * {@code report.html}, the whole run on one self-contained page ({@link ReportHtml}) with every plot
 * above embedded. No other file is written.
 *
 * <p>Guarantee: every file is first written completely into a fresh temporary directory beside the
 * output directory and only then moved into place, so an interrupted or failed write never leaves
 * a half-written file in the output directory. After the move, report files of those names that
 * an earlier run left there but this report does not produce are deleted, so the directory never
 * mixes two runs' results; other files are left alone.
 */
public final class ReportWriter {
    /** File name of the machine-readable report. */
    public static final String REPORT_JSON = "report.json";
    /** File name of the self-contained human-readable report. */
    public static final String REPORT_HTML = "report.html";
    /** File name of the audits table. */
    public static final String AUDITS_CSV = "audits.csv";
    /** File name of the tracing-audits table. */
    public static final String TRACING_CSV = "tracing.csv";
    /** File name of the tracing AUC-vs-d plot. */
    public static final String TRACING_PLOT = "tracing-auc.png";
    /** File name of the adaptive clips' trajectories. */
    public static final String CLIP_TRAJECTORY_CSV = "clip-trajectory.csv";
    /** File name of the adaptive clips' plot. */
    public static final String CLIP_TRAJECTORY_PLOT = "clip-trajectory.png";
    /** File name of the recorded releases, one JSON object per line. */
    public static final String RELEASES_JSONL = "releases.jsonl";
    /** File name of the private rows' releases as dp_accounting events. */
    public static final String PRIVACY_EVENTS_JSON = "privacy-events.json";

    /** The names of every file this writer produces (the matrix exports and ROC plots as patterns). */
    private static final Pattern REPORT_FILES = Pattern.compile(Pattern.quote(REPORT_JSON) + "|"
            + Pattern.quote(AUDITS_CSV) + "|audit-[0-9]+-roc\\.png|" + Pattern.quote(TRACING_CSV) + "|"
            + Pattern.quote(TRACING_PLOT) + "|" + Pattern.quote(CLIP_TRAJECTORY_CSV) + "|"
            + Pattern.quote(CLIP_TRAJECTORY_PLOT) + "|" + Pattern.quote(RELEASES_JSONL) + "|" + Pattern.quote(PRIVACY_EVENTS_JSON)
            + "|" + Pattern.quote(REPORT_HTML) + describedFiles());

    private ReportWriter() {}

    /** "|name" for every file a row description may produce (its exports as patterns). */
    private static String describedFiles() {
        StringBuilder names = new StringBuilder();
        for (RowDescription<?> description : Families.ROWS) {
            names.append('|').append(Pattern.quote(description.csvFile()));
            description.plots().forEach(plot -> names.append('|').append(Pattern.quote(plot.file())));
            description.exports().forEach(export ->
                    names.append("|(").append(export.basePattern()).append(")\\.(csv|png)"));
        }
        return names.toString();
    }

    /** Writes one file of the report. */
    @FunctionalInterface
    private interface FileContent {
        void writeTo(Path file) throws IOException;
    }

    /** A plot: its content and the caption {@code report.html} shows under it. */
    private record Captioned(String caption, FileContent content) implements FileContent {
        @Override
        public void writeTo(Path file) throws IOException {
            content.writeTo(file);
        }
    }

    /** The JSON mapper used for reports: indented, fields in declaration order. */
    public static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /**
     * Writes the report's files into {@code outDir} (created if missing) without the scenario's text
     * (the page says it was not recorded); returns the paths written, in the order listed in the class
     * comment.
     */
    public static List<Path> write(Report report, Path outDir) {
        return write(report, outDir, null);
    }

    /**
     * Writes the report's files into {@code outDir} (created if missing), {@code report.html} showing
     * {@code scenarioText} (the scenario file as run; null: not known); returns the paths written, in
     * the order listed in the class comment.
     */
    public static List<Path> write(Report report, Path outDir, String scenarioText) {
        try {
            Path abs = outDir.toAbsolutePath().normalize();
            Path parent = abs.getParent() == null ? abs : abs.getParent();
            Files.createDirectories(parent);
            Path staging = Files.createTempDirectory(parent, "." + abs.getFileName() + ".staging-");
            try {
                Map<String, FileContent> files = files(report);
                for (Map.Entry<String, FileContent> file : files.entrySet()) {
                    file.getValue().writeTo(staging.resolve(file.getKey()));
                }
                List<ReportHtml.Figure> figures = files.entrySet().stream()
                        .filter(file -> file.getValue() instanceof Captioned)
                        .map(file -> new ReportHtml.Figure(staging.resolve(file.getKey()),
                                ((Captioned) file.getValue()).caption()))
                        .toList();
                String html = ReportHtml.render(report, figures, scenarioText, Instant.now());
                files.put(REPORT_HTML, file -> Files.writeString(file, html));
                Files.writeString(staging.resolve(REPORT_HTML), html);
                Files.createDirectories(abs);
                List<Path> written = new ArrayList<>();
                for (String name : files.keySet()) {
                    Path target = abs.resolve(name);
                    move(staging.resolve(name), target);
                    written.add(target);
                }
                deleteStale(abs, files.keySet());
                return written;
            } finally {
                deleteRecursively(staging);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write report to " + outDir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The report as a JSON tree in which every number is finite: a metric that is not a finite
     * number (R² of constant test labels, an ε the accountant cannot express) is written as null,
     * with a field {@code <name>Undefined} beside it giving the reason.
     */
    public static JsonNode json(Object report) {
        JsonNode tree = mapper().valueToTree(report);
        if (tree.get("experiments") instanceof ArrayNode rows) {
            // the rows' recorded releases go to releases.jsonl and privacy-events.json instead
            rows.forEach(row -> ((ObjectNode) row).remove("releases"));
        }
        defineNumbers(tree);
        return tree;
    }

    private static void defineNumbers(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode value = object.get(name);
                if (undefined(value)) {
                    object.putNull(name);
                    object.put(name + "Undefined", reason(name));
                } else if (value.isArray() && hasUndefined(value)) {
                    ArrayNode array = (ArrayNode) value;
                    for (int i = 0; i < array.size(); i++) {
                        if (undefined(array.get(i))) {
                            array.setNull(i);
                        }
                    }
                    object.put(name + "Undefined", "the null entries are " + reason(name));
                } else {
                    defineNumbers(value);
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(ReportWriter::defineNumbers);
        }
    }

    private static boolean undefined(JsonNode value) {
        return value.isNumber() && !Double.isFinite(value.doubleValue())
                || value.isTextual() && List.of("NaN", "Infinity", "-Infinity").contains(value.textValue());
    }

    private static boolean hasUndefined(JsonNode array) {
        for (JsonNode element : array) {
            if (undefined(element)) {
                return true;
            }
        }
        return false;
    }

    private static String reason(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("r2")) {
            return "undefined: the test labels are constant, so R² divides by zero";
        }
        if (lower.contains("epsilon")) {
            return "undefined: the accountant's ε is not a finite number at this ρ and δ";
        }
        return "undefined: not a finite number";
    }

    /** The files that apply to {@code report}, by name, in the documented order. */
    private static Map<String, FileContent> files(Report report) {
        Map<String, FileContent> files = new LinkedHashMap<>();
        files.put(REPORT_JSON, file -> mapper().writeValue(file.toFile(), json(report)));
        files.put(RELEASES_JSONL, file -> Files.writeString(file, PrivacyEvents.releasesJsonl(report)));
        files.put(PRIVACY_EVENTS_JSON, file -> mapper().writeValue(file.toFile(), PrivacyEvents.events(report)));
        for (RowDescription<?> description : Families.ROWS) {
            described(report, description, files);
        }
        if (!report.audits().isEmpty()) {
            files.put(AUDITS_CSV, file -> Files.writeString(file, AuditsCsv.render(report)));
            for (AuditResult audit : report.audits()) {
                files.put(RocPlot.fileName(audit.audit()), new Captioned(RocPlot.CAPTION, file -> RocPlot.write(audit, file)));
            }
        }
        if (TracingPlot.applies(report)) {
            files.put(TRACING_CSV, file -> Files.writeString(file, TracingCsv.render(report)));
            files.put(TRACING_PLOT, new Captioned(TracingPlot.CAPTION, file -> TracingPlot.write(report, file)));
        }
        if (ClipTrajectory.applies(report)) {
            files.put(CLIP_TRAJECTORY_CSV, file -> Files.writeString(file, ClipTrajectory.csv(report)));
            files.put(CLIP_TRAJECTORY_PLOT, new Captioned(ClipTrajectory.CAPTION,
                    file -> ClipTrajectory.write(report, file)));
        }
        return files;
    }

    /** The files of {@code report}'s rows of {@code description}'s type, when it has such rows. */
    private static <R> void described(Report report, RowDescription<R> description, Map<String, FileContent> files) {
        List<R> rows = description.select(report.experiments());
        if (rows.isEmpty()) {
            return;
        }
        files.put(description.csvFile(), file -> Files.writeString(file, Csv.of(description, rows)));
        for (Plot<R> plot : description.plots()) {
            files.put(plot.file(), new Captioned(plot.caption(),
                    file -> LinePlot.write(plot.panels().apply(report.scenario(), rows), file)));
        }
        for (MatrixExport<R> export : description.exports()) {
            Map<String, MatrixExport.Matrices> exported = export.exported().apply(report.scenario(), rows);
            for (Map.Entry<String, MatrixExport.Matrices> row : exported.entrySet()) {
                files.put(row.getKey() + ".csv", file -> Files.writeString(file, MatrixCsv.render(row.getValue())));
                files.put(row.getKey() + ".png", new Captioned(export.caption(),
                        file -> HeatMap.write(row.getValue(), file)));
            }
        }
    }

    private static void deleteStale(Path dir, Set<String> current) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p : list.toList()) {
                String name = p.getFileName().toString();
                if (Files.isRegularFile(p) && REPORT_FILES.matcher(name).matches() && !current.contains(name)) {
                    Files.deleteIfExists(p);
                }
            }
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
