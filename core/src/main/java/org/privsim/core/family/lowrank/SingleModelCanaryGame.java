package org.privsim.core.family.lowrank;

import java.util.Objects;
import java.util.SplittableRandom;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.LowRankWhiteBox;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.UserDataset;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.sim.SequentialCollector;
import org.privsim.core.scenario.Aggregation;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.sim.RunKey;
import org.privsim.core.sim.SingleModelDriver;

/**
 * The white-box canary game of single-model-dp (sufficient-statistics perturbation): the adversary
 * knows every other user's data, sees the two noisy releases A + N_sym(0, σ_A²) and b + N(0, σ_b²)
 * with their ledger records, and scores their exact Gaussian log-likelihood ratio from the records
 * ({@link LowRankWhiteBox}). Every other user holds its ordinary data of the population
 * {@link LowRankData}(task, seed), the same in every trial.
 *
 * <p><b>Canary pair.</b> Two distinct coordinate axes e_a, e_b are drawn from the seed alone (stream
 * {@code "audit-single-model-axes"}). In world 1 the target's m samples are all x = 2η·e_a with label
 * {@value AltMinCanaryGame#LABEL_SCALE}·ζ, in world 0 all x = 2η·e_b with the opposite label — beyond
 * both clip bounds, so a correct mechanism clips every sample to the bounds. The target's A terms are
 * m·η²·e_ae_aᵀ and m·η²·e_be_bᵀ, a difference of Frobenius (and upper-triangle) norm √2·m·η², the
 * full A sensitivity; its b terms are ±m·ζ·η along e_a and e_b, a difference of √2·m·ζ·η, 1/√2 of the b
 * sensitivity (A's and b's worst cases need parallel and orthogonal features at once, so no pair
 * attains both). With ρ split evenly the worlds separate by μ² = 2·(ρ/2)·1 + 2·(ρ/2)·½ = 1.5ρ of the
 * claimed 2ρ: μ = √(1.5ρ).
 *
 * <p>Guarantee: {@link #score} is a pure function of (trial, world): trial r's noise comes from the
 * streams of {@code RunKey(derive(seed, "audit-single-model-trial", r), 0, 0, 1)}, independent across
 * trials; the run goes through the ordinary {@link SingleModelDriver} and user code, summed in
 * aggregation order by a {@link SequentialCollector}. Immutable after construction, so trials may run
 * concurrently.
 */
public final class SingleModelCanaryGame implements DistinguishingGame {
    /** Canary feature norm, in units of the clip bound η. */
    static final double FEATURE_SCALE = 2;

    private final LowRankRegressionTask task;
    private final ExperimentSpec spec;
    private final double epsilon;
    private final long seed;
    private final Injection injection;
    private final SequentialCollector[] worlds;

    /**
     * @param task        the population's task
     * @param aggregation the aggregation plan the sums follow
     * @param spec        a resolved single-model-dp experiment
     * @param epsilon     the claimed ε the mechanism is calibrated to
     * @param seed        root seed of the population, the canary axes and the trials
     * @param target      the canary user's id, 0 ≤ target &lt; users
     * @param injection   the fault injected into the mechanism ({@link Injection#NONE}: none)
     */
    public SingleModelCanaryGame(LowRankRegressionTask task, Aggregation aggregation, ExperimentSpec spec,
                                 double epsilon, long seed, int target, Injection injection) {
        this.task = Objects.requireNonNull(task, "task");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.injection = Objects.requireNonNull(injection, "injection");
        Objects.requireNonNull(aggregation, "aggregation");
        if (spec.algorithm() != Algorithm.SINGLE_MODEL_DP) {
            throw new IllegalArgumentException("the game audits single-model-dp, got " + spec.algorithm().id());
        }
        if (target < 0 || target >= task.users()) {
            throw new IllegalArgumentException("target " + target + " is not in [0, " + task.users() + ")");
        }
        if (task.dimension() < 2) {
            throw new IllegalArgumentException("the canary pair needs two axes, but the dimension is 1");
        }
        this.epsilon = epsilon;
        this.seed = seed;
        SplittableRandom axes = RandomStreams.stream(seed, "audit-single-model-axes");
        int d = task.dimension();
        int a = axes.nextInt(d);
        int b = (a + 1 + axes.nextInt(d - 1)) % d;
        LowRankData population = new LowRankData(task, seed);
        UserDataset[] world0 = new UserDataset[task.users()];
        UserDataset[] world1 = new UserDataset[task.users()];
        for (int j = 0; j < world0.length; j++) {
            world0[j] = j == target ? canary(target, b, -1) : population.user(j);
            world1[j] = j == target ? canary(target, a, 1) : world0[j];
        }
        this.worlds = new SequentialCollector[] {
            new SequentialCollector(world0, d, aggregation), new SequentialCollector(world1, d, aggregation)};
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        RunKey key = new RunKey(RandomStreams.derive(seed, "audit-single-model-trial", trial), 0, 0, 1);
        return LowRankWhiteBox.score(worlds, world,
                tap -> new SingleModelDriver(task, spec, epsilon, key, injection, tap));
    }

    /** m samples x = 2η·e_axis with label sign·1000ζ; ground truth zero (only the ignored metric reads it). */
    private UserDataset canary(int target, int axis, int sign) {
        int d = task.dimension();
        int m = task.samplesPerUser();
        double[] x = new double[m * d];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            x[i * d + axis] = FEATURE_SCALE * spec.clipModel();
            y[i] = sign * AltMinCanaryGame.LABEL_SCALE * spec.clipLabel();
        }
        return new UserDataset(target, d, x, y, new double[task.rank()], new double[d]);
    }
}
