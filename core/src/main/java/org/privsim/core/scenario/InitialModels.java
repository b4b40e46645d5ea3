package org.privsim.core.scenario;

/**
 * Where the iterative multi-task algorithms start, W⁽⁰⁾ (Liang et al. Alg. 2/3 take it as input).
 * Guarantee: each task computes its own w_i⁽⁰⁾ from its own data or from (seed, repeat, i) only,
 * so the start costs no privacy; it reaches the curator only through the accounted releases.
 */
public enum InitialModels {
    /** w_i⁽⁰⁾ = 0. */
    ZERO("zero"),
    /** w_i⁽⁰⁾ = the task's own ridge solution (what {@code stl-ridge} outputs). */
    STL("stl"),
    /** Entries of w_i⁽⁰⁾ i.i.d. uniform on (0, 1), as in the paper's leakage example (Fig. 2). */
    UNIFORM("uniform");

    private final String id;

    InitialModels(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
