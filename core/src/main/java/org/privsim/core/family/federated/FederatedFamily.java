package org.privsim.core.family.federated;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.privsim.core.data.Populations;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.data.UserStore;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.Clipping;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.ResultAssembler;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.DatasetTask;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.Task;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Spread;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.sim.RunKey;
import org.privsim.core.sim.RunOutcome;
import org.privsim.core.mechanism.SgdCalibration;

/**
 * A federated algorithm with user-level DP on the low-rank and data-set tasks, as a {@link Family}:
 * what DP-FedAvg ({@link FedAvgFamily}) and DP-FedRep ({@link FedRepFamily}) share. A cell is one
 * experiment at one ε; its runs are its repeats, on the same populations (and data splits) as the
 * low-rank algorithms' repeats; the participants are the n users.
 *
 * <p>A run: the curator starts from the family's initial model. Round t = 1 … T: the Poisson sample
 * S_t (each user with probability q, stream (repeat seed, "&lt;stream&gt;-sample", experiment, ε
 * index, t)) gets the published model; each sampled user answers its local update clipped to L2
 * norm C; the curator sums the updates in the order asked, adds N(0, σ²C²) per coordinate (stream
 * "&lt;stream&gt;-noise"), divides by the expected cohort q·n and publishes the family's next model
 * from it. Then every user forms its personal model from the last published one and answers its
 * error (‖θ_j − θ_j*‖², or its held-out test errors on a data set).
 *
 * <p>Privacy (user level, replace-special neighbours: n is public, as the division by q·n names it, and
 * a user's update is swapped for a zero one; dp_accounting's Poisson numbers equal add/remove-one's): the update sum has sensitivity C, so each
 * round is the Poisson-subsampled Gaussian mechanism with noise multiplier σ. σ and the ledger follow
 * the experiment's accountant ({@link SgdCalibration}: PLD by default, or RDP with the tight
 * conversion); the ledger refuses a round past the (ε, δ) budget, before its release. Personal
 * models are never released. Rows report {@code accountedEpsilon} by the accountant, the RDP tight
 * conversion as {@code rdpEpsilon} and its classic one as {@code classicEpsilon}, the accountant
 * and σ.
 *
 * <p>Fixed cohorts ({@code cohort: fixed}): round t draws exactly m = round(q·n) users without
 * replacement ({@link org.privsim.core.privacy.FixedSizeSample}, same stream), the curator divides the
 * noisy sum by m, and the round is accounted under replace-one neighbours as the Gaussian of
 * multiplier σ/2 (sensitivity 2C) sampled without replacement, by RDP at dp_accounting's orders
 * ({@link FixedCohort}).
 *
 * <p>Adaptive clipping ({@code clipping: adaptive}, Andrew et al. 2021): round t clips to C_t (C_1 =
 * clipUpdate; the request carries it); each sampled user answers its clipped update followed by its
 * centred bit b − 1/2, b = 1[‖Δ‖ ≤ C_t] (sensitivity 1/2); the curator adds N(0, (z_Δ·C_t)²) per
 * coordinate to the update sum, z_Δ = (σ⁻² − (2σ_b)⁻²)^(−1/2), and N(0, σ_b²) to Σ (b − 1/2) (stream
 * "&lt;stream&gt;-count-noise"), and sets C_{t+1} = C_t·exp(−η_C·(b̄ − γ)), b̄ that noisy sum over q·n
 * plus 1/2. The pair is accounted as one Poisson-subsampled Gaussian of multiplier σ; each round's record states C_t as its sensitivity, so
 * the ledger's releases carry the clip's trajectory.
 * <p>Noise: the above is {@code noise: independent}; {@code tree} (DP-FTRL: epoch partitions, noisy
 * prefix sums from a binary tree, the model the epoch's anchor plus the noisy prefix sum) and
 * {@code banded} (banded matrix factorization, cyclic Poisson participation) change the round
 * mechanism and its account, not the algorithms ({@link CorrelatedNoise}).
 *
 * <p>Shared context: the runs of one experiment on one repeat's population (its cells at every ε)
 * share a context key and so one population, stored (each user's data set built once, kept) or
 * regenerated (rebuilt per request, none kept) as {@code task.population} says ({@link UserStore}).
 *
 * <p>Guarantee: a run's steps and outcome are a pure function of (cell, repeat seed, the answers in
 * ask order), so every runner reports the same row bit for bit, whatever the population mode.
 */
