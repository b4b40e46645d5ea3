package org.privsim.core.audit;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.privsim.core.multitask.MultitaskCurator;
import org.privsim.core.multitask.MultitaskPopulation;
import org.privsim.core.multitask.MultitaskRunPlan;
import org.privsim.core.multitask.TaskData;
import org.privsim.core.multitask.TaskLearner;
import org.privsim.core.multitask.TaskRequest;
import org.privsim.core.multitask.TaskSettings;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.MultitaskRegressionTask;

/**
 * The canary game of MP-MTL with the Gaussian covariance release ({@code covarianceNoise:
 * gaussian}) under joint DP: every task but the target colludes, so the adversary knows the
 * colluders' data and clipped models w̃_i⁽ᵗ⁾; it sees every released Σ⁽ᵗ⁾ = Σ̃⁽ᵗ⁾ + E⁽ᵗ⁾ (the
 * mechanism's output — the M sent to the tasks is its post-processing) and guesses which of two
 * data sets the target holds. Every other task holds its ordinary data of the population
 * {@link MultitaskPopulation}(task, seed, repeat 0), the same in every trial.
 *
 * <p><b>Canary pair.</b> Two distinct coordinate axes e_a, e_b are drawn from the seed alone
 * (stream {@code "audit-mtl-gaussian-axes"}). In world w the target's n training rows are all
 * x = e_a (w = 1) or e_b (w = 0), every label 2K(n + μ)/n, so its ridge model is 2K·x and its
 * clipped w̃⁽⁰⁾ is K·e_a or K·e_b: orthogonal models of norm K, the pair at which the sensitivity
 * ‖K²e_ae_aᵀ − K²e_be_bᵀ‖_F = √2·K² of {@link MultitaskCurator#gaussianSigma} is attained, so a
 * single release is exactly as distinguishable as its claim: μ = √(2ρ_t)-GDP.
 *
 * <p><b>Score</b>: the log-likelihood ratio of world 1 against world 0 for the claimed mechanism.
 * The game runs the experiment's first candidate (its λ and first {@code covarianceShift}).
 * With R⁽ᵗ⁾ = Σ⁽ᵗ⁾ − Σ_{i≠target} w̃_iw̃_iᵀ − τ_t I (τ_t the public diagonal shift) and D_w⁽ᵗ⁾ = w̃_w w̃_wᵀ the target's contribution in world
 * w (w̃_w replayed by a {@link TaskLearner} on world w's data and the M's seen so far, so the
 * adaptive composition is scored release by release), the upper triangle of R⁽ᵗ⁾ is
 * N(D_w⁽ᵗ⁾, σ_t² I) in world w, and the LLR is Σ_t [⟨R, D₁ − D₀⟩ − ½(‖D₁‖² − ‖D₀‖²)] / σ_t² with
 * inner products and norms over the upper triangle including the diagonal and σ_t the claimed
 * {@link MultitaskCurator#gaussianSigma}(K, ρ_t). By Neyman–Pearson no test of the two worlds is
 * more powerful. For one release it is N(±ρ_t, 2ρ_t) (+ in world 1): the audit's scores have the
 * closed form the claim implies. Higher ⇒ world 1.
 *
 * <p>Guarantee: {@link #score} is a pure function of (trial, world): trial r runs the ordinary
 * curator and tasks ({@link MpMtlTranscript#play}) with the root seed
 * {@code derive(seed, "audit-mtl-canary-trial", r)}; the population data come from {@code seed}.
 * Immutable after construction, so trials may run concurrently.
 */
public final class MpMtlGaussianCanaryGame implements DistinguishingGame {

    private final MultitaskRunPlan cell;
    private final long seed;
    private final int target;
    private final int d;
    private final TaskData[][] worlds;
    /** σ_t² of the claimed release t + 1. */
    private final double[] claimedVariances;
    /** The shift of release t + 1's diagonal: public, a function of the claim. */
    private final double[] shifts;

