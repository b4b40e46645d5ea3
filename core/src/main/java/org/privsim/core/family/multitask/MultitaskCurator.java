package org.privsim.core.family.multitask;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.privsim.core.scenario.MultitaskSettings;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.L2LaplaceMechanism;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.ReleaseTap;
import org.privsim.core.privacy.WishartMechanism;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.scenario.Algorithm;

/**
 * The curator of one multi-task run (one λ, one repeat): Liang et al. Alg. 2 / Alg. 3 steps 3–8
 * and the baselines' release. It sees only the tasks' clipped models, never data (Remark 2).
 * <ul>
 *   <li>iterative (mp-mtl-*, mtl-*): for t = 1..T, Σ̃ = Σ_i w̃_i w̃_iᵀ (task-id order);
 *       private: Σ = Σ̃ + E with E ~ W_d(d + 1, K²/(2ε_t) I) (covarianceNoise wishart) or E
 *       symmetric with i.i.d. N(0, σ_t²) upper triangle, σ_t = {@link #gaussianSigma}(K, ρ_t),
 *       plus {@link #gaussianShift} on the diagonal (covarianceNoise gaussian); spectral: M = U S Uᵀ with
 *       S_jj = max(0, 1 − ηλ/√Λ_jj) from Σ = U Λ Uᵀ; row-wise: M = diag(max(0, 1 − ηλ/√|Σ_jj|));
 *       M goes to every task; then every task scores its ŵ⁽ᵀ⁾;</li>
 *   <li>dp-aggr: the mean of the clipped ridge models plus ℓ2-Laplace noise for sensitivity 2K/m
 *       (replacing one task's data moves the mean by at most 2K/m), the same model for every task;</li>
 *   <li>stl-ridge: nothing is released; every task scores its own ridge model.</li>
 * </ul>
 *
 * <p>Privacy: each Wishart release is claimed (ε_t, 0)-DP in any one task's data and is charged to
 * a pure-ε {@link Ledger} before it is computed; the ledger composes with the KOV bound (Liang et al.
 * eq. 6) and refuses a release past ε. Each Gaussian release is ρ_t-zCDP and is charged to a zCDP
 * {@link Ledger} of budget ρ, which refuses a release past ρ. Guarantee: the same answers in the same order give a
 * bit-identical outcome. Used once; not thread-safe.
 */
public final class MultitaskCurator {
    private final MultitaskRunPlan cell;
    private final double lambda;
    /** The factor of {@link #gaussianShift} (Gaussian releases), else null. */
    private final Double shiftFactor;
    private final int repeat;
    /** The run's index among a private selection's draws, or −1. */
    private final int draw;
    private final long seed;
    private final boolean exportModels;
    private final double[] epsilons;
    private final double[] rhos;
    private final Ledger ledger;
    private final int d;
    private int released;
    private double[][] inputModels;
    private final ReleaseTap tap;

    /**
     * @param cell        the cell
     * @param candidate which {@link MultitaskRunPlan#candidates candidate}
     * @param repeat      which repeat
     * @param seed        the scenario's root seed
     */
    public MultitaskCurator(MultitaskRunPlan cell, int candidate, int repeat, long seed) {
        this(cell, candidate, repeat, seed, null);
    }

    /** The curator of one of the cell's {@link MultitaskRunPlan#picks runs}. */
    public MultitaskCurator(MultitaskRunPlan cell, MultitaskRunPlan.Pick pick, long seed) {
        this(cell, pick.candidate(), pick.repeat(), pick.draw(), seed, null);
    }

    /**
     * A curator that also hands every Gaussian covariance release to {@code tap} (white-box audits): Σ̃⁽ᵗ⁾ + E⁽ᵗ⁾
     * as its packed upper triangle, before the public diagonal shift, with the record the ledger charged.
     * The run is the same without it.
     *
     * @param tap sees the Gaussian releases, or null for none
     */
    public MultitaskCurator(MultitaskRunPlan cell, int candidate, int repeat, long seed, ReleaseTap tap) {
        this(cell, candidate, repeat, -1, seed, tap);
    }

    private MultitaskCurator(MultitaskRunPlan cell, int candidate, int repeat, int draw, long seed, ReleaseTap tap) {
        this.draw = draw;
        this.tap = tap;
        this.cell = cell;
        Candidate tuned = cell.candidates().get(candidate);
        this.lambda = tuned.lambda();
        this.shiftFactor = tuned.covarianceShift();
        this.repeat = repeat;
        this.seed = seed;
        this.exportModels = Boolean.TRUE.equals(cell.spec().settings(MultitaskSettings.class).exportModels());
        this.epsilons = cell.releaseEpsilons();
        this.rhos = cell.releaseRhos();
        boolean gaussian = cell.gaussianNoise() && cell.epsilon() != null;
        this.ledger = cell.epsilon() == null ? null
                : gaussian ? Ledger.zcdp(cell.task().tasks(), cell.totalRho())
                : Ledger.pure(cell.task().tasks(), cell.epsilon(), cell.delta());
        this.d = cell.task().dimension();
    }

