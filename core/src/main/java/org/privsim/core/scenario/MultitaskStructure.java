package org.privsim.core.scenario;

/**
 * The pattern of the true model matrix W ∈ R^{d×m} of a {@code multitask-regression} task
 * (Liang et al., §5.4). Guarantee: ids are stable scenario and report vocabulary.
 */
public enum MultitaskStructure {
    /** W ~ MVN(0, I_d, Σ) with a task covariance Σ of rank {@code taskRank}: the tasks share a subspace. */
    LOW_RANK("low-rank"),
    /** Only the first 4 rows of W are nonzero, entries uniform on [−50, −1] ∪ [1, 50]: shared features. */
    GROUP_SPARSE("group-sparse");

    /** Rows of W that are nonzero in the group-sparse structure. */
    public static final int GROUP_SPARSE_ROWS = 4;

    private final String id;

    MultitaskStructure(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
