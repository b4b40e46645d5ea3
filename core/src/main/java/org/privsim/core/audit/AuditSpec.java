package org.privsim.core.audit;

import org.privsim.core.mechanism.Injection;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.Task;

/**
 * One audit of a scenario, with every default resolved: a mechanism claiming (ε, δ) under a threat
 * model, and the distinguishing game that tests the claim.
 *
 * <p>Guarantee: produced only by the scenario parser after validation — the target and collusion
 * set exist in the task's population, the trials split into two halves with both worlds in each,
 * and {@code method} is {@code gaussian-dp} or {@code gaussian-dp-auc} only for Gaussian mechanisms,
 * {@code sampled-gaussian-auc} only for the Poisson-subsampled ones (dp-sgd, dp-fedavg, dp-fedrep)
 * (the default where none was named: see {@code AuditReader.defaultMethod}), and {@code one-run} only where
 * the module plays a one-run game, with 2 ≤ canaries ≤ the population and the released statistic's
 * dimension.
 *
 * @param algorithm    the audited mechanism (an indexed-mean mechanism, priv-altmin, mp-mtl-*, dp-sgd,
 *                     dp-fedavg or dp-fedrep)
 * @param threatModel  which guarantee is claimed, and the default collusion
 * @param collusion    the adversary's collusion set
 * @param target       the user whose data differs between the two worlds
 * @param epsilon      the claimed ε; for mp-mtl-* the composition bound CB of its planned pure-ε
 *                     releases at δ (≤ the audit's {@code epsilon}, the run's target)
 * @param delta        the claimed δ (0 only for mp-mtl-*: a pure-DP claim when CB is Σε_t)
 * @param calibration  how the mechanism turns (ε, δ) into its zCDP budget; null for mp-mtl-*
 * @param trials       runs of the game: trial r is played in world r % 2; for the threshold
 *                     methods the first half chooses the threshold, the second half is counted;
 *                     gaussian-dp-auc counts all; 1 for one-run (its one run)
 * @param confidence   confidence of the bounds (Clopper–Pearson on both rates, or the ROC area)
 * @param method       how rates become an ε lower bound
 * @param inject       fault injected into the mechanism ({@link Injection#NONE} for none)
 * @param expect       the verdict the scenario expects, or null
 * @param task         the data the game runs on (the audit's own task, or the scenario's)
 * @param canaryScale  indexed mean: the target's samples are all +c (world 0) vs all −c (world 1);
 *                     null for priv-altmin
 * @param experiment   priv-altmin, mp-mtl-*, dp-sgd, dp-fedavg, dp-fedrep: the resolved run settings
 *                     (ε, δ, calibration fixed to the audit's; mp-mtl-*: one λ); null for indexed mean
 * @param adversary    indexed mean: the canary LLR or the tracing attack; null for the others
 * @param canaries     one-run: the canaries m of the run; null for the other methods
 * @param guesses      one-run: the guesses r, or null for the best of {@link OneRunEvidence#guessGrid}
 *                     (and for the other methods)
 */
public record AuditSpec(
        Algorithm algorithm,
        ThreatModel threatModel,
        Collusion collusion,
        int target,
        double epsilon,
        double delta,
        Calibration calibration,
        int trials,
        double confidence,
        AuditMethod method,
        Injection inject,
        Verdict expect,
        Task task,
        Double canaryScale,
        ExperimentSpec experiment,
        AuditAdversary adversary,
        Integer canaries,
        Integer guesses) {

    /** Whether the trials are scored by the tracing attack (a membership test, not the canary game). */
    public boolean tracing() {
        return adversary == AuditAdversary.TRACING;
    }

    /** Whether the audit is played in one run with canaries ({@code method: one-run}). */
    public boolean oneRun() {
        return method == AuditMethod.ONE_RUN;
    }
}