    /** The first request. */
    public TaskRequest start() {
        return cell.algorithm() == Algorithm.STL_RIDGE ? new TaskRequest.Evaluate(null) : new TaskRequest.Begin();
    }

    /** The next request after every task answered with its clipped model ({@code models[i]} from task i). */
    public TaskRequest onModels(double[][] models) {
        if (released == 0 && exportModels) {
            inputModels = models.clone();
        }
        if (cell.algorithm() == Algorithm.DP_AGGR) {
            return aggregate(models);
        }
        if (released == cell.iterations()) {
            return new TaskRequest.Evaluate(null);
        }
        released++;
        double[] sigma = covariance(models, d);
        int tasks = cell.task().tasks();
        if (ledger != null && ledger.currency() == Release.Currency.ZCDP_RHO) {
            double clip = cell.spec().clipModel();
            double calibrated = cell.inject().ignoreComposition() ? cell.totalRho() : rhos[released - 1];
            Release release = ledger.chargeAll(Release.gaussian(released, "WWᵀ", Release.Relation.REPLACE_ONE,
                    Math.sqrt(2) * clip * clip, gaussianSigma(clip, calibrated) * cell.inject().noiseMultiplier(),
                    rhos[released - 1], tasks));
            GaussianMechanism.addSymmetricNoise(sigma, d, release, cell.noise(seed, repeat, draw, released));
            if (tap != null) {
                tap.released(release, PackedSymmetric.pack(sigma, d));
            }
            double shift = shiftFactor * gaussianShift(cell.spec().clipModel(), rhos[released - 1], d);
            for (int p = 0; p < d; p++) {
                sigma[p * d + p] += shift;
            }
        } else if (ledger != null) {
            double clip = cell.spec().clipModel();
            double calibrated = cell.inject().ignoreComposition() ? cell.epsilon() : epsilons[released - 1];
            double scale = WishartMechanism.scale(clip, calibrated) * cell.inject().noiseMultiplier();
            Release release = ledger.chargeAll(Release.pure(released, "WWᵀ", Release.Mechanism.WISHART, clip, scale,
                    epsilons[released - 1], tasks));
            WishartMechanism.addNoise(sigma, d, release, cell.noise(seed, repeat, released));
        }
        double shrink = cell.spec().settings(MultitaskSettings.class).stepSize() * lambda;
        return new TaskRequest.Project(released, MultitaskAlgorithms.spectral(cell.algorithm())
                ? spectralProjection(sigma, shrink) : rowProjection(sigma, shrink));
    }

    /** The run's outcome once every task scored ({@code scores[i]} from task i). */
    public MultitaskOutcome onScores(TaskScore[] scores) {
        double valid = 0;
        double test = 0;
        double[][] output = exportModels ? new double[scores.length][] : null;
        for (int i = 0; i < scores.length; i++) {
            valid += scores[i].validationNmse();
            test += scores[i].testNmse();
            if (output != null) {
                output[i] = scores[i].model();
            }
        }
        Double score = cell.selection() == null ? null : score(scores);
        Double spent = ledger == null ? null
                : cell.selection() != null ? Double.valueOf(cell.selection().epsilon(ledger.maxSpent(), cell.delta()))
                : ledger.currency() == Release.Currency.ZCDP_RHO
                ? Double.valueOf(cell.spec().calibration().epsilon(ledger.maxSpent(), cell.delta()))
                : Double.valueOf(ledger.maxSpent());
        return new MultitaskOutcome(valid / scores.length, test / scores.length, spent, inputModels, output,
                ledger == null ? ReleaseLog.NONE : ledger.log(), score);
    }

    /**
     * A private selection candidate's score: the tasks' validation nMSE, each clipped to [0, 1] (1: no better
     * than the validation targets' mean), summed with Gaussian noise of the score's ρ (replace-one sensitivity
     * 1), charged to the ledger, over the number of tasks.
     */
    private double score(TaskScore[] scores) {
        double sum = 0;
        for (TaskScore s : scores) {
            sum += Math.min(s.validationNmse(), 1);
        }
        Release release = ledger.chargeAll(Release.gaussian(released + 1, "score", Release.Relation.REPLACE_ONE, 1,
                Zcdp.sigmaForRho(1, cell.scoreRho()), cell.scoreRho(), scores.length));
        return GaussianMechanism.addNoise(new double[] {sum}, release, cell.noise(seed, repeat, draw, 0))[0]
                / scores.length;
    }

