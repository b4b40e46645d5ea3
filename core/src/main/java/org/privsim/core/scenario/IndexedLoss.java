package org.privsim.core.scenario;

/**
 * What a person of an indexed task wants from its estimate p̂_{j_i} (Aliakbarpour et al. 2025):
 * the mean itself (Section 4, task {@code indexed-mean}) or only its sign (Section 5's indexed sign
 * estimation, task {@code indexed-sign}, equivalent to indexed classification by their Lemmas
 * 5.1–5.2). Guarantee: ids are stable scenario and report vocabulary.
 */
public enum IndexedLoss {
    /** ¼(p̂_{j_i} − p_{j_i})². */
    SQUARED("squared"),
    /** |p_{j_i}|·1[ŝ ≠ sign(p_{j_i})] with ŝ = sign(p̂_{j_i}) (+1 at p̂ = 0): post-processing of the estimate. */
    SIGN("sign");

    private final String id;

    IndexedLoss(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
