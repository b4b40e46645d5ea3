package org.privsim.core.family.transfer;

import org.privsim.core.mechanism.SampledGaussianRun;
import org.privsim.core.seam.Folding;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.privsim.core.linalg.FlooredSolve;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.linalg.Subspaces;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.ReleaseTap;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Representation;
import org.privsim.core.scenario.TransferSettings;
import org.privsim.core.sim.AltMinDriver;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.Step;
import org.privsim.core.sim.UserTask;

/**
 * The curator of one transfer run (one cell, one repeat): Thaker et al. Alg. 1 and its baselines.
 * <ol>
 *   <li>Representation: with {@code public}, B̂ = the top-k eigenvectors of the normalised sum of
 *       the public tasks' {@link PublicTask#moments} partials (added in task order): Tripuraneni et al.
 *       Alg. 1's (1/n₁) Σ y_i² x_i x_iᵀ, or the same-task pairs estimator — public data, no privacy cost; {@code true}: B; {@code none}:
 *       the identity, p = d; {@code private-altmin}: the U that Priv-AltMin
 *       ({@link TransferRunPlan#representationDriver}) publishes last, the public tasks answering as its
 *       users ({@link PublicTask#answer}) and their answers summed in task order.</li>
 *   <li>{@code dp-sgd}: w₀ = 0; step s draws a Poisson sample S_s (each user independently with
 *       probability q, by geometric skips), the sampled users' gradients of ½(x'ᵀw − y)² clipped to
 *       C are summed in id order, N(0, σ²C² I) is added, and w ← w − η (sum + noise)/(q n₂) (the
 *       expected batch size normalises). Each step is charged, before its noise is drawn, by the
 *       experiment's accountant: to a PLD {@link Ledger} as one more Poisson-subsampled Gaussian
 *       (pld), or to an RDP {@link Ledger} as its RDP curve (rdp). The output is the last
 *       iterate, or with {@code averageIterates} the mean of the iterates after step ⌊S/2⌋ (tail
 *       averaging: post-processing of released iterates, no privacy cost).</li>
 *   <li>{@code sufficient-statistics}: A = Σ x̄x̄ᵀ + N_sym(0, σ_A²), b = Σ x̄ȳ + N(0, σ_b²) with
 *       σ_A = τ²/√(2ρ_A), σ_b = τζ/√(2ρ_b) (add/remove sensitivities τ², τζ), charged to a zCDP
 *       {@link Ledger}; α̂ = A⁻¹b after raising A's eigenvalues below 2√p σ_A to that floor
 *       ({@link FlooredSolve}). An audit's injected fault changes the σ added, never the charges:
 *       {@code noiseMultiplier} scales both σ, {@code ignoreComposition} calibrates each release to
 *       the whole ρ. With a {@link ReleaseTap}, both releases go to it as they are made (A's upper
 *       triangle, then b).</li>
 *   <li>{@code nonprivate-regression}: the same with no clip and no noise (least squares);
 *       {@code zero-shot}: ŵ = 0.</li>
 * </ol>
 * The output is ŵ = B̂ α̂ (or w itself without a representation); the outcome is ‖ŵ − w*‖₂.
 *
 * <p>Guarantee: the same answers in the same order give a bit-identical outcome. Used once; not
 * thread-safe.
 */
public final class TransferDriver {
    private final TransferRunPlan cell;
    private final int repeat;
    private final long seed;
    private final TransferPopulation population;
    private final int p;
    private final ReleaseTap tap;
    private double[] basis;
    private Double subspaceError;
    // DP-SGD state
    private double[] model;
    private double[] average;
    private int averaged;
    private int step;
    private SampledGaussianRun sgd;
    private double[] released;
    private Ledger ledger;
    // private-altmin representation state
    private AltMinDriver altMin;
    private UserTask altMinTask;
    private double[] releasedU;

    /** The curator of repeat {@code repeat} of {@code cell} under root seed {@code seed}. */
    public TransferDriver(TransferRunPlan cell, int repeat, long seed) {
        this(cell, repeat, seed, cell.population(seed, repeat));
    }

