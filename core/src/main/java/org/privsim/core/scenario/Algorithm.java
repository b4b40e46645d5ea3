package org.privsim.core.scenario;

import java.util.Arrays;
import java.util.Optional;

/** The algorithms an experiment can run, with their scenario names. */
public enum Algorithm {
    /** Private alternating minimization (Jain et al. 2021, Alg. 1 + 2, initialised by Alg. 3). */
    PRIV_ALTMIN("priv-altmin", true),
    /** The same code path without noise or clipping, run until U stops moving. */
    NON_PRIVATE_ALTMIN("non-private-altmin", false),
    /** Each user fits ridge regression in d dimensions on its own data; nothing is shared. */
    OWN_DATA("own-data", false),
    /** One shared θ ∈ R^d for all users, DP by sufficient-statistics perturbation. */
    SINGLE_MODEL_DP("single-model-dp", true);

    private final String id;
    private final boolean isPrivate;

    Algorithm(String id, boolean isPrivate) {
        this.id = id;
        this.isPrivate = isPrivate;
    }

    /** The scenario/report name, e.g. {@code priv-altmin}. */
    public String id() {
        return id;
    }

    /** Whether the algorithm releases statistics under a DP guarantee (needs ε, δ). */
    public boolean isPrivate() {
        return isPrivate;
    }

    /** Looks an algorithm up by its scenario name. */
    public static Optional<Algorithm> byId(String id) {
        return Arrays.stream(values()).filter(a -> a.id.equals(id)).findFirst();
    }

    /** All scenario names, for error messages. */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(Algorithm::id).toList());
    }
}
