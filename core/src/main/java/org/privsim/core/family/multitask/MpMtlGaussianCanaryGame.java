package org.privsim.core.family.multitask;

import java.util.Objects;
import java.util.SplittableRandom;
import org.privsim.core.scenario.MultitaskSettings;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.GaussianWhiteBox;
import org.privsim.core.audit.ReleaseTranscript;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.mechanism.Injection;
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
 * <p><b>Score</b>, from the records (the threat models {@code jdp} and {@code white-box} play the same
 * game): the curator's Gaussian releases reach a {@link ReleaseTranscript} as its ledger records them
 * (σ_t the noise actually added) with the released Σ̃⁽ᵗ⁾ + E⁽ᵗ⁾ before the public diagonal shift. For
 * release t the adversary forms both worlds' pre-noise Σ̃_w⁽ᵗ⁾ = covariance of the colluders' models
 * and the target's w̃_w (replayed by a {@link TaskLearner} on world w's data and the M's seen so far,
 * so the adaptive composition is scored release by release, conditioned on what was observed) and
 * adds the release's exact Gaussian log-likelihood ratio at its record's σ_t ({@link GaussianWhiteBox}),
 * over the upper triangle including the diagonal. By Neyman–Pearson no test of the two worlds is more
 * powerful. For one correct release it is N(±ρ_t, 2ρ_t) (+ in world 1): the audit's scores have the
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
        if (!MultitaskAlgorithms.iterative(spec.algorithm()) || !spec.algorithm().isPrivate()
                || !spec.settings(MultitaskSettings.class).gaussianNoise()) {
            throw new IllegalArgumentException("the Gaussian MP-MTL canary game audits mp-mtl-* with covarianceNoise"
                    + " gaussian, got " + spec.algorithm().id());
        }
        if (spec.epsilons().size() != 1 || spec.settings(MultitaskSettings.class).lambdas().size() != 1) {
            throw new IllegalArgumentException("the game runs one ε and one λ, got " + spec.epsilons() + " and "
                    + spec.settings(MultitaskSettings.class).lambdas());
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
        ReleaseTranscript releases = new ReleaseTranscript();
        MpMtlTranscript seen = MpMtlTranscript.play(cell, worlds[world], trialSeed, releases);
        if (releases.size() != seen.models().size()) {
            throw new IllegalStateException(releases.size() + " Gaussian releases for " + seen.models().size()
                    + " covariance rounds");
        }
        TaskSettings settings = cell.taskSettings(trialSeed, 0);
        TaskLearner[] learners = {new TaskLearner(worlds[0][target], settings),
            new TaskLearner(worlds[1][target], settings)};
        double llr = 0;
        TaskRequest request = new TaskRequest.Begin();
        for (int t = 0; t < releases.size(); t++) {
            double[][] packed = new double[2][];
            for (int w = 0; w < 2; w++) {
                double[][] models = seen.models().get(t).clone();
                models[target] = learners[w].answer(request);
                packed[w] = PackedSymmetric.pack(MultitaskCurator.covariance(models, d), d);
            }
            llr += releases.llr(t, packed[0], packed[1]);
            request = new TaskRequest.Project(t + 1, seen.projections().get(t));
        }
        return llr;
    }

    private double[] axis(int coordinate) {
        double[] e = new double[d];
        e[coordinate] = 1;
        return e;
    }
}
