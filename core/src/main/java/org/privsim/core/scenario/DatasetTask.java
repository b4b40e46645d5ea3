package org.privsim.core.scenario;

import java.util.List;

/**
 * Real user-partitioned regression data from a CSV file: every distinct value of {@code userColumn}
 * is one user holding its rows; the model predicts {@code labelColumn} from {@code features}.
 *
 * <p>Guarantee: the parser read the whole file to validate it, so the fields after
 * {@code minSamplesPerUser} describe the file with content hash {@code sha256} exactly; the data a
 * run sees is a pure function of (file content, task, population seed) — see
 * {@link org.privsim.core.data.DatasetPopulation}. A node whose file has another hash refuses it.
 *
 * @param path              absolute path of the file (relative paths were resolved against the scenario's folder)
 * @param userColumn        the column naming each row's user
 * @param labelColumn       the numeric label column
 * @param features          the feature columns, in model order
 * @param standardize       whether numeric features and the label are centred and scaled by the training split's
 *                          mean and standard deviation (treated as public, see README)
 * @param intercept         whether a constant 1 feature is appended (a per-user intercept)
 * @param testFraction      share of each user's rows held out for testing (at least 1 row, at most m − 1)
 * @param minSamplesPerUser users with fewer rows (after missing rows were dropped) are dropped
 * @param missing           what to do with rows missing the label or a feature
 * @param sha256            SHA-256 of the file's bytes, hex
 * @param rows              rows kept (in users that were kept)
 * @param users             users kept, n
 * @param droppedUsers      users dropped for having fewer than minSamplesPerUser rows
 * @param droppedRows       rows dropped for missing values
 * @param columns           names of the d model columns (a categorical feature gives {@code name=category})
 * @param categories        per feature in order, its sorted categories, or an empty list for a numeric feature
 * @param maxTrainingSamples the largest number of training rows of a user (sensitivities use it)
 * @param meanTrainingSamples training rows per user, averaged over users
 */
public record DatasetTask(
        String path,
        String userColumn,
        String labelColumn,
        List<DatasetFeature> features,
        boolean standardize,
        boolean intercept,
        double testFraction,
        int minSamplesPerUser,
        MissingValues missing,
        String sha256,
        int rows,
        int users,
        int droppedUsers,
        int droppedRows,
        List<String> columns,
        List<List<String>> categories,
        int maxTrainingSamples,
        double meanTrainingSamples) implements Task {

    /** Scenario name of this task type. */
    public static final String TYPE = "dataset";

    public DatasetTask {
        features = List.copyOf(features);
        columns = List.copyOf(columns);
        categories = categories.stream().map(List::copyOf).toList();
    }

    @Override
    public String type() {
        return TYPE;
    }

    /** d, the number of model columns. */
    public int dimension() {
        return columns.size();
    }

    /** Rows held out for testing of a user with m rows: round(testFraction·m), within [1, m − 1]. */
    public static int testRows(int m, double testFraction) {
        return (int) Math.max(1, Math.min(m - 1, Math.round(testFraction * m)));
    }

    /**
     * The low-rank shape the low-rank algorithms' drivers and defaults see: n users, m = the largest
     * training split (the sensitivities' sample count), d model columns, rank k, and σ_F = 1 — the
     * standardized label's scale, which sets the default label clip ζ = 1 + √k and own-data ridge d/k.
     */
    public LowRankRegressionTask shape(int rank) {
        return new LowRankRegressionTask(users, maxTrainingSamples, dimension(), rank, 1.0);
    }
}
