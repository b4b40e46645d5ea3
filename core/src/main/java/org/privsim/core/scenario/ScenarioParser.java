package org.privsim.core.scenario;

import static org.privsim.core.scenario.FieldReader.Presence.OPTIONAL;
import static org.privsim.core.scenario.FieldReader.Presence.REQUIRED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Loads a {@link Scenario} from YAML (or JSON, which YAML mostly contains; a source named
 * {@code *.json} is read as strict JSON).
 *
 * <p>Guarantees: the returned scenario passed every check and has every default resolved (see
 * {@link Defaults}). Otherwise a {@link ScenarioException} is thrown that lists every problem
 * found — not only the first — each as {@code error: <path>: <reason>}: unknown fields, missing
 * required fields, wrong types (saying what was found), out-of-range values, unknown choices,
 * fields the experiment's algorithm does not use, and cross-field rules. A file that cannot be read
 * or parsed gives a single error at the file name; I/O and syntax errors never escape as other
 * exceptions. A {@code dataset} task's relative path is resolved against the folder of the
 * scenario file (of {@code sourceName} when given text), and its file is read and checked here.
 */
public final class ScenarioParser {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    /** The longest scenario name: it names the output folder, beside which the report is staged under a longer name. */
    public static final int MAX_NAME = 200;

    private ScenarioParser() {}

    /** Reads and validates the scenario file {@code file}. */
    public static Scenario parse(Path file) {
        return parse(readFile(file), file.toString());
    }

    /** Validates scenario {@code text}; {@code sourceName} names it in errors (and {@code .json} selects JSON). */
    public static Scenario parse(String text, String sourceName) {
        checkSize(text, sourceName);
        JsonNode root = DocumentReader.read(text, sourceName);
        if (!(root instanceof ObjectNode object)) {
            throw new ScenarioException(sourceName, "expected a mapping at the top level, got " + (root.isTextual()
                    ? "text (is it a scenario file?)" : FieldReader.describe(root)));
        }
        Problems problems = new Problems();
        FieldReader top = FieldReader.root(object, problems);
        top.rejectUnknown(ScenarioFields.namesOf(ScenarioFields.TOP));
        Optional<String> name = top.string(ScenarioFields.NAME).filter(n -> validName(n, top));
        long seed = top.wholeNumber(ScenarioFields.SEED).orElse(Defaults.SEED);
        Optional<Task> task = top.object(ScenarioFields.TASK.name(), ScenarioFields.TASK.presence()).flatMap(t -> TaskReader.read(t, folder(sourceName)));
        Aggregation aggregation = new Aggregation(top.object(ScenarioFields.AGGREGATION.name(), ScenarioFields.AGGREGATION.presence())
                .flatMap(ScenarioParser::rangeSize)
                .orElse(Aggregation.DEFAULT_RANGE_SIZE));
        RunPlacement placement = top.choice(ScenarioFields.RUN_PLACEMENT, List.of(RunPlacement.values()), RunPlacement::id)
                .orElse(RunPlacement.AUTO);
        boolean hasAudits = top.has("audits");
        boolean ratings = RatingsTask.TYPE.equals(object.path("task").path("type").asText(null));
        List<ExperimentFields> experiments = top.objects("experiments", hasAudits ? OPTIONAL : REQUIRED)
                .orElse(List.of()).stream()
                .map(e -> ratings ? new RatingsExperimentReader(e) : (ExperimentFields) new ExperimentReader(e))
                .toList();
        List<AuditReader> audits = top.objects(ScenarioFields.AUDITS.name(), ScenarioFields.AUDITS.presence()).orElse(List.of()).stream()
                .map(a -> new AuditReader(a, ratings))
                .toList();
        task.ifPresent(t -> experiments.forEach(e -> e.checkAgainst(t, "task")));
        audits.forEach(a -> a.checkAgainst(task));
        problems.throwIfAny();
        Task validTask = task.orElseThrow();
        return new Scenario(name.orElseThrow(), seed, validTask, aggregation, placement,
                experiments.stream().map(e -> e.resolve(validTask)).toList(),
                audits.stream().map(a -> a.resolve(validTask)).toList());
    }

