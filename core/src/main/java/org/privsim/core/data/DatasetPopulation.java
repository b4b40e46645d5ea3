package org.privsim.core.data;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.DatasetTask;

/**
 * A real data set split for one seed: user j's rows are permuted by the stream
 * ("dataset-split", j) of the seed, the first {@link DatasetTask#testRows} of the permutation are its
 * test rows and the rest, in permutation order, its training rows. With {@code standardize}, every
 * numeric feature and the label are centred and scaled by the mean and (population) standard
 * deviation over all users' training rows (a constant column keeps scale 1); categorical features
 * become one 0/1 column per category; with {@code intercept} a constant 1 column comes last.
 *
 * <p>Guarantee: a pure function of (table, task, seed); users carry no ground truth
 * ({@code vStar}, {@code thetaStar} null) and their test rows in {@link UserDataset#testX}.
 * The standardization statistics are computed once, in user-id order.
 */
public final class DatasetPopulation implements UserPopulation {
    private final DatasetTask task;
    private final DatasetTable table;
    private final long seed;
    private final int p;
    private final double[] featureMean;
    private final double[] featureScale;
    private final double labelMean;
    private final double labelScale;

    /** The population of {@code table} (read for {@code task}) split with {@code seed}. */
    public DatasetPopulation(DatasetTask task, DatasetTable table, long seed) {
        this.task = task;
        this.table = table;
        this.seed = seed;
        this.p = task.features().size();
        this.featureMean = new double[p];
        this.featureScale = new double[p];
        Arrays.fill(featureScale, 1);
        double[] sum = new double[p + 1];
        double[] squares = new double[p + 1];
        long count = 0;
        if (task.standardize()) {
            for (int j = 0; j < table.users(); j++) {
                int[] order = permutation(j);
                int test = DatasetTask.testRows(order.length, task.testFraction());
                double[] x = table.features()[j];
                for (int r = test; r < order.length; r++) {
                    int i = order[r];
                    for (int f = 0; f < p; f++) {
                        sum[f] += x[i * p + f];
                    }
                    sum[p] += table.labels()[j][i];
                    count++;
                }
            }
            for (int c = 0; c <= p; c++) {
                sum[c] /= count;
            }
            for (int j = 0; j < table.users(); j++) {
                int[] order = permutation(j);
                int test = DatasetTask.testRows(order.length, task.testFraction());
                double[] x = table.features()[j];
                for (int r = test; r < order.length; r++) {
                    int i = order[r];
                    for (int f = 0; f < p; f++) {
                        double dev = x[i * p + f] - sum[f];
                        squares[f] += dev * dev;
                    }
                    double dev = table.labels()[j][i] - sum[p];
                    squares[p] += dev * dev;
                }
            }
            for (int f = 0; f < p; f++) {
                if (!task.features().get(f).categorical()) {
                    featureMean[f] = sum[f];
                    featureScale[f] = scale(squares[f], count);
                }
            }
            labelMean = sum[p];
            labelScale = scale(squares[p], count);
        } else {
            labelMean = 0;
            labelScale = 1;
        }
    }

    private static double scale(double squares, long count) {
        double sd = Math.sqrt(squares / count);
        return sd > 0 ? sd : 1;
    }

    @Override
    public long seed() {
        return seed;
    }

    @Override
    public DMatrixRMaj uStar() {
        return null;
    }

    /** Mean of the label over the training rows (0 without standardization). */
    public double labelMean() {
        return labelMean;
    }

    /** Standard deviation of the label over the training rows (1 without standardization). */
    public double labelScale() {
        return labelScale;
    }

    @Override
    public UserDataset user(int j) {
        int[] order = permutation(j);
        int m = order.length;
        int test = DatasetTask.testRows(m, task.testFraction());
        int d = task.dimension();
        double[] trainX = new double[(m - test) * d];
        double[] trainY = new double[m - test];
        double[] testX = new double[test * d];
        double[] testY = new double[test];
        for (int r = 0; r < m; r++) {
            int i = order[r];
            boolean isTest = r < test;
            int row = isTest ? r : r - test;
            encode(j, i, isTest ? testX : trainX, row * d);
            (isTest ? testY : trainY)[row] = (table.labels()[j][i] - labelMean) / labelScale;
        }
        return new UserDataset(j, d, trainX, trainY, null, null, testX, testY);
    }

    /** Writes row i of user j as its d model columns at {@code out[off ..]}. */
    private void encode(int j, int i, double[] out, int off) {
        double[] x = table.features()[j];
        int c = off;
        for (int f = 0; f < p; f++) {
            double value = x[i * p + f];
            int categories = task.categories().get(f).size();
            if (task.features().get(f).categorical()) {
                out[c + (int) value] = 1;
                c += categories;
            } else {
                out[c++] = (value - featureMean[f]) / featureScale[f];
            }
        }
        if (task.intercept()) {
            out[c] = 1;
        }
    }

    /** User j's rows in the order of its split: a Fisher–Yates shuffle on the stream ("dataset-split", j). */
    private int[] permutation(int j) {
        int m = table.labels()[j].length;
        int[] order = new int[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        SplittableRandom rng = RandomStreams.stream(seed, "dataset-split", j);
        for (int i = m - 1; i > 0; i--) {
            int k = rng.nextInt(i + 1);
            int tmp = order[i];
            order[i] = order[k];
            order[k] = tmp;
        }
        return order;
    }
}
