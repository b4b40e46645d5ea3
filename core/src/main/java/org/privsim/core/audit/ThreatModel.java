package org.privsim.core.audit;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Whose outputs the adversary sees (Aliakbarpour et al. 2025, Section 2), and so which guarantee an
 * audit tests. Guarantee: each threat model fixes a default collusion set, which an audit may
 * override with an explicit one.
 */
public enum ThreatModel {
    /** Only the billboard: the mechanism's public output must be DP. */
    BILLBOARD("billboard", Collusion.NONE),
    /** Joint DP: the outputs of all users but the target together must be DP in the target's data. */
    JDP("jdp", Collusion.ALL_BUT_TARGET),
    /** 1-out-of-t DP: any single other user's output must be DP in the target's data. */
    ONE_OUT_OF_T("one-out-of-t", Collusion.SINGLE),
    /**
     * White-box: the adversary knows every other user's data and sees every noisy release itself
     * (priv-altmin: A, b, S and the initialisation matrix, not only the U they publish; single-model-dp:
     * A and b; MP-MTL with Gaussian releases: every Σ, not only M; indexed mean: the curator's whole
     * noisy vector, not only the billboard or separate outputs; DP-SGD, DP-FedAvg, DP-FedRep: every
     * step's noisy sum), knows both worlds' pre-noise values, and scores with the exact likelihood
     * ratio — the strongest adversary the (ε, δ) guarantee of the releases must withstand. The views
     * come from the recorded releases: each record's σ ({@link GaussianWhiteBox}; {@link ReleaseTranscript}
     * for the tapped runs; {@link SampledGaussianWhiteBox}'s mixture ratio for the sampled steps).
     */
    WHITE_BOX("white-box", Collusion.ALL_BUT_TARGET);

    private final String id;
    private final Collusion defaultCollusion;

    ThreatModel(String id, Collusion defaultCollusion) {
        this.id = id;
        this.defaultCollusion = defaultCollusion;
    }

    /** Scenario/report name. */
    @JsonValue
    public String id() {
        return id;
    }

    /** The collusion set the definition quantifies over. */
    public Collusion defaultCollusion() {
        return defaultCollusion;
    }
}
