package org.privsim.core.scenario;

/**
 * Indexed mean estimation, the separation problem of Aliakbarpour et al. 2025 (their Section 4):
 * a shared mean p ∈ [−1, 1]^d drawn uniformly; person i ∈ [t] holds n samples x ∈ {±1}^d whose
 * coordinates are independent with mean p, and an index j_i ∈ [d]; person i wants p_{j_i}, with
 * loss ¼(p̂_{j_i} − p_{j_i})².
 *
 * <p>Guarantee: validated by the parser — 1 ≤ dimension, 2 ≤ persons, 1 ≤ samplesPerPerson, and
 * persons ≤ dimension when indices are {@link IndexAssignment#DISTINCT}.
 *
 * @param dimension        d
 * @param persons          t, the number of persons (an experiment may sweep other values)
 * @param samplesPerPerson n
 * @param indices          how the indices j_i are assigned
 */
public record IndexedMeanTask(int dimension, int persons, int samplesPerPerson, IndexAssignment indices)
        implements Task {

    /** Scenario name of this task type. */
    public static final String TYPE = "indexed-mean";

    @Override
    public String type() {
        return TYPE;
    }

    /** The same task with {@code t} persons (an experiment's sweep over t). */
    public IndexedMeanTask withPersons(int t) {
        return new IndexedMeanTask(dimension, t, samplesPerPerson, indices);
    }
}
