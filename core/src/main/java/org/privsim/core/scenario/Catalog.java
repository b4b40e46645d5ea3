package org.privsim.core.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.privsim.core.scenario.ScenarioFields.Used;

/**
 * The experiment and audit forms of the one {@link AlgorithmCatalog} on the class path, loaded on first
 * use, the experiment forms as the sections the readers and the schema read: each field variant with the
 * algorithms that use it.
 *
 * <p>Guarantee: {@link #experiment} lists {@link ScenarioFields#EXPERIMENT_NAMES} in order (and
 * {@link #ratingsExperiment} {@link ScenarioFields#RATINGS_EXPERIMENT_NAMES}), a name's variants in the
 * order the catalog first declares them, each with every algorithm whose form declares it; the
 * {@code algorithm} field is used by every algorithm with a form in the section.
 *
 * @throws IllegalStateException (on first use) when there is not exactly one catalog, or an algorithm
 *         has no form on every task but ratings, or two forms of one kind
 */
final class Catalog {

    private Catalog() {}

    /** Loaded on first use of the holder, never while {@link ScenarioFields} initializes. */
    private static final class Holder {
        static final AlgorithmCatalog CATALOG = load();
        static final List<ExperimentForm> FORMS = forms(CATALOG);
        static final List<AuditForm> AUDITS = audits(CATALOG);
        static final FieldSpec AUDIT_ALGORITHM = AuditFields.auditAlgorithm(auditable());
        static final List<FieldSpec> AUDIT = Stream.concat(Stream.of(AUDIT_ALGORITHM),
                AuditFields.AUDIT_SETTINGS.stream()).toList();
        static final List<Used> EXPERIMENT = section(false, ScenarioFields.EXPERIMENT_NAMES,
                ScenarioFields.ALGORITHM);
        static final Set<Algorithm> RATINGS = algorithms(true);
        static final List<Used> RATINGS_EXPERIMENT = section(true, ScenarioFields.RATINGS_EXPERIMENT_NAMES,
                ScenarioFields.ALGORITHM.doc("The algorithm run (on a ratings task: "
                        + RATINGS.stream().map(Algorithm::id).collect(Collectors.joining(", ")) + ")."));
    }

    /** The experiment fields on every task but ratings, each variant with the algorithms that use it. */
    static List<Used> experiment() {
        return Holder.EXPERIMENT;
    }

    /** The experiment fields on a ratings task, each variant with the algorithms that use it. */
    static List<Used> ratingsExperiment() {
        return Holder.RATINGS_EXPERIMENT;
    }

    /** The algorithms that run on a ratings task, in declaration order of {@link Algorithm}. */
    static Set<Algorithm> ratingsAlgorithms() {
        return Holder.RATINGS;
    }

    /**
     * The form of {@code algorithm} on every task but ratings, or ({@code onRatings}) on a ratings task.
     *
     * @throws IllegalArgumentException when it has no such form
     */
    static ExperimentForm form(Algorithm algorithm, boolean onRatings) {
        return Holder.FORMS.stream().filter(f -> f.algorithm() == algorithm && f.onRatings() == onRatings).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(algorithm.id() + " has no form"
                        + (onRatings ? " on a ratings task" : "")));
    }

    /** The audit's {@code algorithm} field: a choice among the auditable algorithms. */
    static FieldSpec auditAlgorithm() {
        return Holder.AUDIT_ALGORITHM;
    }

    /** The audit's own fields: {@link #auditAlgorithm}, then {@link ScenarioFields#AUDIT_SETTINGS}. */
    static List<FieldSpec> audit() {
        return Holder.AUDIT;
    }

    /** The audit form of {@code algorithm}, or null when it cannot be audited. */
    static AuditForm auditForm(Algorithm algorithm) {
        return Holder.AUDITS.stream().filter(f -> f.algorithm() == algorithm).findFirst().orElse(null);
    }

    /** The audit forms in registry order. */
    static List<AuditForm> auditForms() {
        return Holder.AUDITS;
    }

    /** The auditable algorithms, in declaration order of {@link Algorithm}. */
    static Set<Algorithm> auditable() {
        Set<Algorithm> all = EnumSet.noneOf(Algorithm.class);
        Holder.AUDITS.forEach(f -> all.add(f.algorithm()));
        return all;
    }

    private static AlgorithmCatalog load() {
        // The loader of this package, not the thread's context loader (an actor thread may have another).
        List<AlgorithmCatalog> catalogs = ServiceLoader.load(AlgorithmCatalog.class, Catalog.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();
        if (catalogs.size() != 1) {
            throw new IllegalStateException("expected one algorithm catalog on the class path, found " + catalogs.size());
        }
        return catalogs.get(0);
    }

    private static List<AuditForm> audits(AlgorithmCatalog catalog) {
        List<AuditForm> audits = catalog.audits();
        if (audits.stream().map(AuditForm::algorithm).distinct().count() != audits.size()) {
            throw new IllegalStateException("an algorithm has several audit forms: " + audits);
        }
        return List.copyOf(audits);
    }

    private static List<ExperimentForm> forms(AlgorithmCatalog catalog) {
        List<ExperimentForm> forms = catalog.forms();
        for (boolean onRatings : new boolean[] {false, true}) {
            Map<Algorithm, Long> counts = forms.stream().filter(f -> f.onRatings() == onRatings)
                    .collect(Collectors.groupingBy(ExperimentForm::algorithm, Collectors.counting()));
            counts.forEach((a, n) -> {
                if (n > 1) {
                    throw new IllegalStateException(a.id() + " has " + n + " experiment forms");
                }
            });
            if (!onRatings && counts.size() != Algorithm.values().length) {
                throw new IllegalStateException("algorithms without an experiment form: " + EnumSet.complementOf(
                        EnumSet.copyOf(counts.keySet())));
            }
        }
        return List.copyOf(forms);
    }

    private static Set<Algorithm> algorithms(boolean onRatings) {
        Set<Algorithm> all = EnumSet.noneOf(Algorithm.class);
        Holder.FORMS.stream().filter(f -> f.onRatings() == onRatings).forEach(f -> all.add(f.algorithm()));
        return all;
    }

    private static List<Used> section(boolean onRatings, List<String> names, FieldSpec algorithm) {
        Map<FieldSpec, Set<Algorithm>> users = new LinkedHashMap<>();
        for (ExperimentForm form : Holder.FORMS) {
            if (form.onRatings() == onRatings) {
                form.fields().forEach(f -> users.computeIfAbsent(f, k -> EnumSet.noneOf(Algorithm.class))
                        .add(form.algorithm()));
            }
        }
        List<Used> section = new ArrayList<>();
        section.add(new Used(algorithm, algorithms(onRatings)));
        for (String name : names.subList(1, names.size())) {
            users.forEach((spec, by) -> {
                if (spec.name().equals(name)) {
                    section.add(new Used(spec, Set.copyOf(by)));
                }
            });
        }
        return List.copyOf(section);
    }
}
