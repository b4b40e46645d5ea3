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

    private static final List<String> FIELDS = List.of("name", "seed", "task", "aggregation", "experiments", "audits");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    private ScenarioParser() {}

    /** Reads and validates the scenario file {@code file}. */
    public static Scenario parse(Path file) {
        return parse(readFile(file), file.toString());
    }

    /** Validates scenario {@code text}; {@code sourceName} names it in errors (and {@code .json} selects JSON). */
    public static Scenario parse(String text, String sourceName) {
        JsonNode root = DocumentReader.read(text, sourceName);
        if (!(root instanceof ObjectNode object)) {
            throw new ScenarioException(sourceName, "expected a mapping at the top level, got " + FieldReader.describe(root));
        }
        Problems problems = new Problems();
        FieldReader top = FieldReader.root(object, problems);
        top.rejectUnknown(FIELDS);
        Optional<String> name = top.string("name", REQUIRED).filter(n -> validName(n, top));
        long seed = top.wholeNumber("seed", OPTIONAL).orElse(Defaults.SEED);
        Optional<Task> task = top.object("task", REQUIRED).flatMap(t -> TaskReader.read(t, folder(sourceName)));
        Aggregation aggregation = new Aggregation(top.object("aggregation", OPTIONAL)
                .flatMap(ScenarioParser::rangeSize)
                .orElse(Aggregation.DEFAULT_RANGE_SIZE));
        boolean hasAudits = top.has("audits");
        List<ExperimentReader> experiments = top.objects("experiments", hasAudits ? OPTIONAL : REQUIRED)
                .orElse(List.of()).stream()
                .map(ExperimentReader::new)
                .toList();
        List<AuditReader> audits = top.objects("audits", OPTIONAL).orElse(List.of()).stream()
                .map(AuditReader::new)
                .toList();
        task.ifPresent(t -> experiments.forEach(e -> e.checkAgainst(t, "task")));
        audits.forEach(a -> a.checkAgainst(task));
        problems.throwIfAny();
        Task validTask = task.orElseThrow();
        return new Scenario(name.orElseThrow(), seed, validTask, aggregation,
                experiments.stream().map(e -> e.resolve(validTask)).toList(),
                audits.stream().map(a -> a.resolve(validTask)).toList());
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
        if (name.equals(".") || name.equals("..")) {
            top.error("name", "must not be \".\" or \"..\" (it names the output folder)");
            return false;
        }
        return true;
    }

    private static Optional<Integer> rangeSize(FieldReader aggregation) {
        aggregation.rejectUnknown(List.of("rangeSize"));
        return aggregation.integer("rangeSize", OPTIONAL, Bounds.atLeast(1));
    }

    private static String readFile(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(file.toString(), "cannot read file: no such file");
        } catch (AccessDeniedException e) {
            throw new ScenarioException(file.toString(), "cannot read file: permission denied");
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file.toString(), "cannot read file: not valid UTF-8 text");
        } catch (IOException e) {
            throw new ScenarioException(file.toString(), "cannot read file: "
                    + (Files.isDirectory(file) ? "it is a directory" : String.valueOf(e.getMessage())));
        }
    }
}
