package org.privsim.core.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.privsim.core.data.LowRankData;
import org.privsim.core.linalg.FeatureCovarianceRepair;
import org.privsim.core.linalg.FlooredSolve;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.linalg.Subspaces;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.ReleaseTap;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Metalearning;

/**
 * The curator of (private) alternating minimization, Jain et al. 2021 Alg. 1 with the Alg. 2
 * U-step and the Alg. 3 initialisation:
 * <ol>
 *   <li>init: M = (2/(nm))(Σ_j M_j + N_sym(0, σ_I²)), U ← top-k eigenvectors of M;</li>
 *   <li>round t, full U-step (Alg. 2): A = Σ_j A_j + N_sym(0, σ_A²), b = Σ_j b_j + N(0, σ_b²),
 *       u = argmin uᵀAu − 2uᵀb (eigenvalues floored at 2√(dk)·σ_A),
 *       U ← Q of QR(Z), Z the d×k column-major reshape of u — published on the billboard;</li>
 *   <li>round t, Kronecker U-step: only b is released; with A ≈ K ⊗ S the minimiser is
 *       U = S⁻¹ Z K⁻¹ (Z the reshape of b), and since K⁻¹ multiplies from the right it does not
 *       change the column space, so U ← Q of QR(Ŝ⁻¹ Z) with Ŝ = I ({@code identity}) or the
 *       repaired private release of S made once at init ({@link FeatureCovarianceRepair});</li>
 *   <li>final: users fit v_j on their final split against U and report ‖U v_j − θ_j*‖².</li>
 * </ol>
 *
 * <p>Privacy: every release charges the ledger for exactly the users whose data entered it, before
 * the release is computed; a release that would exceed a user's budget is refused by the ledger
 * (an exception), never silently published. The non-private variant adds no noise, clips
 * nothing, charges nothing, and with participation {@code epochs} stops once
 * ‖UUᵀ − U'U'ᵀ‖_F falls below the tolerance.
 */
public final class AltMinDriver implements Driver {
    private final Metalearning metalearning;
    private final LowRankRegressionTask task;
    private final AltMinSettings settings;
    private final RunKey key;
    private final DMatrixRMaj uStar;
    private final Ledger ledger;
    private final ReleaseTap tap;
    private final List<RoundRecord> log = new ArrayList<>();
    private DMatrixRMaj u;
    private FeatureCovarianceRepair feature;
    private int round;

    /**
     * @param task     the task (shape and σ_F)
     * @param settings the run's constants
     * @param key      identifies the run's noise streams
     * @param uStar    ground truth, used only for the subspace-distance metric (null on a real data set)
     */
    public AltMinDriver(LowRankRegressionTask task, AltMinSettings settings, RunKey key, DMatrixRMaj uStar) {
        this(task, settings, key, uStar, null);
    }

    /**
     * A driver whose run also scores held-out users on the final U ({@link HeldOutUsers}).
     *
     * @param metalearning the held-out users, or null for none
     */
    public AltMinDriver(LowRankRegressionTask task, AltMinSettings settings, RunKey key, DMatrixRMaj uStar,
                        Metalearning metalearning) {
        this(task, settings, key, uStar, metalearning, null);
    }

    /**
     * A driver that also hands every noisy release to {@code tap} (white-box audits): the initialisation
     * matrix ({@code "init"}) and S ({@code "S"}) as packed upper triangles, each round's A ({@code "A"},
     * packed) and b ({@code "b"}), with the records the ledger charged. The run is the same without it.
     *
     * @param tap sees the releases, or null for none
     */
    public AltMinDriver(LowRankRegressionTask task, AltMinSettings settings, RunKey key, DMatrixRMaj uStar,
                        Metalearning metalearning, ReleaseTap tap) {
        this.tap = tap;
        this.metalearning = metalearning;
        this.task = task;
        this.settings = settings;
        this.key = key;
        this.uStar = uStar;
        this.ledger = settings.isPrivate() ? Ledger.zcdp(task.users(), settings.rhoTotal()) : null;
    }

