package org.privsim.core.scenario;

import java.util.List;

/**
 * Where the scenario readers find the algorithms' experiment and audit forms: provided once, by the registry
 * of family modules ({@code core/family/Families}), through {@link java.util.ServiceLoader} — so this
 * package compiles without any family and the registry stays the one place that lists them.
 *
 * <p>Guarantee an implementation gives: {@link #forms} is a constant list in registry order (each
 * module's forms in its own order), with exactly one form per algorithm on every task but ratings
 * and at most one on a ratings task.
 */
public interface AlgorithmCatalog {

    /** Every module's experiment forms, in registry order. */
    List<ExperimentForm> forms();

    /** Every module's audit forms, in registry order; at most one per algorithm. */
    List<AuditForm> audits();
}
