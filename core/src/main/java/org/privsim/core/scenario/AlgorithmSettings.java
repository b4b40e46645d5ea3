package org.privsim.core.scenario;

/**
 * The settings of an algorithm that keeps them in its own record instead of in
 * {@link ExperimentSpec}'s shared fields: a new family's algorithm adds a record implementing this,
 * and {@link ExperimentSpec#settings(Class)} hands it back typed.
 *
 * <p>Guarantee: an implementation is an immutable value with every default resolved, and it
 * serializes with Jackson like the rest of the scenario model.
 */
public interface AlgorithmSettings {}
