package org.privsim.core.run;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.data.Populations;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.privacy.Clipping;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.PoissonSample;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.DatasetTask;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.Task;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.RunKey;
import org.privsim.core.sim.RunOutcome;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;

/**
 * DP-FedAvg with local fine-tuning (McMahan et al. 2018; the "FedAvg + local adaptation" baseline of
 * the personalization literature) as a {@link Family}, on the low-rank and data-set tasks. A cell is
 * one experiment at one ε; its runs are its repeats, on the same populations (and data splits) as
 * the low-rank algorithms' repeats. The participants are the n users.
 *
 * <p>Round t = 1 … T: the Poisson sample S_t (each user with probability q, stream (repeat seed,
 * "fedavg-sample", experiment, ε index, t)) gets the global model θ; each sampled user takes E
 * full-batch gradient steps of size η on its squared loss (1/m) Σ (⟨x, w⟩ − y)² / 2 and answers its
 * update w − θ clipped to L2 norm C; the curator sums the updates in id order, adds N(0, σ²C²)
 * per coordinate (stream "fedavg-noise") and moves θ by the noisy sum over the expected cohort q·n.
 * Then every user fine-tunes: θ_j = θ + the ridge fit (strength {@code ridge}) of its residuals
 * y − ⟨x, θ⟩, and answers its error (‖θ_j − θ_j*‖², or its held-out test errors on a data set).
 *
 * <p>Privacy (user level, add/remove-one-user neighbours): the update sum has sensitivity C, so each
 * round is the Poisson-subsampled Gaussian mechanism with noise multiplier σ; T rounds are accounted
 * by {@link SampledGaussianRdp} and charged to an {@link RdpLedger}, which refuses a round past the
 * (ε, δ) budget. The fine-tuned models are never released. Rows report the tight conversion's ε as
 * {@code accountedEpsilon} ({@value #CONVERSION}) and the classic one beside it.
 */