    /**
     * σ_t = K²/√ρ_t of the Gaussian covariance release: replacing one task's clipped model w
     * (‖w‖ ≤ K) by w′ changes Σ̃ by wwᵀ − w′w′ᵀ, whose Frobenius norm² is ‖w‖⁴ + ‖w′‖⁴ − 2(w·w′)² ≤
     * 2K⁴ (attained by orthogonal w, w′ of norm K), so the L2 sensitivity is √2·K² and
     * ρ_t = (√2K²)²/(2σ_t²) (see {@link GaussianMechanism}).
     */
    public static double gaussianSigma(double clipModel, double rho) {
        return Zcdp.sigmaForRho(Math.sqrt(2) * clipModel * clipModel, rho);
    }

    /**
     * τ_t = 2√d·σ_t, the unit of the shift the Gaussian release adds to its diagonal (the
     * candidate's {@code covarianceShift} times τ_t; σ_t the claimed {@link #gaussianSigma}(K, ρ_t)):
     * the edge of E's semicircle spectrum [−2σ_t√d, 2σ_t√d], so with factor c the noise part
     * E + cτ_t I has its spectrum in about [(c − 1)τ_t, (c + 1)τ_t], positive for c &gt; 1 and
     * growing with the noise like the Wishart release's, whose mean (d + 1)·s·I plays the same role. Without a shift half of E's eigenvalues are negative, M drops those
     * directions, and at small ε the tasks lose half of their own models instead of falling back to
     * STL (Prop. 1); at large ε a smaller shift lets M drop noise directions. It depends on the
     * claim only, not on data: free post-processing.
     */
    public static double gaussianShift(double clipModel, double rho, int dimension) {
        return 2 * Math.sqrt(dimension) * gaussianSigma(clipModel, rho);
    }

    private TaskRequest aggregate(double[][] models) {
        int m = models.length;
        double[] mean = new double[d];
        for (double[] w : models) {
            for (int p = 0; p < d; p++) {
                mean[p] += w[p];
            }
        }
        for (int p = 0; p < d; p++) {
            mean[p] /= m;
        }
        released++;
        // replacing one task's model (norm ≤ K) moves the mean by at most 2K/m
        double sensitivity = 2 * cell.spec().clipModel() / m;
        Release release = ledger.chargeAll(Release.pure(released, "mean", Release.Mechanism.L2_LAPLACE, sensitivity,
                sensitivity * cell.inject().noiseMultiplier() / cell.epsilon(), cell.epsilon(), m));
        return new TaskRequest.Evaluate(L2LaplaceMechanism.addNoise(mean, release,
                cell.noise(seed, repeat, released)));
    }

    /**
     * Σ̃ = Σ_i w̃_i w̃_iᵀ, row-major d×d, tasks in id order (upper triangle summed, then mirrored): the
     * pre-noise value of a covariance release, bit for bit.
     */
    public static double[] covariance(double[][] models, int d) {
        double[] s = new double[d * d];
        for (double[] w : models) {
            for (int p = 0; p < d; p++) {
                double wp = w[p];
                for (int q = p; q < d; q++) {
                    s[p * d + q] += wp * w[q];
                }
            }
        }
        for (int p = 0; p < d; p++) {
            for (int q = 0; q < p; q++) {
                s[p * d + q] = s[q * d + p];
            }
        }
        return s;
    }

    /** M = Σ_j max(0, 1 − c/√Λ_j) u_j u_jᵀ over the eigenpairs of Σ (EJML's order), row-major. */
    private double[] spectralProjection(double[] sigma, double shrink) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(DMatrixRMaj.wrap(d, d, sigma.clone()))) {
            throw new IllegalStateException("eigendecomposition of the task covariance failed");
        }
        double[] m = new double[d * d];
        for (int j = 0; j < eig.getNumberOfEigenvalues(); j++) {
            double lambdaJ = eig.getEigenvalue(j).real;
            double s = lambdaJ > 0 ? Math.max(0, 1 - shrink / Math.sqrt(lambdaJ)) : 0;
            if (s == 0) {
                continue;
            }
            DMatrixRMaj u = eig.getEigenVector(j);
            for (int p = 0; p < d; p++) {
                double up = s * u.get(p, 0);
                for (int q = 0; q < d; q++) {
                    m[p * d + q] += up * u.get(q, 0);
                }
            }
        }
        return m;
    }

    /** The diagonal of M: max(0, 1 − c/√|Σ_jj|). */
    private double[] rowProjection(double[] sigma, double shrink) {
        double[] m = new double[d];
        for (int p = 0; p < d; p++) {
            double norm = Math.sqrt(Math.abs(sigma[p * d + p]));
            m[p] = norm > 0 ? Math.max(0, 1 - shrink / norm) : 0;
        }
        return m;
    }
}
