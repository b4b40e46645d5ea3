package org.privsim.actors.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of the code base, checked on the compiled classes of core, protocol and actors
 * (docs/architecture.md): core holds no Pekko type; the seam depends on no family; families import
 * shared code, never each other; no main class of actors or protocol names a family (the report's
 * writers read each family's row description); and, as a ratchet that may only shrink, the pairs of
 * packages that depend on each other. The ratchet fails both ways: a new entry is a regression, and an
 * entry that no longer holds must be deleted from its list so that it cannot come back unnoticed.
 */
class ArchitectureTest {
    private static final String FAMILY = "org.privsim.core.family";
    private static JavaClasses classes;

    /**
     * Package pairs (each "a <-> b", a before b) that depend on each other today: the scenario model
     * names its readers' products (tasks, settings, audit specs, fault injections, data tables), which
     * read it back. The goal is none; delete a line when its pair no longer depends both ways.
     */
    private static final Set<String> MUTUAL_PACKAGES = Set.of(
            "core.audit <-> core.scenario",
            "core.data <-> core.scenario");

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.privsim");
    }

    @Test
    void coreHoldsNoPekkoType() {
        noClasses().that().resideInAPackage("org.privsim.core..").should().dependOnClassesThat()
                .resideInAPackage("org.apache.pekko..").check(classes);
    }

    @Test
    void theSeamDependsOnNoFamily() {
        noClasses().that().resideInAPackage("org.privsim.core.seam..").should().dependOnClassesThat()
                .resideInAPackage(FAMILY + "..").check(classes);
    }

    @Test
    void familiesDoNotImportEachOther() {
        SortedSet<String> crossings = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = familyOf(c.getPackageName());
            if (from == null) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = familyOf(d.getTargetClass().getPackageName());
                if (to != null && !to.equals(from)) {
                    crossings.add(c.getName() + " -> " + d.getTargetClass().getName());
                }
            }
        }
        assertTrue(crossings.isEmpty(), "a family imports another family: " + crossings);
    }

    @Test
    void actorsAndProtocolNameNoFamily() {
        SortedSet<String> naming = new TreeSet<>();
        for (JavaClass c : classes) {
            if (!c.getPackageName().startsWith("org.privsim.actors") && !c.getPackageName().startsWith("org.privsim.protocol")) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if (familyOf(d.getTargetClass().getPackageName()) != null) {
                    naming.add(topLevel(c));
                }
            }
        }
        assertTrue(naming.isEmpty(), "classes of actors/ and protocol/ that name a family (ask the family's module"
                + " or its row description instead): " + naming);
    }

    @Test
    void packageCyclesOnlyShrink() {
        SortedMap<String, SortedSet<String>> edges = new TreeMap<>();
        for (JavaClass c : classes) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = d.getTargetClass().getPackageName();
                if (to.startsWith("org.privsim") && !to.equals(c.getPackageName())) {
                    edges.computeIfAbsent(c.getPackageName(), k -> new TreeSet<>()).add(to);
                }
            }
        }
        SortedSet<String> mutual = new TreeSet<>();
        edges.forEach((a, targets) -> targets.forEach(b -> {
            if (a.compareTo(b) < 0 && edges.getOrDefault(b, new TreeSet<>()).contains(a)) {
                mutual.add(a.replace("org.privsim.", "") + " <-> " + b.replace("org.privsim.", ""));
            }
        }));
        assertEquals(new TreeSet<>(MUTUAL_PACKAGES), mutual,
                "package pairs that depend on each other (the list may only shrink)");
    }

    /** The family folder {@code pkg} belongs to, or null outside {@code core/family/<name>/} (the registry's own package too). */
    private static String familyOf(String pkg) {
        if (!pkg.startsWith(FAMILY + ".")) {
            return null;
        }
        String rest = pkg.substring(FAMILY.length() + 1);
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    private static String topLevel(JavaClass c) {
        JavaClass outer = c;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        return outer.getName().replace("org.privsim.", "");
    }
}