    /** Refuses text over {@link #MAX_BYTES} characters, or a YAML line over {@link #MAX_YAML_LINE}, before parsing. */
    private static void checkSize(String text, String sourceName) {
        if (text.length() > MAX_BYTES) {
            throw new ScenarioException(sourceName, "the scenario has " + text.length() + " characters, more than the "
                    + MAX_BYTES + " a scenario may have");
        }
        if (sourceName.toLowerCase(java.util.Locale.ROOT).endsWith(".json")) {
            return;
        }
        int line = 1;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i - start > MAX_YAML_LINE) {
                    throw new ScenarioException(sourceName, "line " + line + " has " + (i - start)
                            + " characters, more than the " + MAX_YAML_LINE + " a YAML line may have");
                }
                line++;
                start = i + 1;
            }
        }
    }

    /** The folder a scenario's relative paths are resolved against: the source's, or the working directory. */
    private static Path folder(String sourceName) {
        try {
            Path parent = Path.of(sourceName).toAbsolutePath().getParent();
            return parent == null ? Path.of("").toAbsolutePath() : parent;
        } catch (java.nio.file.InvalidPathException e) {
            return Path.of("").toAbsolutePath();
        }
    }

    private static boolean validName(String name, FieldReader top) {
        if (!NAME.matcher(name).matches()) {
            top.error("name", "must be non-empty and use only letters, digits, '.', '_' and '-'"
                    + " (it names the output folder), got " + FieldReader.quote(name));
            return false;
        }
        if (name.length() > MAX_NAME) {
            top.error("name", "must be at most " + MAX_NAME + " characters (it names the output folder), got "
                    + name.length());
            return false;
        }
        if (name.equals(".") || name.equals("..")) {
            top.error("name", "must not be \".\" or \"..\" (it names the output folder)");
            return false;
        }
        return true;
    }

    private static Optional<Integer> rangeSize(FieldReader aggregation) {
        aggregation.rejectUnknown(ScenarioFields.namesOf(ScenarioFields.AGGREGATION_FIELDS));
        return aggregation.integer(ScenarioFields.RANGE_SIZE);
    }

    /** The largest scenario file or text (1 MiB; the bundled scenarios have a few KB). */
    public static final int MAX_BYTES = 1 << 20;
    /**
     * The longest line of a YAML scenario (64 Ki characters): the YAML scanner's work grows with the
     * square of a line's length, so longer lines are refused before parsing. JSON is parsed in
     * linear time and has no line limit.
     */
    public static final int MAX_YAML_LINE = 1 << 16;

    private static String readFile(Path file) {
        try {
            if (Files.exists(file) && !Files.isDirectory(file) && !Files.isRegularFile(file)) {
                throw new ScenarioException(file.toString(), "cannot read file: not a regular file (a device, pipe"
                        + " or socket)");
            }
            if (Files.isRegularFile(file) && Files.size(file) > MAX_BYTES) {
                throw new ScenarioException(file.toString(), "the file has " + Files.size(file)
                        + " bytes, more than the " + MAX_BYTES + " a scenario may have");
            }
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(file.toString(), "cannot read file: no such file"
                    + (file.toString().indexOf('\uFFFD') >= 0 ? " (its name is not valid UTF-8)" : ""));
        } catch (AccessDeniedException e) {
            throw new ScenarioException(file.toString(), "cannot read file: permission denied");
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file.toString(), "cannot read file: not valid UTF-8 text");
        } catch (IOException e) {
            String reason = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason()
                    : String.valueOf(e.getMessage());
            throw new ScenarioException(file.toString(), "cannot read file: "
                    + (Files.isDirectory(file) ? "it is a directory" : reason));
        }
    }
}
