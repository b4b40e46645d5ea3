package org.privsim.core.sim;

import java.util.SplittableRandom;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Participation;
import org.privsim.core.scenario.UStep;

/**
 * Every constant of one alternating-minimization run, derived from the task, the experiment and
 * (for priv-altmin) the target ε: clip bounds, sample split, schedule of rounds and participants,
 * and the budget split — total ρ; a fraction f to the initialisation; with the Kronecker U-step and
 * a private S a fraction φ to S; the rest shared equally by the rounds each user takes part in, a
 * round's share split between A (fraction s, {@code roundBudgetSplit}) and b for the full U-step,
 * all to b for the Kronecker step — with the matching noise.
 *
 * <p>A private run may carry an injected {@link Injection fault} for audits; the ledger shares
 * ({@code rhoTotal} and the ρ fields of {@code noise}) are always those of the correct mechanism,
 * only the noise actually added and the bounds users are told to clip to change. With
 * {@link Injection#NONE} every field is bit-identical to the correct mechanism's.
 *
 * @param isPrivate      whether noise is added and the ledger charged
 * @param split          sample split
 * @param clipModel      η users clip to (+∞ when non-private, or when an injected fault skips clipping)
 * @param clipLabel      ζ users clip to (+∞ when non-private, or when an injected fault skips clipping)
 * @param clipFeature    τ users clip ‖x‖ to for the private S (+∞ under skipClipping), or null when S is not released
 * @param clipMoment     C users clip ‖v ⊗ g‖ to (Kronecker U-step; +∞ otherwise or under skipClipping)
 * @param fullStep       whether the U-step is the full Alg. 2 (users send G_j; the curator releases A and b)
 *                       rather than the Kronecker step (users send g_j only; the curator releases b)
 * @param ridge          v-step ridge λ
 * @param modelNormBound v-step bound R
 * @param epochs         passes over the users
 * @param rounds         U-step rounds T (a cap for non-private-altmin with participation epochs)
 * @param batchOf        batch of every user for disjoint batches, else null
 * @param tolerance      convergence tolerance on ‖UUᵀ − U'U'ᵀ‖_F (non-private epochs only), else NaN
 * @param rhoTotal       total zCDP budget per user, or null
 * @param noise          noise of each release kind (σ actually added, ρ charged), or null
 * @param scoreRho       a private selection candidate's ρ for its score (the rest of rhoTotal trains it), or null
 *                       for a run that is not a candidate
 * @param scoreClip      c = ζ², the clip of each user's validation loss in the score (its sensitivity), or null
 */