    /** The same, on {@code population}, which must be {@code cell.population(seed, repeat)}. */
    public TransferDriver(TransferRunPlan cell, int repeat, long seed, TransferPopulation population) {
        this(cell, repeat, seed, population, null);
    }

    /**
     * The curator of repeat {@code repeat} of {@code cell}, handing the sufficient statistics' two
     * noisy releases to {@code tap} (white-box audits); the run is the same bits as without it.
     */
    public TransferDriver(TransferRunPlan cell, int repeat, long seed, ReleaseTap tap) {
        this(cell, repeat, seed, cell.population(seed, repeat), tap);
    }

    private TransferDriver(TransferRunPlan cell, int repeat, long seed, TransferPopulation population,
                           ReleaseTap tap) {
        this.cell = cell;
        this.repeat = repeat;
        this.seed = seed;
        this.population = population;
        this.p = cell.featureDimension();
        this.tap = tap;
    }

    /** The population this run's participants hold. */
    public TransferPopulation population() {
        return population;
    }

    /** The representation the users see, row-major d×k, or null (no projection); set once the first private request is made. */
    public double[] basis() {
        return basis == null ? null : basis.clone();
    }

    /**
     * The record of DP-SGD's steps (the σ actually added, the sampling rate, the noise multiplier the
     * accounting assumes), or null before the first step.
     */
    public Release stepRelease() {
        return sgd == null ? null : sgd.record(0);
    }

    /** The noisy gradient sum the last DP-SGD step released (before the model update), or null before it. */
    public double[] released() {
        return released == null ? null : released.clone();
    }

    /** n₂, the private task's users. */
    public int privateSamples() {
        return cell.privateSamples();
    }

    /** p, the dimension of the users' features. */
    public int featureDimension() {
        return p;
    }

    /** The first request. */
    public TransferRequest start() {
        if (cell.algorithm() == Algorithm.ZERO_SHOT) {
            return finish(new double[population.task().dimension()]);
        }
        if (cell.representation() == Representation.PUBLIC) {
            return new TransferRequest.Moments(cell.publicSamples(), cell.settings().subspaceEstimator());
        }
        if (cell.representation() == Representation.TRUE) {
            useBasis(population.publicBasis());
        }
        if (cell.representation() == Representation.PRIVATE_ALTMIN) {
            altMin = cell.representationDriver(population, seed, repeat);
            return altMinRequest(altMin.start());
        }
        return firstPrivateRequest();
    }

    /**
     * After the public tasks answered a {@link TransferRequest.PublicAltMin} ({@code answers[j]} from
     * task j): their sum in task order goes to the Priv-AltMin curator (only the participants' U-step
     * statistics); once it finishes, its last published U is the representation.
     */
    public TransferRequest onPublicAltMin(PublicAltMinAnswer[] answers) {
        int d = population.task().dimension();
        Step next;
        if (altMinTask instanceof UserTask.Init init) {
            InitSum sum = new InitSum(d, init.matrices());
            for (int j = 0; j < answers.length; j++) {
                sum.add(j, answers[j].init());
            }
            next = altMin.onInit(sum);
        } else if (altMinTask instanceof UserTask.Round round) {
            RoundSum sum = new RoundSum(d, round.statisticsRank(), round.gram());
            for (int j = 0; j < answers.length; j++) {
                if (round.participants().includes(j)) {
                    sum.add(answers[j].round());
                }
            }
            next = altMin.onRound(sum);
        } else {
            ErrorSum sum = new ErrorSum();
            for (int j = 0; j < answers.length; j++) {
                sum.add(j, answers[j].errors());
            }
            next = altMin.onEvaluate(sum);
        }
        return altMinRequest(next);
    }

    /** The public tasks' next Priv-AltMin request, or, once the run is over, the first private one. */
    private TransferRequest altMinRequest(Step step) {
        if (step instanceof Step.Collect collect) {
            altMinTask = collect.task();
            if (altMinTask instanceof UserTask.Evaluate evaluate) {
                releasedU = evaluate.params();
            }
            return new TransferRequest.PublicAltMin(cell.publicSamples(), altMinTask);
        }
        useBasis(DMatrixRMaj.wrap(population.task().dimension(), population.task().rank(), releasedU.clone()));
        return firstPrivateRequest();
    }

