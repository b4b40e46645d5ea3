package org.privsim.core.family.federated;

import java.util.List;
import java.util.function.BiConsumer;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.mechanism.RoundMechanism;
import org.privsim.core.mechanism.SampledGaussianRun;
import org.privsim.core.privacy.Release;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.AdaptiveClip;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.RunOutcome;

/**
 * The curator of one run of a {@link FederatedFamily}: T rounds of noisy averaged updates (the round
 * mechanism {@link CorrelatedNoise} picks; adaptive clipping's clip updated after each), then the users'
 * personal errors.
 *
 * <p>Guarantee: its steps and outcome are a pure function of (cell, the repeat's seed, the answers in
 * ask order); every noise standard deviation is × {@code injected} while the ledger charges the
 * calibrated σ. Not thread-safe: one run, one thread.
 */
final class FederatedCurator implements RunCurator<FederatedFamily.Request, double[], RunOutcome> {
    private final FederatedFamily family;
    private final FederatedFamily.Cell cell;
    private final FedAvgSettings settings;
    private final UserPopulation population;
    private final long repeatSeed;
    private final int users;
    private final RoundMechanism mechanism;
    /** The mechanism as the sampled Gaussian, for adaptive clipping's per-round records (null otherwise). */
    private final SampledGaussianRun sampled;
    private final BiConsumer<Release, double[]> released;
    private final AdaptiveClip adaptive;
    private final double sumMultiplier;
    private final double injected;
    private double[] model;
    /** The model the noisy prefix sums are added to, when the mechanism releases them (tree). */
    private double[] anchor;
    private int round;
    private double clip;
    private Release record;

    FederatedCurator(FederatedFamily family, FederatedFamily.Cell cell, UserPopulation population, double injected,
                     BiConsumer<Release, double[]> released) {
        this.family = family;
        this.cell = cell;
        this.settings = cell.settings();
        this.population = population;
        this.repeatSeed = population.seed();
        this.users = cell.shape().users();
        this.mechanism = CorrelatedNoise.mechanism(cell, injected, repeatSeed, family.stream());
        this.sampled = settings.adaptiveClip() == null ? null : (SampledGaussianRun) mechanism;
        this.released = released;
        this.adaptive = settings.adaptiveClip();
        this.sumMultiplier = adaptive == null ? Double.NaN : adaptive.sumMultiplier(cell.noiseMultiplier());
        if (adaptive != null && !(sumMultiplier > 0)) {
            throw new IllegalArgumentException("adaptive clipping needs noiseMultiplier < 2·countNoise, got "
                    + cell.noiseMultiplier() + " and " + adaptive.countNoise());
        }
        this.injected = injected;
        this.clip = settings.clipUpdate();
        this.model = family.initialModel(cell, repeatSeed);
    }

    @Override
    public Step<FederatedFamily.Request, RunOutcome> start() {
        return next();
    }

    @Override
    public Step<FederatedFamily.Request, RunOutcome> onAnswers(List<double[]> answers) {
        if (round > settings.rounds()) {
            return finish(answers);
        }
        double[] sum = new double[model.length];
        for (double[] update : answers) {
            for (int p = 0; p < sum.length; p++) {
                sum[p] += update[p];
            }
        }
        double[] noisy = adaptive == null ? mechanism.privatize(round, sum) : sampled.privatize(round, sum, record);
        if (released != null) {
            released.accept(adaptive == null ? mechanism.record(round) : record, mechanism.observed(noisy));
        }
        double cohort = mechanism.expectedCohort();
        for (int p = 0; p < noisy.length; p++) {
            noisy[p] /= cohort;
        }
        model = mechanism.cumulative() ? family.publish(cell, anchor.clone(), noisy) : family.publish(cell, model, noisy);
        if (adaptive != null) {
            adaptClip(answers, cohort);
        }
        return next();
    }

    /**
     * C_{t+1} = C_t·exp(−η_C·(b̄ − γ)), b̄ = (Σ (b − 1/2) + N(0, σ_b²))/(q·n) + 1/2, the centred bits
     * last in the answers.
     */
    private void adaptClip(List<double[]> answers, double cohort) {
        double count = 0;
        for (double[] answer : answers) {
            count += answer[model.length];
        }
        double noisyCount = count + adaptive.countNoise() * injected * RandomStreams.stream(repeatSeed,
                family.stream() + "-count-noise", cell.experiment(), cell.epsilonIndex(), round).nextGaussian();
        clip *= Math.exp(-adaptive.clipLearningRate() * (noisyCount / cohort + 0.5 - adaptive.targetQuantile()));
    }

    /** The next round's request, or after T rounds the personalization request to every user. */
    private Step<FederatedFamily.Request, RunOutcome> next() {
        round++;
        if (round > settings.rounds()) {
            return Step.askAll(users, new FederatedFamily.Personalize(model.clone()));
        }
        if (adaptive != null) {
            record = sampled.record(round, clip, sumMultiplier);
            return new Step.Ask<>(sampled.cohort(round, record), new FederatedFamily.Update(round, model.clone(), clip));
        }
        if (mechanism.restarts(round)) {
            anchor = model.clone();
        }
        return new Step.Ask<>(mechanism.cohort(round), new FederatedFamily.Update(round, model.clone()));
    }

    private Step<FederatedFamily.Request, RunOutcome> finish(List<double[]> errors) {
        ErrorSum sum = new ErrorSum();
        for (int j = 0; j < errors.size(); j++) {
            sum.add(j, errors.get(j));
        }
        double excess = sum.sum() / sum.contributorCount();
        double noiseFloor = cell.shape().labelNoise() * cell.shape().labelNoise();
        return new Step.Done<>(new RunOutcome(excess + noiseFloor, excess,
                family.subspaceDistance(cell, model, population), settings.rounds(), 0, null, null, null, List.of(), null,
                sum.testError(), mechanism.ledger().log()));
    }
}
