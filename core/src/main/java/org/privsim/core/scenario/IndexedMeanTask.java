package org.privsim.core.scenario;

/**
 * Indexed mean estimation, the separation problem of Aliakbarpour et al. 2025 (their Section 4):
 * a shared mean p ∈ [−1, 1]^d drawn uniformly; person i ∈ [t] holds n samples x ∈ {±1}^d whose
 * coordinates are independent with mean p, and an index j_i ∈ [d]; person i wants p_{j_i}, with
 * loss ¼(p̂_{j_i} − p_{j_i})² (task {@code indexed-mean}) — or only its sign, with loss
 * |p_{j_i}|·1[wrong sign] (task {@code indexed-sign}, their Section 5). Both run the same mechanisms;
 * the sign is post-processing of the released estimate.
 *
 * <p>Guarantee: validated by the parser — 1 ≤ dimension, 2 ≤ persons, 1 ≤ samplesPerPerson, and
 * persons ≤ dimension when indices are {@link IndexAssignment#DISTINCT}.
 *
 * @param dimension        d
 * @param persons          t, the number of persons (an experiment may sweep other values)
 * @param samplesPerPerson n
 * @param indices          how the indices j_i are assigned
 * @param loss             what the persons want: the mean ({@code indexed-mean}) or its sign ({@code indexed-sign})
 */
public record IndexedMeanTask(int dimension, int persons, int samplesPerPerson, IndexAssignment indices,
        IndexedLoss loss) implements Task {

    /** Scenario name of the mean task type. */
    public static final String TYPE = "indexed-mean";
    /** Scenario name of the sign task type. */
    public static final String SIGN_TYPE = "indexed-sign";

    /** An indexed-mean task (squared loss). */
    public IndexedMeanTask(int dimension, int persons, int samplesPerPerson, IndexAssignment indices) {
        this(dimension, persons, samplesPerPerson, indices, IndexedLoss.SQUARED);
    }

    @Override
    public String type() {
        return loss == IndexedLoss.SIGN ? SIGN_TYPE : TYPE;
    }

    /** The same task with {@code t} persons (an experiment's sweep over t). */
    public IndexedMeanTask withPersons(int t) {
        return new IndexedMeanTask(dimension, t, samplesPerPerson, indices, loss);
    }
}
