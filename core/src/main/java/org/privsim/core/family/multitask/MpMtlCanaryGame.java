package org.privsim.core.family.multitask;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.privsim.core.scenario.MultitaskSettings;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.MultitaskRegressionTask;

/**
 * The canary game of MP-MTL (Liang et al. Alg. 2 / 3) under joint DP: every task but the target
 * colludes, so the adversary knows the colluders' data and clipped models w̃_i⁽ᵗ⁾ and sees the M⁽ᵗ⁾
 * the curator sends (the same M to every task); it guesses whether the target task holds the
 * canary (world 1) or its null twin (world 0). Every other task holds its ordinary data of the
 * population {@link MultitaskPopulation}(task, seed, repeat 0), the same in every trial.
 *
 * <p><b>Canary.</b> A public unit direction c is derived from the seed alone (stream
 * {@code "audit-mtl-canary-direction"}): a normalised Gaussian draw for the spectral estimator, a
 * coordinate axis e_j (j uniform) for the row-wise one, whose M only reveals Σ's diagonal. The
 * target's n training rows are all x = c; in world 1 their labels are a = 2K(n + μ)/n, so its STL
 * (ridge) model is 2K·c and its clipped w̃⁽⁰⁾ = K·c; in world 0 the labels are 0, so w⁽⁰⁾ = 0 and,
 * since M·0 = 0 and ∇L(0) = 0, the target contributes 0 to every release. The pair maximises the
 * difference of the released Σ̃ = Σ_i w̃_i w̃_iᵀ: it is K²ccᵀ, the largest a task can add (its trace
 * K² is what the Wishart scale K²/(2ε) is calibrated to). The mirror pair ±c would be useless — the
 * release only depends on w̃ w̃ᵀ, so ±c give the same Σ̃ — and c versus an orthogonal c′ of the same
 * norm leaves tr Σ̃ unchanged, so its Wishart densities have ratio 1 wherever both are positive.
 * With c versus 0 the density ratio is exactly e^{ε_t} on the common support: the claim is tight.
 *
 * <p><b>Score</b> (only M's, the colluders' models, the public c and the two candidate data sets).
 * Release t: Σ⁽ᵗ⁾ = Σ̃⁽ᵗ⁾ + E⁽ᵗ⁾ with E⁽ᵗ⁾ ⪰ 0 (Wishart). The adversary inverts the shrinkage of M
 * where it is positive — spectral: eigenpairs (S_j, u_j) of M give Λ_j = (ηλ/(1 − S_j))²;
 * row-wise: Σ_pp = (ηλ/(1 − M_pp))² — and puts the largest value consistent with S = 0, (ηλ)²,
 * where it is not, so the estimate Σ̂ ⪰ Σ. It subtracts the colluders' Σ̃_C and the world-1
 * target's w̃⁽ᵗ⁻¹⁾w̃⁽ᵗ⁻¹⁾ᵀ (the target's model under world 1 is a function of the canary and the
 * M's seen so far, replayed with a {@link TaskLearner}) and scores the smallest eigenvalue (row-wise:
 * the smallest diagonal entry) of the residual; the game's score is the minimum over t. In world 1
 * the residual is Σ̂ − Σ + E ⪰ 0, so the score is ≥ 0 up to rounding; in world 0 it is
 * E − K²ccᵀ (plus a PSD slack), which is not PSD with positive probability — 1 − e^{−ε_t} for one
 * spectral release with an invertible M, since 1/(cᵀE⁻¹c) ~ (K²/(2ε_t))·χ²₂. This is the likelihood
 * ratio test of the pair: on the common support the Wishart densities (ν = d + 1) have the
 * constant ratio e^{ε_t}, so the only evidence is which support Σ lies in. Higher ⇒ world 1.
 *
 * <p>Consequence (measured by the audit, DESIGN.md "Audits reuse the game"): the Wishart release is
 * not (ε_t, 0)-DP. Its support Σ̃ + PSD cone moves with the data, so the event "Σ − Σ̃₁ is not PSD"
 * has probability 0 in world 1 and 1 − e^{−ε_t} in world 0, for any claimed ε.
 *
 * <p>Guarantee: {@link #score} is a pure function of (trial, world): trial r runs the ordinary
 * {@link MultitaskCurator} and {@link TaskLearner} code (the loop of the sequential multi-task
 * runner, tasks in id order) with the root seed {@code derive(seed, "audit-mtl-canary-trial", r)},
 * so its Wishart noise and any uniform initial models come from streams of that seed, independent
 * across trials; the population data come from {@code seed}. Immutable after construction, so
 * trials may run concurrently.
 */