public abstract class FederatedFamily
        implements Family<FederatedFamily.Cell, UserPopulation, FederatedFamily.Request, double[], RunOutcome,
        ExperimentResult> {
    /** Name of the conversion reported in {@code conversion} under the RDP accountant. */
    public static final String RDP_CONVERSION = "sampled-gaussian-rdp-cks2020";
    /** Name of the conversion reported in {@code conversion} for fixed cohorts (RDP at dp_accounting's orders). */
    public static final String FIXED_COHORT_CONVERSION = "sampled-without-replacement-rdp-cks2020";
    /** Name reported in {@code conversion} under the PLD accountant. */
    public static final String PLD_CONVERSION = "sampled-gaussian-pld";
    /** Name reported in {@code conversion} with {@code noise: tree} (RDP at dp_accounting's orders, tight conversion). */
    public static final String TREE_CONVERSION = "tree-aggregation-rdp-cks2020";

    private final Algorithm algorithm;
    private final String stream;

    /**
     * @param algorithm the algorithm the family runs
     * @param stream    the prefix of its random streams' purposes
     */
    FederatedFamily(Algorithm algorithm, String stream) {
        this.algorithm = algorithm;
        this.stream = stream;
    }

    /** The prefix of the family's random streams' purposes. */
    String stream() {
        return stream;
    }

    /**
     * One experiment at one ε.
     *
     * @param experiment   index of the experiment in the scenario
     * @param spec         the experiment
     * @param epsilon      target ε
     * @param epsilonIndex index of ε in the experiment's list
     * @param task         the scenario's task (synthetic low-rank, or a data set)
     * @param shape        its low-rank shape (n, m, d, k)
     * @param calibration  σ, given or calibrated to (ε, δ) by the experiment's accountant, and its costs
     */
    public record Cell(int experiment, ExperimentSpec spec, double epsilon, int epsilonIndex, Task task,
                       LowRankRegressionTask shape, SgdCalibration calibration) {

        /** The settings. */
        public FedAvgSettings settings() {
            return spec.settings(FedAvgSettings.class);
        }

        /** σ. */
        public double noiseMultiplier() {
            return calibration.noiseMultiplier();
        }
    }

    /** What the curator asks a user. */
    public sealed interface Request permits Update, Personalize {}

    /**
     * Train locally from the published model and answer the clipped update.
     *
     * @param round t, 1-based
     * @param model the published model (dp-fedavg: θ, d values; dp-fedrep: U, row-major d×k)
     * @param clip  the round's clip C_t under adaptive clipping (the answer then ends with the centred
     *              bit 1[‖Δ‖ ≤ C_t] − 1/2); null under fixed clipping (clipUpdate)
     */
    public record Update(int round, double[] model, Double clip) implements Request {
        /** An update request under fixed clipping. */
        public Update(int round, double[] model) {
            this(round, model, null);
        }
    }

    /**
     * Form the personal model from the last published model and answer its error.
     *
     * @param model the last published model
     */
    public record Personalize(double[] model) implements Request {}

    /** The model the curator publishes before round 1 (drawn from streams of the repeat seed only). */
    abstract double[] initialModel(Cell cell, long repeatSeed);

    /** A user's local update from {@code model}, not yet clipped (a new array). */
    abstract double[] update(Cell cell, UserDataset data, double[] model);

    /** The model published after a round: from {@code model} and the noisy mean update (may reuse either array). */
    abstract double[] publish(Cell cell, double[] model, double[] meanUpdate);

    /** A user's answer to {@link Personalize}: the error of its personal model formed from {@code model}. */
    abstract double[] personalize(Cell cell, UserDataset data, double[] model);

    /** ‖(I − U*U*ᵀ)U‖_F of the last published model when it holds a U and the population a U*, else null. */
    abstract Double subspaceDistance(Cell cell, double[] model, UserPopulation population);

    @Override
    public String id() {
        return algorithm.id();
    }

    @Override
    public boolean runs(Algorithm candidate) {
        return candidate == algorithm;
    }

    @Override
    public List<Cell> cells(Scenario scenario) {
        List<Cell> cells = new ArrayList<>();
        for (int e = 0; e < scenario.experiments().size(); e++) {
            ExperimentSpec spec = scenario.experiments().get(e);
            if (!runs(spec.algorithm())) {
                continue;
            }
            for (int i = 0; i < spec.epsilons().size(); i++) {
                double epsilon = spec.epsilons().get(i);
                LowRankRegressionTask shape = scenario.lowRankTask(spec);
                cells.add(new Cell(e, spec, epsilon, i, scenario.task(), shape,
                        calibration(spec, shape.users(), epsilon)));
            }
        }
        return cells;
    }

    /**
     * The rounds' calibration at ε: the experiment's σ, or the smallest meeting (ε, δ) over its T
     * rounds at rate q under its accountant (fixed cohorts: of round(q·n) of the {@code users}, by
     * RDP) — the one place a federated σ is calibrated (cells, audit claims and games).
     */
    static SgdCalibration calibration(ExperimentSpec spec, int users, double epsilon) {
        return CorrelatedNoise.calibration(spec, users, epsilon);
    }

    @Override
    public int runs(Cell cell) {
        return cell.spec().repeats();
    }

    @Override
    public String label(Cell cell) {
        return id() + " ε=" + cell.epsilon();
    }

    /** The repeat's population, held as the task says ({@link UserStore}). */
    @Override
    public UserPopulation context(Cell cell, int run, long seed) {
        return new UserStore(Populations.create(cell.task(), RunKey.repeatSeed(seed, run)), cell.shape().users(),
                cell.shape().population());
    }

    @Override
    public RunCurator<Request, double[], RunOutcome> curator(Cell cell, int run, long seed, UserPopulation population) {
        return new FederatedCurator(this, cell, population, 1, null);
    }

    /**
     * The curator of a run as an audit plays it: every noise standard deviation × {@code injected}
     * (1 = the correct mechanism; the record states the σ actually added, and the ledger keeps
     * charging the calibrated one), and each round's record and released noisy update sum (before
     * averaging; with {@code noise: tree} the noisy tree node the round completed) handed to
     * {@code released} as it is made.
     */
    public RunCurator<Request, double[], RunOutcome> auditedCurator(Cell cell, UserPopulation population,
            double injected, BiConsumer<Release, double[]> released) {
        return new FederatedCurator(this, cell, population, injected, released);
    }

    /** A user's answer to {@link Update}: its local update from {@code model} on {@code data}, clipped to C. */
    public double[] clippedUpdate(Cell cell, UserDataset data, double[] model) {
        return answer(cell, data, new Update(0, model));
    }

    /**
     * A user's answer to {@code request}: its local update clipped to the request's clip (or
     * clipUpdate), followed under adaptive clipping by its centred bit 1[‖Δ‖ ≤ C_t] − 1/2.
     */
    public double[] answer(Cell cell, UserDataset data, Update request) {
        double[] update = update(cell, data, request.model());
        double scale = Clipping.clipInPlace(update, request.clip() == null ? cell.settings().clipUpdate()
                : request.clip());
        if (request.clip() == null) {
            return update;
        }
        double[] answer = java.util.Arrays.copyOf(update, update.length + 1);
        answer[update.length] = scale == 1 ? 0.5 : -0.5;
        return answer;
    }

    /**
     * The runs of one experiment on one repeat's population (its cells at every ε) share a context key:
     * their participants answer from the population, the experiment's settings and the request alone.
     */
    @Override
    public Object contextKey(Cell cell, int run, long seed) {
        return List.of(id(), cell.experiment(), RunKey.repeatSeed(seed, run));
    }

    /**
     * User {@code id}: a view of the run's population answering each request from the user's data set
     * (kept by a stored population, rebuilt per request by a regenerated one) and the request alone.
     */
    @Override
    public Participant<Request, double[]> participant(Cell cell, int run, long seed, UserPopulation population,
                                                      int id) {
        return request -> request instanceof Update update ? answer(cell, population.user(id), update)
                : personalize(cell, population.user(id), ((Personalize) request).model());
    }

    /** Users spread in equal blocks: every step is an ask, answered by position. */
    @Override
    public Spread spread(Cell cell) {
        return new Spread(cell.shape().users(), 1);
    }

    @Override
    public ExperimentResult row(Cell cell, List<RunOutcome> outcomes) {
        SgdCalibration calibration = cell.calibration();
        SampledGaussianRdp.Epsilon rdp = calibration.rdpAccount();
        boolean pld = calibration.accountant() == Accountants.PLD;
        return ResultAssembler.row(cell.shape(), cell.task() instanceof DatasetTask, cell.experiment(), cell.spec(),
                cell.epsilon(), outcomes).withAccounting(calibration.accountedEpsilon(), rdp.classicEpsilon(),
                calibration.cohort() != null ? FIXED_COHORT_CONVERSION : pld ? PLD_CONVERSION
                        : calibration.stepsPerEpoch() > 0 ? TREE_CONVERSION : RDP_CONVERSION,
                calibration.accountant().id(), rdp.tightEpsilon(),
                calibration.noiseMultiplier());
    }

    /**
     * Σ_i (⟨x_i, θ⟩ − y_i) x_i over the user's training rows: m times the gradient of its squared loss
     * (1/m) Σ (⟨x, θ⟩ − y)² / 2 at θ, written into {@code gradient} (d values, overwritten).
     */
    static void lossGradientSum(UserDataset data, double[] theta, double[] gradient) {
        int d = data.dimension();
        double[] x = data.x();
        java.util.Arrays.fill(gradient, 0);
        for (int i = 0; i < data.samples(); i++) {
            double residual = -data.y()[i];
            for (int p = 0; p < d; p++) {
                residual += x[i * d + p] * theta[p];
            }
            for (int p = 0; p < d; p++) {
                gradient[p] += residual * x[i * d + p];
            }
        }
    }
}
