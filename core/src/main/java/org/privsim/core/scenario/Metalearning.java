package org.privsim.core.scenario;

import java.util.List;

/**
 * Held-out users of an alternating-minimization experiment (Aliakbarpour et al. §3, the
 * metalearning error of their Def. 1.2): users n … n + H − 1 of the same population, who never take
 * part in training, each fit v on the released U with its first n_pers samples.
 *
 * <p>Guarantee: validated by the parser — 1 ≤ heldOutUsers, every n_pers ≥ 1 (ascending order not
 * required; each is one point of the curve), and the held-out rows fit in memory.
 *
 * @param heldOutUsers           H
 * @param personalizationSamples the n_pers values
 */
public record Metalearning(int heldOutUsers, List<Integer> personalizationSamples) {

    public Metalearning {
        personalizationSamples = List.copyOf(personalizationSamples);
    }

    /** The largest n_pers: how many samples each held-out user holds. */
    public int maxSamples() {
        return personalizationSamples.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }
}
