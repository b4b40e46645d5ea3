package org.privsim.core.sim;

import org.privsim.core.data.SplitPlan;

/**
 * What the curator asks of users: a contribution to a release, or an evaluation of the personal
 * model a user ends up with. Plain values only (no matrices types), so the same records can
 * travel inside actor messages.
 *
 * <p>Every task names the {@code population} it addresses: the seed the users' data sets are
 * generated from (the scenario seed, or a repeat's seed). A user actor holding another
 * population's data regenerates its own data set for that seed before answering.
 */
public sealed interface UserTask permits UserTask.Init, UserTask.Round, UserTask.Evaluate {

    /** A short label for progress output: {@code init}, {@code round t} or {@code evaluate}. */
    default String label() {
        if (this instanceof Round r) {
            return "round " + r.round();
        }
        return this instanceof Init ? "init" : "evaluate";
    }

    /** Seed of the population whose users answer this task. */
    long population();

    /**
     * Contribute to the private initialisation (Alg. 3) and, when {@code clipFeature} is given, to
     * the feature second moment S = Σ clip(x; τ) clip(x; τ)ᵀ over the U-step samples (Kronecker
     * U-step with a private S). The answer is the packed d×d initialisation term followed, when
     * S is asked for, by the packed d×d S term.
     *
     * @param population  seed of the population asked
     * @param split       sample split
     * @param clipLabel   ζ (+∞: no clipping)
     * @param clipFeature τ for S (+∞: no clipping), or null when S is not asked for
     */
    record Init(long population, SplitPlan split, double clipLabel, Double clipFeature) implements UserTask {

        /** How many packed d×d matrices an answer holds: 2 with S, else 1. */
        public int matrices() {
            return clipFeature == null ? 1 : 2;
        }
    }

    /**
     * Contribute to a U-step (Alg. 2). With {@code u == null} the user's model is the fixed v = [1]
     * (k = 1) and the statistics are the plain clipped (x, y) sufficient statistics used by
     * single-model-dp; otherwise the user first fits v on its v-split against the billboard's U.
     *
     * @param population     seed of the population asked
     * @param round          round number, 1-based
     * @param participants   which users are asked
     * @param u              billboard U, row-major d×k, or null (see above)
     * @param rank           k
     * @param split          sample split
     * @param clipModel      η (+∞: no clipping)
     * @param clipLabel      ζ (+∞: no clipping)
     * @param ridge          ridge λ of the v-step
     * @param modelNormBound R of the v-step
     * @param gram           whether users send G_j (full U-step, single-model-dp) or only g_j (Kronecker U-step)
     * @param clipMoment     C: users scale v ⊗ g into the ball of radius C (+∞: no user-level clip)
     */
    record Round(long population, int round, Participants participants, double[] u, int rank, SplitPlan split,
                 double clipModel, double clipLabel, double ridge, double modelNormBound, boolean gram,
                 double clipMoment) implements UserTask {

        /** The k of the statistics users return: 1 for the fixed model v = [1], else {@code rank}. */
        public int statisticsRank() {
            return u == null ? 1 : rank;
        }

        /** The same round with participants restricted to the ids [from, to) (see {@link Participants#restrictedTo}). */
        public Round restrictedTo(int from, int to) {
            return new Round(population, round, participants.restrictedTo(from, to), u, rank, split, clipModel,
                    clipLabel, ridge, modelNormBound, gram, clipMoment);
        }
    }

    /**
     * Fit the final personal model and report its squared parameter error ‖θ_j − θ_j*‖².
     *
     * @param population     seed of the population asked
     * @param model          how θ_j is formed
     * @param params         U (row-major d×k) for PERSONAL, θ (d) for SHARED, unused for OWN_RIDGE
     * @param rank           k for PERSONAL
     * @param from           first sample of the fit
     * @param to             one past the last sample of the fit
     * @param ridge          ridge λ of the fit
     * @param modelNormBound R for PERSONAL
     * @param scoreClip      c: a PERSONAL answer also holds the user's validation loss clipped to [0, c]
     *                       ({@link UserStep#validationLoss}), a private selection's score; null for none
     */
    record Evaluate(long population, Model model, double[] params, int rank, int from, int to, double ridge,
                    double modelNormBound, Double scoreClip)
            implements UserTask {

        /** An evaluation without a score. */
        public Evaluate(long population, Model model, double[] params, int rank, int from, int to, double ridge,
                        double modelNormBound) {
            this(population, model, params, rank, from, to, ridge, modelNormBound, null);
        }
    }

    /** How a user's final model θ_j is formed for evaluation. */
    enum Model {
        /** θ_j = U v_j with v_j fitted locally against the billboard's U. */
        PERSONAL,
        /** θ_j = ridge regression in d dimensions on the user's own data only. */
        OWN_RIDGE,
        /** θ_j = the one shared θ. */
        SHARED
    }
}
