package org.privsim.core.run;

/**
 * Mean and standard error of a quantity over independent repeats, summed in repeat order, so a
 * report's averages are bit-identical whichever runner produced the repeats.
 */
public final class RepeatStatistics {
    private RepeatStatistics() {}

    /** Σ values / n, summed in index order. */
    public static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** Sample standard deviation / √n (n ≥ 2), deviations from {@link #mean} summed in index order. */
    public static double standardError(double[] values) {
        int n = values.length;
        double mean = mean(values);
        double squares = 0;
        for (double v : values) {
            double dev = v - mean;
            squares += dev * dev;
        }
        return Math.sqrt(squares / (n - 1) / n);
    }
}