    @Override
    public Step start() {
        return new Step.Collect(new UserTask.Init(key.seed(), settings.split(), settings.clipLabel(),
                settings.clipFeature()));
    }

    @Override
    public Step onInit(InitSum sum) {
        int d = task.dimension();
        int[] who = sum.contributorIds();
        double[] m = PackedSymmetric.toFull(sum.matrix(0), d);
        if (settings.isPrivate()) {
            NoiseParameters noise = settings.noise();
            Release init = ledger.charge(release(0, "init", noise.sensitivityInit(), noise.sigmaInit(),
                    noise.rhoInit(), who), who);
            GaussianMechanism.addSymmetricNoise(m, d, init, key.noise(0));
            tapSymmetric(init, m, d);
        }
        if (settings.clipFeature() != null) {
            double[] s = PackedSymmetric.toFull(sum.matrix(1), d);
            NoiseParameters noise = settings.noise();
            double sigma = noise.sigmaFeature();
            Release releaseS = ledger.charge(release(0, "S", noise.sensitivityFeature(), sigma, noise.rhoFeature(),
                    who), who);
            GaussianMechanism.addSymmetricNoise(s, d, releaseS, key.featureNoise());
            tapSymmetric(releaseS, s, d);
            feature = FeatureCovarianceRepair.of(s, d, sigma);
        }
        DMatrixRMaj mm = DMatrixRMaj.wrap(d, d, m);
        CommonOps_DDRM.scale(2.0 / ((double) task.users() * task.samplesPerUser()), mm);
        u = Subspaces.topEigenvectors(mm, task.rank());
        log.add(new RoundRecord(0, task.users(), who.length, feature == null ? 0 : feature.flooredEigenvalues(), null,
                feature == null ? null : feature.shrinkage()));
        return nextRound();
    }

    @Override
    public Step onRound(RoundSum sum) {
        return settings.fullStep() ? fullStep(sum) : kroneckerStep(sum);
    }

    private Step fullStep(RoundSum sum) {
        int d = task.dimension();
        int k = task.rank();
        int n = d * k;
        int[] who = sum.contributorIds();
        double[] a = sum.matrixA();
        double[] b = sum.vectorB();
        double floor = 0;
        if (settings.isPrivate()) {
            NoiseParameters noise = settings.noise();
            Release releaseA = ledger.charge(release(round, "A", noise.sensitivityA(), noise.sigmaA(), noise.rhoA(),
                    who), who);
            Release releaseB = ledger.charge(release(round, "b", noise.sensitivityB(), noise.sigmaB(), noise.rhoB(),
                    who), who);
            GaussianMechanism.addSymmetricNoise(a, n, releaseA, key.noise(2 * round - 1));
            b = GaussianMechanism.addNoise(b, releaseB, key.noise(2 * round));
            tapSymmetric(releaseA, a, n);
            tapVector(releaseB, b);
            floor = 2.0 * Math.sqrt(n) * noise.sigmaA();
        }
        FlooredSolve.Solution sol = FlooredSolve.solve(a, b, n, floor);
        DMatrixRMaj z = new DMatrixRMaj(d, k);
        for (int col = 0; col < k; col++) {
            for (int p = 0; p < d; p++) {
                z.set(p, col, sol.u()[col * d + p]);
            }
        }
        return publish(z, who, sol.flooredEigenvalues());
    }

    private Step kroneckerStep(RoundSum sum) {
        int d = task.dimension();
        int k = task.rank();
        int[] who = sum.contributorIds();
        NoiseParameters noise = settings.noise();
        Release releaseB = ledger.charge(release(round, "b", noise.sensitivityB(), noise.sigmaB(), noise.rhoB(), who),
                who);
        double[] b = GaussianMechanism.addNoise(sum.vectorB(), releaseB, key.noise(2 * round));
        tapVector(releaseB, b);
        DMatrixRMaj z = new DMatrixRMaj(d, k);
        for (int col = 0; col < k; col++) {
            for (int p = 0; p < d; p++) {
                z.set(p, col, b[col * d + p]);
            }
        }
        return publish(feature == null ? z : feature.solve(z), who, 0);
    }

