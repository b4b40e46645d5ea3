package org.privsim.core.family;

import java.util.List;
import org.privsim.core.scenario.AlgorithmCatalog;
import org.privsim.core.scenario.AuditForm;
import org.privsim.core.scenario.ExperimentForm;

/**
 * The registry's algorithm catalog, which the scenario readers load through
 * {@link java.util.ServiceLoader} (META-INF/services): every module's experiment and audit forms in
 * {@link Families#MODULES} order. Guarantee: the same constant list on every call.
 */
public final class ScenarioCatalog implements AlgorithmCatalog {
    private static final List<ExperimentForm> FORMS = Families.MODULES.stream().flatMap(m -> m.forms().stream())
            .toList();

    private static final List<AuditForm> AUDITS = Families.MODULES.stream().flatMap(m -> m.auditForms().stream())
            .toList();

    /** The instance {@link java.util.ServiceLoader} creates. */
    public ScenarioCatalog() {}

    @Override
    public List<ExperimentForm> forms() {
        return FORMS;
    }

    @Override
    public List<AuditForm> audits() {
        return AUDITS;
    }
}