public final class FedAvgFamily
        implements Family<FedAvgFamily.Cell, UserPopulation, FedAvgFamily.Request, double[], RunOutcome,
        ExperimentResult> {
    /** The one instance. */
    public static final FedAvgFamily INSTANCE = new FedAvgFamily();
    /** Name of the accounting reported in {@code accountedEpsilon}. */
    public static final String CONVERSION = "sampled-gaussian-rdp-cks2020";

    /**
     * One dp-fedavg experiment at one ε.
     *
     * @param experiment      index of the experiment in the scenario
     * @param spec            the experiment
     * @param epsilon         target ε
     * @param epsilonIndex    index of ε in the experiment's list
     * @param task            the scenario's task (synthetic low-rank, or a data set)
     * @param shape           its low-rank shape (n, m, d)
     * @param noiseMultiplier σ, given or calibrated to (ε, δ)
     */
    public record Cell(int experiment, ExperimentSpec spec, double epsilon, int epsilonIndex, Task task,
                       LowRankRegressionTask shape, double noiseMultiplier) {

        /** The settings. */
        public FedAvgSettings settings() {
            return spec.settings(FedAvgSettings.class);
        }

        /** The sampled-Gaussian account of the cell's T rounds at δ. */
        public SampledGaussianRdp.Epsilon account() {
            FedAvgSettings s = settings();
            return SampledGaussianRdp.epsilon(s.samplingRate(), noiseMultiplier, s.rounds(), spec.delta(),
                    SampledGaussianRdp.defaultOrders());
        }
    }

    /** What the curator asks a user. */
    public sealed interface Request permits Update, Personalize {}

    /**
     * Train locally from the global model and answer the clipped update.
     *
     * @param round t, 1-based
     * @param model θ (d values)
     */
    public record Update(int round, double[] model) implements Request {}

    /**
     * Fine-tune towards the final global model and answer the error of the result.
     *
     * @param model θ_T (d values)
     */
    public record Personalize(double[] model) implements Request {}

    private FedAvgFamily() {}

    @Override
    public String id() {
        return "dp-fedavg";
    }

    @Override
    public boolean runs(Algorithm algorithm) {
        return algorithm == Algorithm.DP_FEDAVG;
    }

    @Override
    public List<Cell> cells(Scenario scenario) {
        List<Cell> cells = new ArrayList<>();
        for (int e = 0; e < scenario.experiments().size(); e++) {
            ExperimentSpec spec = scenario.experiments().get(e);
            if (!runs(spec.algorithm())) {
                continue;
            }
            FedAvgSettings s = spec.settings(FedAvgSettings.class);
            for (int i = 0; i < spec.epsilons().size(); i++) {
                double epsilon = spec.epsilons().get(i);
                double sigma = s.noiseMultiplier() != null ? s.noiseMultiplier()
                        : SampledGaussianRdp.sigmaFor(s.samplingRate(), s.rounds(), spec.delta(), epsilon,
                                SampledGaussianRdp.Conversion.TIGHT);
                cells.add(new Cell(e, spec, epsilon, i, scenario.task(), scenario.lowRankTask(spec), sigma));
            }
        }
        return cells;
    }

    @Override
    public int runs(Cell cell) {
        return cell.spec().repeats();
    }

    @Override
    public String label(Cell cell) {
        return "dp-fedavg ε=" + cell.epsilon();
    }

    @Override
    public UserPopulation context(Cell cell, int run, long seed) {
        return Populations.create(cell.task(), RunKey.repeatSeed(seed, run));
    }

    @Override
    public RunCurator<Request, double[], RunOutcome> curator(Cell cell, int run, long seed, UserPopulation population) {
        return new Curator(cell, population.seed());
    }

    @Override
    public Participant<Request, double[]> participant(Cell cell, int run, long seed, UserPopulation population,
                                                      int id) {
        UserDataset data = population.user(id);
        FedAvgSettings s = cell.settings();
        double ridge = cell.spec().ridge();
        return request -> request instanceof Update update ? update(data, update.model(), s)
                : personalize(data, ((Personalize) request).model(), ridge);
    }

    @Override
    public ExperimentResult row(Cell cell, List<RunOutcome> outcomes) {
        SampledGaussianRdp.Epsilon account = cell.account();
        return ResultAssembler.row(cell.shape(), cell.task() instanceof DatasetTask, cell.experiment(), cell.spec(),
                cell.epsilon(), outcomes).withAccounting(account.tightEpsilon(), account.classicEpsilon(), CONVERSION);
    }

    /** E full-batch gradient steps from θ on the user's training rows; the update w − θ clipped to C. */
    static double[] update(UserDataset data, double[] theta, FedAvgSettings s) {
        int d = data.dimension();
        int m = data.samples();
        double[] x = data.x();
        double[] w = theta.clone();
        double[] gradient = new double[d];
        for (int e = 0; e < s.localEpochs(); e++) {
            java.util.Arrays.fill(gradient, 0);
            for (int i = 0; i < m; i++) {
                double residual = -data.y()[i];
                for (int p = 0; p < d; p++) {
                    residual += x[i * d + p] * w[p];
                }
                for (int p = 0; p < d; p++) {
                    gradient[p] += residual * x[i * d + p];
                }
            }
            for (int p = 0; p < d; p++) {
                w[p] -= s.learningRate() * gradient[p] / m;
            }
        }
        for (int p = 0; p < d; p++) {
            w[p] -= theta[p];
        }
        Clipping.clipInPlace(w, s.clipUpdate());
        return w;
    }

    /** θ_j = θ + ridge fit of the residuals y − ⟨x, θ⟩; the answer is θ_j's error as a low-rank user's. */
    static double[] personalize(UserDataset data, double[] theta, double ridge) {
        int d = data.dimension();
        int m = data.samples();
        double[] residuals = new double[m];
        for (int i = 0; i < m; i++) {
            double fit = 0;
            for (int p = 0; p < d; p++) {
                fit += data.x()[i * d + p] * theta[p];
            }
            residuals[i] = data.y()[i] - fit;
        }
        double[] shift = UserStep.ownRidge(new UserDataset(data.user(), d, data.x(), residuals, null, null), 0, m,
                ridge);
        double[] personal = new double[d];
        for (int p = 0; p < d; p++) {
            personal[p] = theta[p] + shift[p];
        }
        return UserStep.respond(data, new UserTask.Evaluate(0, UserTask.Model.SHARED, personal, 0, 0, m,
                ridge, Double.POSITIVE_INFINITY));
    }

    /** The curator of one run: T rounds of noisy averaged updates, then the users' fine-tuned errors. */
    private static final class Curator implements RunCurator<Request, double[], RunOutcome> {
        private final Cell cell;
        private final FedAvgSettings settings;
        private final long repeatSeed;
        private final int users;
        private final double[] model;
        private final Ledger ledger;
        private final Release release;
        private int round;

        Curator(Cell cell, long repeatSeed) {
            this.cell = cell;
            this.settings = cell.settings();
            this.repeatSeed = repeatSeed;
            this.users = cell.shape().users();
            this.model = new double[cell.shape().dimension()];
            double[] orders = SampledGaussianRdp.defaultOrders();
            this.ledger = Ledger.rdp(users, orders,
                    SampledGaussianRdp.rdp(settings.samplingRate(), cell.noiseMultiplier(), 1, orders), cell.epsilon(),
                    cell.spec().delta());
            this.release = Release.sampledGaussian(0, "clipped update sum", settings.clipUpdate(),
                    cell.noiseMultiplier() * settings.clipUpdate(), cell.noiseMultiplier(), settings.samplingRate(),
                    users);
        }

        @Override
        public Step<Request, RunOutcome> start() {
            return next();
        }

        @Override
        public Step<Request, RunOutcome> onAnswers(List<double[]> answers) {
            if (round > settings.rounds()) {
                return finish(answers);
            }
            double[] sum = new double[model.length];
            for (double[] update : answers) {
                for (int p = 0; p < sum.length; p++) {
                    sum[p] += update[p];
                }
            }
            double[] noisy = GaussianMechanism.addNoise(sum, release,
                    RandomStreams.stream(repeatSeed, "fedavg-noise", cell.experiment(), cell.epsilonIndex(), round));
            double cohort = settings.samplingRate() * users;
            for (int p = 0; p < model.length; p++) {
                model[p] += noisy[p] / cohort;
            }
            return next();
        }

        /** The next round's request, or after T rounds the fine-tuning request to every user. */
        private Step<Request, RunOutcome> next() {
            round++;
            if (round > settings.rounds()) {
                return Step.askAll(users, new Personalize(model.clone()));
            }
            ledger.chargeAll(release.atRound(round));
            int[] sample = PoissonSample.of(users, settings.samplingRate(),
                    RandomStreams.stream(repeatSeed, "fedavg-sample", cell.experiment(), cell.epsilonIndex(), round));
            return new Step.Ask<>(sample, new Update(round, model.clone()));
        }

        private Step<Request, RunOutcome> finish(List<double[]> errors) {
            ErrorSum sum = new ErrorSum();
            for (int j = 0; j < errors.size(); j++) {
                sum.add(j, errors.get(j));
            }
            double excess = sum.sum() / sum.contributorCount();
            double noiseFloor = cell.shape().labelNoise() * cell.shape().labelNoise();
            return new Step.Done<>(new RunOutcome(excess + noiseFloor, excess, null, settings.rounds(), 0, null,
                    null, null, List.of(), null, sum.testError(), ledger.log()));
        }
    }
}
