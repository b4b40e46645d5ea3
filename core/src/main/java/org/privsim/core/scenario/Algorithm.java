package org.privsim.core.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The algorithms an experiment (or audit) can run, with their scenario names and the task type
 * each needs. Guarantee: ids are unique and stable (they are the scenario and report vocabulary).
 */
public enum Algorithm {
    /** Private alternating minimization (Jain et al. 2021, Alg. 1 + 2, initialised by Alg. 3). */
    PRIV_ALTMIN("priv-altmin", true, LowRankRegressionTask.TYPE, DatasetTask.TYPE, RatingsTask.TYPE),
    /** The same code path without noise or clipping, run until U stops moving. */
    NON_PRIVATE_ALTMIN("non-private-altmin", false, LowRankRegressionTask.TYPE, DatasetTask.TYPE, RatingsTask.TYPE),
    /** Each user fits ridge regression in d dimensions on its own data; nothing is shared. */
    OWN_DATA("own-data", false, LowRankRegressionTask.TYPE, DatasetTask.TYPE, RatingsTask.TYPE),
    /** One shared θ ∈ R^d for all users, DP by sufficient-statistics perturbation. */
    SINGLE_MODEL_DP("single-model-dp", true, LowRankRegressionTask.TYPE, DatasetTask.TYPE),
    /**
     * DP-FedAvg with local fine-tuning (McMahan et al. 2018): Poisson-sampled users send clipped
     * local-training updates, the curator averages them with Gaussian noise; each user then fine-tunes
     * the global model on its own data ({@link FedAvgSettings}).
     */
    DP_FEDAVG("dp-fedavg", true, LowRankRegressionTask.TYPE, DatasetTask.TYPE),
    /**
     * DP-FedRep (Collins et al. 2021) with user-level DP aggregation: Poisson-sampled users fit their
     * head on the published representation U, take local gradient steps on U and send the clipped
     * change; the curator averages it with Gaussian noise and publishes U orthonormalized. Heads are
     * never released ({@link FedAvgSettings}).
     */
    DP_FEDREP("dp-fedrep", true, LowRankRegressionTask.TYPE, DatasetTask.TYPE),
    /** Ratings: every user is predicted the mean of all training ratings (non-private). */
    GLOBAL_MEAN("global-mean", false, RatingsTask.TYPE),
    /** Ratings: each item's mean training rating, shrunk towards the global mean (non-private). */
    ITEM_MEAN("item-mean", false, RatingsTask.TYPE),
    /**
     * Ratings: the item means from per-item sums and counts released with Gaussian noise under
     * user-level zCDP, each user contributing at most maxRatingsPerUser ratings ({@link RatingsSettings}).
     */
    ITEM_MEAN_DP("item-mean-dp", true, RatingsTask.TYPE),
    /** Indexed mean: every person gets the exact empirical mean of its coordinate (Prop. 4.1). */
    INDEXED_MEAN_NONPRIVATE("indexed-mean-nonprivate", false, IndexedMeanTask.TYPE, IndexedMeanTask.SIGN_TYPE),
    /** Indexed mean: the whole noisy mean vector on the billboard, ρ-zCDP (Thm. 4.4). */
    INDEXED_MEAN_BILLBOARD("indexed-mean-billboard", true, IndexedMeanTask.TYPE, IndexedMeanTask.SIGN_TYPE),
    /** Indexed mean: a separate noisy coordinate per person, ρ-JCDP (Thm. 4.3). */
    INDEXED_MEAN_JDP("indexed-mean-jdp", true, IndexedMeanTask.TYPE, IndexedMeanTask.SIGN_TYPE),
    /** Indexed mean: a separate noisy coordinate per person, ρ-1-out-of-t-zCDP only (Thm. 4.2). */
    INDEXED_MEAN_ONE_OUT_OF_T("indexed-mean-1-out-of-t", true, IndexedMeanTask.TYPE, IndexedMeanTask.SIGN_TYPE),
    /** MP-MTL low-rank estimator (Liang et al. Alg. 2): Wishart-perturbed WWᵀ, spectral shrinkage. */
    MP_MTL_LOW_RANK("mp-mtl-low-rank", true, MultitaskRegressionTask.TYPE),
    /** MP-MTL group-sparse estimator (Liang et al. Alg. 3): Wishart-perturbed WWᵀ, row shrinkage. */
    MP_MTL_GROUP_SPARSE("mp-mtl-group-sparse", true, MultitaskRegressionTask.TYPE),
    /** Single-task learning: each task fits ℓ2-regularised least squares on its own data. */
    STL_RIDGE("stl-ridge", false, MultitaskRegressionTask.TYPE),
    /** Non-private trace-norm MTL by accelerated proximal gradient (Ji and Ye 2009). */
    MTL_TRACE_NORM("mtl-trace-norm", false, MultitaskRegressionTask.TYPE),
    /** Non-private group-lasso (ℓ2,1) MTL by accelerated proximal gradient (Liu et al. 2009). */
    MTL_GROUP_LASSO("mtl-group-lasso", false, MultitaskRegressionTask.TYPE),
    /** DP-AGGR (Pathak et al. 2010): the average of the tasks' clipped STL models plus pure-ε output noise. */
    DP_AGGR("dp-aggr", true, MultitaskRegressionTask.TYPE),
    /**
     * DP-SGD (Abadi et al. 2016) on the private task's rows, one user per row: Poisson sampling,
     * per-example clipping, Gaussian noise on the sum; in d dimensions or in a k-dimensional
     * representation (Thaker et al. Alg. 1).
     */
    DP_SGD("dp-sgd", true, TransferRegressionTask.TYPE),
    /** Noisy XᵀX and Xᵀy of the clipped (projected) rows, solved after an eigenvalue floor. */
    SUFFICIENT_STATISTICS("sufficient-statistics", true, TransferRegressionTask.TYPE),
    /** Ordinary least squares on the private task's rows (in d or k dimensions). */
    NONPRIVATE_REGRESSION("nonprivate-regression", false, TransferRegressionTask.TYPE),
    /** w = 0: what a task learns without looking at its data (perfect privacy). */
    ZERO_SHOT("zero-shot", false, TransferRegressionTask.TYPE);