    /** After the public tasks answered {@link TransferRequest.Moments} ({@code partials[j]} from task j). */
    public TransferRequest onMoments(double[][] partials) {
        int d = population.task().dimension();
        double[] sum = new double[d * d];
        for (double[] partial : partials) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += partial[i];
            }
        }
        double norm = PublicTask.normaliser(population.task().publicTasks(), cell.publicSamples(),
                cell.settings().subspaceEstimator());
        for (int i = 0; i < sum.length; i++) {
            sum[i] /= norm;
        }
        useBasis(Subspaces.topEigenvectors(DMatrixRMaj.wrap(d, d, sum), population.task().rank()));
        return firstPrivateRequest();
    }

    /** After the users answered the last {@link TransferRequest.Gradients} or {@link TransferRequest.Statistics}. */
    public TransferRequest onAnswers(double[][] answers) {
        return cell.algorithm() == Algorithm.DP_SGD ? onGradients(answers) : onStatistics(answers);
    }

    private void useBasis(DMatrixRMaj b) {
        this.basis = b.data.clone();
        this.subspaceError = Subspaces.sinTheta(population.privateBasis(), b);
    }

    private TransferRequest firstPrivateRequest() {
        TransferSettings s = cell.settings();
        if (cell.algorithm() == Algorithm.DP_SGD) {
            model = new double[p];
            int n = cell.privateSamples();
            sgd = new SampledGaussianRun(cell.sgd(), "clipped gradient sum", s.clipGradient(), cell.injectedNoise(), n,
                    cell.epsilon(), t -> cell.sample(seed, repeat, t), t -> cell.sgdNoise(seed, repeat, t));
            ledger = sgd.ledger();
            return nextGradients();
        }
        if (cell.algorithm() == Algorithm.SUFFICIENT_STATISTICS) {
            ledger = Ledger.zcdp(cell.privateSamples(), cell.statisticsRho());
            double tau = cell.inject().skipClipping() ? Double.POSITIVE_INFINITY : s.clipFeature();
            double zeta = cell.inject().skipClipping() ? Double.POSITIVE_INFINITY : s.clipLabel();
            return new TransferRequest.Statistics(tau, zeta);
        }
        return new TransferRequest.Statistics(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
    }

    private TransferRequest nextGradients() {
        step++;
        double clip = cell.inject().skipClipping() ? Double.POSITIVE_INFINITY : cell.settings().clipGradient();
        return new TransferRequest.Gradients(step, model.clone(), clip, sgd.cohort(step));
    }

    private TransferRequest onGradients(double[][] gradients) {
        Folding<double[], double[]> folding = gradientSum();
        double[] sum = folding.empty();
        for (double[] g : gradients) {
            sum = folding.add(sum, g);
        }
        return onGradientSum(sum);
    }

    /** How a DP-SGD step's clipped gradients are summed: from zeros, one after the other, in place. */
    public Folding<double[], double[]> gradientSum() {
        return new Folding<>() {
            @Override
            public double[] empty() {
                return new double[p];
            }

            @Override
            public double[] add(double[] sum, double[] gradient) {
                for (int c = 0; c < p; c++) {
                    sum[c] += gradient[c];
                }
                return sum;
            }

            @Override
            public double[] combine(double[] total, double[] part) {
                return add(total, part);
            }
        };
    }

    /**
     * Continues after a DP-SGD step from the sum of the sampled users' clipped gradients, summed in
     * the order of the step's sample ({@link #gradientSum}): adds the step's noise,
     * updates the model and asks the next step (or finishes).
     */
    public TransferRequest onGradientSum(double[] sum) {
        TransferSettings s = cell.settings();
        double[] noisy = sgd.privatize(step, sum);
        released = noisy.clone();
        double rate = s.learningRate() / (s.samplingRate() * cell.privateSamples());
        for (int c = 0; c < p; c++) {
            model[c] -= rate * noisy[c];
        }
        if (Boolean.TRUE.equals(s.averageIterates()) && step > s.steps() / 2) {
            // Running mean of w_s for s > ⌊S/2⌋, in step order: post-processing of released iterates.
            if (average == null) {
                average = new double[p];
            }
            averaged++;
            for (int c = 0; c < p; c++) {
                average[c] += (model[c] - average[c]) / averaged;
            }
        }
        if (step < s.steps()) {
            return nextGradients();
        }
        return finish(represented(average != null ? average : model));
    }

    private TransferRequest onStatistics(double[][] answers) {
        int packed = p * (p + 1) / 2;
        double[] sum = new double[packed + p];
        for (double[] a : answers) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += a[i];
            }
        }
        double[] a = new double[p * p];
        int at = 0;
        for (int r = 0; r < p; r++) {
            for (int c = r; c < p; c++) {
                a[r * p + c] = sum[at];
                a[c * p + r] = sum[at];
                at++;
            }
        }
        double[] b = Arrays.copyOfRange(sum, packed, packed + p);
        double floor = 0;
        if (ledger != null) {
            TransferSettings s = cell.settings();
            double rho = cell.statisticsRho();
            double rhoA = rho * s.statisticsBudgetSplit();
            double rhoB = rho - rhoA;
            double tau = s.clipFeature();
            double scale = cell.inject().noiseMultiplier();
            // Injection.ignoreComposition: each release calibrated to the whole ρ (the charges stay ρ_A, ρ_b).
            boolean alone = cell.inject().ignoreComposition();
            double sigmaA = tau * tau / Math.sqrt(2 * (alone ? rho : rhoA)) * scale;
            double sigmaB = tau * s.clipLabel() / Math.sqrt(2 * (alone ? rho : rhoB)) * scale;
            int n = cell.privateSamples();
            // add/remove one sample: xxᵀ moves by ‖x‖² ≤ τ² in Frobenius norm, y·x by ≤ τζ
            Release releaseA = ledger.chargeAll(Release.gaussian(1, "XᵀX", Release.Relation.ADD_REMOVE, tau * tau,
                    sigmaA, rhoA, n));
            Release releaseB = ledger.chargeAll(Release.gaussian(1, "Xᵀy", Release.Relation.ADD_REMOVE,
                    tau * s.clipLabel(), sigmaB, rhoB, n));
            SplittableRandom rng = cell.statisticsNoise(seed, repeat);
            GaussianMechanism.addSymmetricNoise(a, p, releaseA, rng);
            b = GaussianMechanism.addNoise(b, releaseB, rng);
            if (tap != null) {
                tap.released(releaseA, PackedSymmetric.pack(a, p));
                tap.released(releaseB, b.clone());
            }
            floor = 2 * Math.sqrt(p) * sigmaA;
        }
        return finish(represented(FlooredSolve.solve(a, b, p, floor).u()));
    }

    /** ŵ = B̂ α (row-major d×k basis), or α itself without a representation. */
    private double[] represented(double[] alpha) {
        if (basis == null) {
            return alpha.clone();
        }
        int d = population.task().dimension();
        double[] w = new double[d];
        for (int r = 0; r < d; r++) {
            double s = 0;
            for (int c = 0; c < p; c++) {
                s += basis[r * p + c] * alpha[c];
            }
            w[r] = s;
        }
        return w;
    }

    private TransferRequest finish(double[] w) {
        double[] target = population.privateModel();
        double err = 0;
        for (int i = 0; i < w.length; i++) {
            double diff = w[i] - target[i];
            err += diff * diff;
        }
        Double spent = ledger == null ? null
                : ledger.currency() == Release.Currency.ZCDP_RHO
                ? Double.valueOf(cell.spec().calibration().epsilon(ledger.maxSpent(), cell.delta()))
                : Double.valueOf(ledger.maxSpent());
        int releases = ledger == null ? 0 : ledger.charges();
        return new TransferRequest.Done(new TransferOutcome(Math.sqrt(err), subspaceError, spent, releases,
                ledger == null ? ReleaseLog.NONE : ledger.log()));
    }
}