public final class MpMtlCanaryGame implements DistinguishingGame {
    /** The canary's STL model norm, in units of the clip bound K (≥ 1: it is clipped to exactly K). */
    public static final double MODEL_SCALE = 2;

    private final MultitaskRunPlan cell;
    private final long seed;
    private final int target;
    private final int d;
    private final double[] direction;
    private final TaskData[][] worlds;
    private final double shrink;

    /**
     * @param task      the population's task; its first structure is audited
     * @param spec      a resolved mp-mtl-low-rank or mp-mtl-group-sparse experiment with one ε and one λ
     * @param seed      root seed of the population, the canary direction and the trials
     * @param target    the canary task's id, 0 ≤ target &lt; tasks
     * @param injection the fault injected into the mechanism ({@link Injection#NONE}: none)
     */
    public MpMtlCanaryGame(MultitaskRegressionTask task, ExperimentSpec spec, long seed, int target,
                           Injection injection) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(injection, "injection");
        if (!MultitaskAlgorithms.iterative(spec.algorithm()) || !spec.algorithm().isPrivate()) {
            throw new IllegalArgumentException("the MP-MTL canary game audits mp-mtl-*, got " + spec.algorithm().id());
        }
        if (spec.epsilons().size() != 1 || spec.settings(MultitaskSettings.class).lambdas().size() != 1) {
            throw new IllegalArgumentException("the game runs one ε and one λ, got " + spec.epsilons() + " and "
                    + spec.settings(MultitaskSettings.class).lambdas());
        }
        if (target < 0 || target >= task.tasks()) {
            throw new IllegalArgumentException("target " + target + " is not in [0, " + task.tasks() + ")");
        }
        MultitaskRegressionTask single = task.withStructure(task.structures().get(0));
        this.cell = new MultitaskRunPlan(0, spec, spec.epsilons().get(0), 0, single, injection);
        this.seed = seed;
        this.target = target;
        this.d = task.dimension();
        this.shrink = spec.settings(MultitaskSettings.class).stepSize() * spec.settings(MultitaskSettings.class).lambdas().get(0);
        this.direction = direction(MultitaskAlgorithms.spectral(spec.algorithm()),
                RandomStreams.stream(seed, "audit-mtl-canary-direction"));
        MultitaskPopulation population = new MultitaskPopulation(single, seed, 0);
        TaskData ordinary = population.task(target);
        double label = MpMtlTranscript.canaryLabel(MODEL_SCALE, spec.clipModel(), ordinary.samples(), spec.ridge());
        this.worlds = new TaskData[2][task.tasks()];
        for (int i = 0; i < task.tasks(); i++) {
            worlds[0][i] = i == target ? MpMtlTranscript.canary(ordinary, direction, 0) : population.task(i);
            worlds[1][i] = i == target ? MpMtlTranscript.canary(ordinary, direction, label) : worlds[0][i];
        }
    }

    /** A copy of the public canary direction c (unit). */
    public double[] direction() {
        return direction.clone();
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        long trialSeed = RandomStreams.derive(seed, "audit-mtl-canary-trial", trial);
        MpMtlTranscript seen = MpMtlTranscript.play(cell, worlds[world], trialSeed, null);
        return statistic(seen.models(), seen.projections(),
                new TaskLearner(worlds[1][target], cell.taskSettings(trialSeed, 0)));
    }

    /**
     * min over releases t of λ_min(Σ̂⁽ᵗ⁾ − Σ̃_C⁽ᵗ⁾ − w̃₁w̃₁ᵀ) (row-wise: of the diagonal), where w̃₁ is
     * the world-1 target's model replayed by {@code canary} (see the class comment).
     */
    private double statistic(List<double[][]> inputs, List<double[]> projections, TaskLearner canary) {
        double score = Double.POSITIVE_INFINITY;
        TaskRequest request = new TaskRequest.Begin();
        for (int t = 0; t < projections.size(); t++) {
            double[] canaryModel = canary.answer(request);
            double[] projection = projections.get(t);
            double[] residual = projection.length == d ? rowCovariance(projection) : spectralCovariance(projection);
            double[][] models = inputs.get(t);
            for (int i = 0; i < models.length; i++) {
                subtractOuter(residual, i == target ? canaryModel : models[i]);
            }
            score = Math.min(score,
                    projection.length == d ? smallestDiagonal(residual) : smallestEigenvalue(residual));
            request = new TaskRequest.Project(t + 1, projection);
        }
        return score;
    }

    /** Σ̂ from a spectral M: Λ_j = (ηλ/(1 − S_j))² where S_j &gt; 0, else (ηλ)². */
    private double[] spectralCovariance(double[] m) {
        EigenDecomposition_F64<DMatrixRMaj> eig = decompose(m);
        double[] sigma = new double[d * d];
        for (int j = 0; j < d; j++) {
            double lambda = unshrink(eig.getEigenvalue(j).real);
            DMatrixRMaj u = eig.getEigenVector(j);
            for (int p = 0; p < d; p++) {
                for (int q = 0; q < d; q++) {
                    sigma[p * d + q] += lambda * u.get(p, 0) * u.get(q, 0);
                }
            }
        }
        return sigma;
    }

    /** Σ̂'s diagonal from a row-wise M, as a diagonal matrix (the off-diagonal entries stay 0, unused). */
    private double[] rowCovariance(double[] diagonal) {
        double[] sigma = new double[d * d];
        for (int p = 0; p < d; p++) {
            sigma[p * d + p] = unshrink(diagonal[p]);
        }
        return sigma;
    }

    /** The eigenvalue of Σ that S = max(0, 1 − ηλ/√Λ) came from; (ηλ)², the largest possible, at S ≤ 0. */
    private double unshrink(double s) {
        double root = s > 0 ? shrink / (1 - s) : shrink;
        return root * root;
    }

    private void subtractOuter(double[] matrix, double[] w) {
        for (int p = 0; p < d; p++) {
            for (int q = 0; q < d; q++) {
                matrix[p * d + q] -= w[p] * w[q];
            }
        }
    }

    private double smallestDiagonal(double[] matrix) {
        double min = Double.POSITIVE_INFINITY;
        for (int p = 0; p < d; p++) {
            min = Math.min(min, matrix[p * d + p]);
        }
        return min;
    }

    private double smallestEigenvalue(double[] matrix) {
        EigenDecomposition_F64<DMatrixRMaj> eig = decompose(matrix);
        double min = Double.POSITIVE_INFINITY;
        for (int j = 0; j < d; j++) {
            min = Math.min(min, eig.getEigenvalue(j).real);
        }
        return min;
    }

    private EigenDecomposition_F64<DMatrixRMaj> decompose(double[] symmetric) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(DMatrixRMaj.wrap(d, d, symmetric.clone()))) {
            throw new IllegalStateException("eigendecomposition failed in the MP-MTL audit");
        }
        return eig;
    }

    /** A seed-derived unit vector: Gaussian (spectral) or a uniformly chosen coordinate axis (row-wise). */
    private double[] direction(boolean spectral, SplittableRandom rng) {
        double[] c = new double[d];
        if (!spectral) {
            c[rng.nextInt(d)] = 1;
            return c;
        }
        double norm = 0;
        for (int p = 0; p < d; p++) {
            c[p] = rng.nextGaussian();
            norm += c[p] * c[p];
        }
        norm = Math.sqrt(norm);
        for (int p = 0; p < d; p++) {
            c[p] /= norm;
        }
        return c;
    }
}