    /** Publishes Q of QR(z) on the billboard and decides the next step. */
    private Step publish(DMatrixRMaj z, int[] who, int floored) {
        DMatrixRMaj next = Subspaces.orthonormalize(z);
        double change = Subspaces.projectorDistance(u, next);
        u = next;
        log.add(new RoundRecord(round, asked(round), who.length, floored, change, null));
        if (!settings.isPrivate() && change < settings.tolerance()) {
            return evaluate();
        }
        return nextRound();
    }

    @Override
    public Step onEvaluate(ErrorSum sum) {
        Double score = settings.scoreRho() == null ? null : score(sum);
        double excess = sum.sum() / sum.contributorCount();
        double sigmaF = task.labelNoise();
        int executed = round > settings.rounds() ? settings.rounds() : round;
        int epochs = settings.batchOf() == null ? executed : settings.epochs();
        return new Step.Finished(new RunOutcome(
                excess + sigmaF * sigmaF,
                excess,
                uStar == null ? null : Subspaces.distance(uStar, u),
                executed,
                epochs,
                settings.rhoTotal(),
                ledger == null ? null : ledger.maxSpent(),
                settings.noise(),
                log,
                metalearning == null ? null : Arrays.stream(HeldOutUsers.excessRisk(new LowRankData(task, key.seed()),
                        metalearning, u.data, task.rank(), settings.ridge(), settings.modelNormBound())).boxed()
                        .toList(),
                sum.testError(),
                ledger == null ? ReleaseLog.NONE : ledger.log(),
                score));
    }

    /**
     * A private selection candidate's score: the users' clipped validation losses (the answers' last
     * component, each in [0, c]) summed with Gaussian noise of the score's ρ (replace-one sensitivity c),
     * charged to the ledger, over the number of users.
     */
    private double score(ErrorSum sum) {
        int[] who = sum.contributorIds();
        double[] sums = sum.sums();
        double clip = settings.scoreClip();
        Release release = ledger.charge(release(round, "score", clip, Zcdp.sigmaForRho(clip, settings.scoreRho()),
                settings.scoreRho(), who), who);
        double noisy = GaussianMechanism.addNoise(new double[] {sums[sums.length - 1]}, release, key.scoreNoise())[0];
        return noisy / task.users();
    }

    private void tapSymmetric(Release record, double[] full, int size) {
        if (tap != null) {
            tap.released(record, PackedSymmetric.pack(full, size));
        }
    }

    private void tapVector(Release record, double[] values) {
        if (tap != null) {
            tap.released(record, values.clone());
        }
    }

    /** A Gaussian release of the contributors' statistic (replace-one sensitivity). */
    private static Release release(int round, String name, double sensitivity, double sigma, double rho, int[] who) {
        return Release.gaussian(round, name, Release.Relation.REPLACE_ONE, sensitivity, sigma, rho, who.length);
    }

    private Step nextRound() {
        round++;
        if (round > settings.rounds()) {
            return evaluate();
        }
        return new Step.Collect(new UserTask.Round(key.seed(), round, settings.participants(round), u.data.clone(),
                task.rank(), settings.split(), settings.clipModel(), settings.clipLabel(), settings.ridge(),
                settings.modelNormBound(), settings.fullStep(), settings.clipMoment()));
    }

    private Step evaluate() {
        return new Step.Collect(new UserTask.Evaluate(key.seed(), UserTask.Model.PERSONAL, u.data.clone(), task.rank(),
                settings.split().finalFrom(), settings.split().finalTo(), settings.ridge(),
                settings.modelNormBound(), settings.scoreClip()));
    }

    private int asked(int t) {
        if (settings.batchOf() == null) {
            return task.users();
        }
        int count = 0;
        for (int b : settings.batchOf()) {
            if (b == t - 1) {
                count++;
            }
        }
        return count;
    }
}