    /**
     * @param task      the population's task; its first structure is audited
     * @param spec      a resolved mp-mtl-* experiment with covarianceNoise gaussian, one ε and one λ
     * @param seed      root seed of the population, the canary axes and the trials
     * @param target    the canary task's id, 0 ≤ target &lt; tasks
     * @param injection the fault injected into the mechanism ({@link Injection#NONE}: none)
     */
    public MpMtlGaussianCanaryGame(MultitaskRegressionTask task, ExperimentSpec spec, long seed, int target,
                                   Injection injection) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(injection, "injection");
        if (!spec.algorithm().isIterativeMultitask() || !spec.algorithm().isPrivate()
                || !spec.multitask().gaussianNoise()) {
            throw new IllegalArgumentException("the Gaussian MP-MTL canary game audits mp-mtl-* with covarianceNoise"
                    + " gaussian, got " + spec.algorithm().id());
        }
        if (spec.epsilons().size() != 1 || spec.multitask().lambdas().size() != 1) {
            throw new IllegalArgumentException("the game runs one ε and one λ, got " + spec.epsilons() + " and "
                    + spec.multitask().lambdas());
        }
        if (target < 0 || target >= task.tasks()) {
            throw new IllegalArgumentException("target " + target + " is not in [0, " + task.tasks() + ")");
        }
        if (task.dimension() < 2) {
            throw new IllegalArgumentException("the canary pair needs two axes, but the dimension is 1");
        }
        MultitaskRegressionTask single = task.withStructure(task.structures().get(0));
        this.cell = new MultitaskRunPlan(0, spec, spec.epsilons().get(0), 0, single, injection);
        this.seed = seed;
        this.target = target;
        this.d = task.dimension();
        double[] rhos = cell.releaseRhos();
        this.claimedVariances = new double[rhos.length];
        this.shifts = new double[rhos.length];
        for (int t = 0; t < rhos.length; t++) {
            double sigma = MultitaskCurator.gaussianSigma(spec.clipModel(), rhos[t]);
            claimedVariances[t] = sigma * sigma;
            shifts[t] = cell.candidates().get(0).covarianceShift()
                    * MultitaskCurator.gaussianShift(spec.clipModel(), rhos[t], d);
        }
        SplittableRandom axes = RandomStreams.stream(seed, "audit-mtl-gaussian-axes");
        int a = axes.nextInt(d);
        int b = (a + 1 + axes.nextInt(d - 1)) % d;
        MultitaskPopulation population = new MultitaskPopulation(single, seed, 0);
        TaskData ordinary = population.task(target);
        double label = MpMtlTranscript.canaryLabel(MpMtlCanaryGame.MODEL_SCALE, spec.clipModel(),
                ordinary.samples(), spec.ridge());
        this.worlds = new TaskData[2][task.tasks()];
        for (int i = 0; i < task.tasks(); i++) {
            worlds[0][i] = i == target ? MpMtlTranscript.canary(ordinary, axis(b), label) : population.task(i);
            worlds[1][i] = i == target ? MpMtlTranscript.canary(ordinary, axis(a), label) : worlds[0][i];
        }
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        long trialSeed = RandomStreams.derive(seed, "audit-mtl-canary-trial", trial);
        MpMtlTranscript seen = MpMtlTranscript.play(cell, worlds[world], trialSeed);
        TaskSettings settings = cell.taskSettings(trialSeed, 0);
        TaskLearner one = new TaskLearner(worlds[1][target], settings);
        TaskLearner zero = new TaskLearner(worlds[0][target], settings);
        List<double[]> releases = seen.releases();
        double llr = 0;
        TaskRequest request = new TaskRequest.Begin();
        for (int t = 0; t < releases.size(); t++) {
            double[] w1 = one.answer(request);
            double[] w0 = zero.answer(request);
            double[] residual = releases.get(t);
            double[][] models = seen.models().get(t);
            for (int i = 0; i < models.length; i++) {
                if (i != target) {
                    subtractOuter(residual, models[i]);
                }
            }
            for (int p = 0; p < d; p++) {
                residual[p * d + p] -= shifts[t];
            }
            double term = 0;
            for (int p = 0; p < d; p++) {
                for (int q = p; q < d; q++) {
                    double d1 = w1[p] * w1[q];
                    double d0 = w0[p] * w0[q];
                    term += residual[p * d + q] * (d1 - d0) - (d1 * d1 - d0 * d0) / 2;
                }
            }
            llr += term / claimedVariances[t];
            request = new TaskRequest.Project(t + 1, seen.projections().get(t));
        }
        return llr;
    }

    private void subtractOuter(double[] matrix, double[] w) {
        for (int p = 0; p < d; p++) {
            for (int q = 0; q < d; q++) {
                matrix[p * d + q] -= w[p] * w[q];
            }
        }
    }

    private double[] axis(int coordinate) {
        double[] e = new double[d];
        e[coordinate] = 1;
        return e;
    }
}
