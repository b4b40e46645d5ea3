package org.privsim.core.sim;

import java.util.List;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.linalg.FlooredSolve;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseTap;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.SampleSplit;

/**
 * The single-model-dp baseline: one shared θ ∈ R^d for every user, learned by sufficient-statistics
 * perturbation. Users send Σ_i c_i² x_i x_iᵀ and Σ_i clip(y_i; ζ) c_i x_i over all m samples with
 * c_i = min(1, η/‖x_i‖); the curator releases A + N_sym(0, σ_A²) and b + N(0, σ_b²), each with half
 * of the total ρ (sensitivities √2·m·η² and 2·m·ζ·η, see {@link Sensitivities}), and solves
 * (A + λI) θ = b with the same eigenvalue floor as the U-step. Every user's θ is that θ.
 *
 * <p>An audit may inject a fault ({@link Injection}); the ledger is charged the correct shares whatever
 * the fault: {@code noiseMultiplier} scales both σ, {@code ignoreComposition} calibrates each of the
 * two releases to the whole ρ instead of its half, {@code skipClipping} lets users send unclipped
 * statistics while σ still assumes η and ζ. With {@link Injection#NONE} the run is the correct
 * mechanism, bit for bit.
 */
public final class SingleModelDriver implements Driver {
    private final LowRankRegressionTask task;
    private final ExperimentSpec spec;
    private final RunKey key;
    private final SplitPlan split;
    private final NoiseParameters noise;
    private final double rho;
    private final Ledger ledger;
    private final ReleaseTap tap;
    private final boolean skipClipping;
    private RoundRecord record;

    /** A run at target ε. */
    public SingleModelDriver(LowRankRegressionTask task, ExperimentSpec spec, double epsilon, RunKey key) {
        this(task, spec, epsilon, key, Injection.NONE, null);
    }

    /**
     * A run at target ε with an injected fault, handing both releases to {@code tap} (white-box audits):
     * A ({@code "A"}) as its packed upper triangle, then b ({@code "b"}), with the records the ledger charged.
     *
     * @param injection the fault ({@link Injection#NONE}: none)
     * @param tap       sees the releases, or null for none
     */
    public SingleModelDriver(LowRankRegressionTask task, ExperimentSpec spec, double epsilon, RunKey key,
                             Injection injection, ReleaseTap tap) {
        this.tap = tap;
        this.skipClipping = injection.skipClipping();
        this.task = task;
        this.spec = spec;
        this.key = key;
        this.split = SplitPlan.of(SampleSplit.REUSE, task.samplesPerUser());
        this.rho = spec.calibration().totalRho(epsilon, spec.delta());
        double sA = Sensitivities.gram(split.uSamples(), spec.clipModel());
        double sB = Sensitivities.moment(split.uSamples(), spec.clipModel(), spec.clipLabel());
        // Injection.ignoreComposition: each release calibrated to the whole ρ; noiseMultiplier: σ × m (× 1 is exact).
        double calibrated = injection.ignoreComposition() ? rho : rho / 2;
        double m = injection.noiseMultiplier();
        this.noise = new NoiseParameters(null, null, null,
                sA, Zcdp.sigmaForRho(sA, calibrated) * m, rho / 2,
                sB, Zcdp.sigmaForRho(sB, calibrated) * m, rho / 2, null, null, null);
        this.ledger = Ledger.zcdp(task.users(), rho);
    }

    @Override
    public Step start() {
        return new Step.Collect(new UserTask.Round(key.seed(), 1, Participants.all(), null, 1, split,
                skipClipping ? Double.POSITIVE_INFINITY : spec.clipModel(),
                skipClipping ? Double.POSITIVE_INFINITY : spec.clipLabel(), spec.ridge(), Double.POSITIVE_INFINITY, true,
                Double.POSITIVE_INFINITY));
    }

    @Override
    public Step onRound(RoundSum sum) {
        int d = task.dimension();
        int[] who = sum.contributorIds();
        Release releaseA = ledger.charge(Release.gaussian(1, "A", Release.Relation.REPLACE_ONE, noise.sensitivityA(),
                noise.sigmaA(), noise.rhoA(), who.length), who);
        Release releaseB = ledger.charge(Release.gaussian(1, "b", Release.Relation.REPLACE_ONE, noise.sensitivityB(),
                noise.sigmaB(), noise.rhoB(), who.length), who);
        double[] a = sum.matrixA();
        GaussianMechanism.addSymmetricNoise(a, d, releaseA, key.noise(1));
        double[] b = GaussianMechanism.addNoise(sum.vectorB(), releaseB, key.noise(2));
        if (tap != null) {
            tap.released(releaseA, PackedSymmetric.pack(a, d));
            tap.released(releaseB, b.clone());
        }
        for (int p = 0; p < d; p++) {
            a[p * d + p] += spec.ridge();
        }
        FlooredSolve.Solution sol = FlooredSolve.solve(a, b, d, 2.0 * Math.sqrt(d) * noise.sigmaA());
        record = new RoundRecord(1, task.users(), who.length, sol.flooredEigenvalues(), null, null);
        return new Step.Collect(new UserTask.Evaluate(key.seed(), UserTask.Model.SHARED, sol.u(), 0, 0, task.samplesPerUser(),
                spec.ridge(), Double.POSITIVE_INFINITY));
    }

    @Override
    public Step onEvaluate(ErrorSum sum) {
        double excess = sum.sum() / sum.contributorCount();
        double sigmaF = task.labelNoise();
        return new Step.Finished(new RunOutcome(excess + sigmaF * sigmaF, excess, null, 1, 1, rho,
                ledger.maxSpent(), noise, List.of(record), null, sum.testError(), ledger.log()));
    }
}