public record AltMinSettings(
        boolean isPrivate,
        SplitPlan split,
        double clipModel,
        double clipLabel,
        Double clipFeature,
        double clipMoment,
        boolean fullStep,
        double ridge,
        double modelNormBound,
        int epochs,
        int rounds,
        int[] batchOf,
        double tolerance,
        Double rhoTotal,
        NoiseParameters noise,
        Double scoreRho,
        Double scoreClip) {

    /** Settings for a priv-altmin run at ε with the given epoch count: the correct mechanism. */
    public static AltMinSettings privateRun(LowRankRegressionTask task, ExperimentSpec spec, double epsilon,
                                            int epochs, RunKey key) {
        return privateRun(task, spec, epsilon, epochs, key, Injection.NONE);
    }

    /**
     * Settings for a priv-altmin run at ε with the given epoch count and an injected fault. The
     * ledger is charged the correct shares whatever the fault; the faults act as follows.
     * <ul>
     *   <li>{@code noiseMultiplier}: every σ (initialisation, S, A and b) is the correct σ times the
     *       multiplier.</li>
     *   <li>{@code ignoreComposition}: each release's σ is calibrated to the whole budget ρ instead
     *       of its share (f·ρ for the initialisation, φ·ρ for S, a round's share of (1−f−φ)ρ for A
     *       and b), so it is too small by √share and the run really spends ρ per release.</li>
     *   <li>{@code skipClipping}: users are told to clip to +∞ (their statistics use raw data),
     *       while the sensitivities, hence σ, still assume η and ζ.</li>
     * </ul>
     */
    public static AltMinSettings privateRun(LowRankRegressionTask task, ExperimentSpec spec, double epsilon,
                                            int epochs, RunKey key, Injection injection) {
        SplitPlan split = SplitPlan.of(spec.split(), task.samplesPerUser());
        boolean batches = spec.participation() == Participation.DISJOINT_BATCHES;
        int rounds = batches ? spec.rounds() : epochs;
        int roundsPerUser = batches ? 1 : epochs;
        boolean kronecker = spec.uStep() == UStep.KRONECKER;
        boolean privateS = spec.releasesFeatureCovariance();
        // A private selection's candidate: ρ such that the selection meets ε, a share of it for the score.
        PrivateSelection selection = spec.selection();
        double rho = selection == null ? spec.calibration().totalRho(epsilon, spec.delta())
                : selection.candidateRho(epsilon, spec.delta());
        Double scoreRho = selection == null ? null : PrivateSelection.SCORE_BUDGET_FRACTION * rho;
        double training = selection == null ? rho : rho - scoreRho;
        double f = spec.initBudgetFraction();
        double phi = privateS ? spec.featureBudgetFraction() : 0;
        double rhoInit = f * training;
        double rhoFeature = phi * training;
        double rhoRound = (1 - f - phi) * training / roundsPerUser;
        // The full step shares a round between A and b (s to A); the Kronecker step releases b alone.
        double rhoA = kronecker ? 0 : spec.roundBudgetSplit() * rhoRound;
        double rhoB = kronecker ? rhoRound : (1 - spec.roundBudgetSplit()) * rhoRound;
        double eta = spec.clipModel();
        double zeta = spec.clipLabel();
        double sInit = Sensitivities.init(split.initPairs(), zeta);
        double sA = Sensitivities.gram(split.uSamples(), eta);
        double sB = kronecker ? Sensitivities.clippedMoment(split.uSamples(), eta, zeta, spec.clipMoment())
                : Sensitivities.moment(split.uSamples(), eta, zeta);
        double sS = privateS ? Sensitivities.gram(split.uSamples(), spec.clipFeature()) : 0;
        // Injection.ignoreComposition: calibrate every release to the whole ρ, not its share.
        boolean whole = injection.ignoreComposition();
        // Injection.noiseMultiplier: scale every σ (× 1 is exact, so NONE is bit-identical).
        double m = injection.noiseMultiplier();
        NoiseParameters noise = new NoiseParameters(
                sInit, Zcdp.sigmaForRho(sInit, whole ? training : rhoInit) * m, rhoInit,
                kronecker ? null : sA, kronecker ? null : Zcdp.sigmaForRho(sA, whole ? training : rhoA) * m,
                kronecker ? null : rhoA,
                sB, Zcdp.sigmaForRho(sB, whole ? training : rhoB) * m, rhoB,
                privateS ? sS : null, privateS ? Zcdp.sigmaForRho(sS, whole ? training : rhoFeature) * m : null,
                privateS ? rhoFeature : null);
        // Injection.skipClipping: users clip to +∞; the sensitivities above still assume η, ζ and τ.
        boolean skip = injection.skipClipping();
        double userEta = skip ? Double.POSITIVE_INFINITY : eta;
        double userZeta = skip ? Double.POSITIVE_INFINITY : zeta;
        Double userTau = privateS ? (skip ? Double.POSITIVE_INFINITY : spec.clipFeature()) : null;
        double userC = kronecker && !skip ? spec.clipMoment() : Double.POSITIVE_INFINITY;
        return new AltMinSettings(true, split, userEta, userZeta, userTau, userC, !kronecker, spec.ridge(),
                spec.modelNormBound(), batches ? 1 : epochs, rounds,
                batches ? batches(task.users(), rounds, key.permutation()) : null, Double.NaN, rho, noise, scoreRho,
                selection == null ? null : spec.clipLabel() * spec.clipLabel());
    }

    /** Settings for non-private-altmin: no clipping, no noise, at most {@code cap} epochs. */
    public static AltMinSettings nonPrivate(LowRankRegressionTask task, ExperimentSpec spec, int cap, RunKey key) {
        SplitPlan split = SplitPlan.of(spec.split(), task.samplesPerUser());
        boolean batches = spec.participation() == Participation.DISJOINT_BATCHES;
        int rounds = batches ? spec.rounds() : cap;
        return new AltMinSettings(false, split, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, null,
                Double.POSITIVE_INFINITY, true,
                spec.ridge(), spec.modelNormBound(), batches ? 1 : cap, rounds,
                batches ? batches(task.users(), rounds, key.permutation()) : null,
                batches ? Double.NaN : spec.tolerance(), null, null, null, null);
    }

    /** Who is asked in round t (1-based). */
    public Participants participants(int round) {
        return batchOf == null ? Participants.all() : new Participants(batchOf, round - 1);
    }

    /**
     * Alg. 1 lines 2–4: a uniformly random permutation π (Fisher–Yates on the run's stream), and
     * batch t ∈ [0, T) holds the users at positions [⌈tn/T⌉, ⌈(t+1)n/T⌉).
     */
    static int[] batches(int n, int rounds, SplittableRandom rng) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int tmp = perm[i];
            perm[i] = perm[j];
            perm[j] = tmp;
        }
        int[] batchOf = new int[n];
        for (int t = 0; t < rounds; t++) {
            int from = (int) (((long) t * n + rounds - 1) / rounds);
            int to = (int) (((long) (t + 1) * n + rounds - 1) / rounds);
            for (int pos = from; pos < to; pos++) {
                batchOf[perm[pos]] = t;
            }
        }
        return batchOf;
    }
}