    private final String id;
    private final boolean isPrivate;
    private final List<String> taskTypes;

    Algorithm(String id, boolean isPrivate, String... taskTypes) {
        this.id = id;
        this.isPrivate = isPrivate;
        this.taskTypes = List.of(taskTypes);
    }

    /** The scenario/report name, e.g. {@code priv-altmin}. */
    public String id() {
        return id;
    }

    /** Whether the algorithm releases statistics under a DP guarantee (needs ε, δ). */
    public boolean isPrivate() {
        return isPrivate;
    }

    /** The {@link Task#type()} the algorithm is defined on ({@code indexed-mean} for the indexed mechanisms). */
    public String taskType() {
        return taskTypes.get(0);
    }

    /**
     * Whether the algorithm runs on {@code task}: a task of its {@link #taskType}; for the indexed
     * mechanisms also {@code indexed-sign} (the sign is post-processing of their estimate), for the
     * low-rank algorithms also a {@code dataset}, for priv-altmin, non-private-altmin and own-data also a
     * {@code ratings} task (in their matrix-completion form).
     */
    public boolean runsOn(Task task) {
        return runsOn(task.type());
    }

    /** Whether the algorithm runs on a task of type {@code type} (as {@link #runsOn(Task)}). */
    public boolean runsOn(String type) {
        return taskTypes.contains(type);
    }

    /** The task types it runs on, for error messages, e.g. {@code indexed-mean or indexed-sign}. */
    public String taskTypes() {
        return taskTypes.size() == 1 ? taskTypes.get(0) : String.join(", ", taskTypes.subList(0, taskTypes.size() - 1))
                + " or " + taskTypes.get(taskTypes.size() - 1);
    }

    /** Whether this algorithm runs only on a {@code ratings} task (global-mean, item-mean, item-mean-dp). */
    public boolean isRatings() {
        return taskType().equals(RatingsTask.TYPE);
    }

    /** Whether this is one of the indexed-mean mechanisms. */
    public boolean isIndexedMean() {
        return taskType().equals(IndexedMeanTask.TYPE);
    }

    /** Whether this is one of the low-rank regression algorithms (Jain et al.). */
    public boolean isLowRank() {
        return taskType().equals(LowRankRegressionTask.TYPE);
    }

    /** Whether this low-rank algorithm is federated (dp-fedavg, dp-fedrep): users answer model updates. */
    public boolean isFederated() {
        return this == DP_FEDAVG || this == DP_FEDREP;
    }

    /** Whether this is one of the multi-task algorithms (Liang et al.). */
    public boolean isMultitask() {
        return taskType().equals(MultitaskRegressionTask.TYPE);
    }

    /** Whether this is one of the public→private transfer algorithms (Thaker et al.). */
    public boolean isTransfer() {
        return taskType().equals(TransferRegressionTask.TYPE);
    }

    /** Looks an algorithm up by its scenario name. */
    public static Optional<Algorithm> byId(String id) {
        return Arrays.stream(values()).filter(a -> a.id.equals(id)).findFirst();
    }

    /** All scenario names, for error messages. */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(Algorithm::id).toList());
    }
}
