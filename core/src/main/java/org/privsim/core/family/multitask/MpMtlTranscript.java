package org.privsim.core.family.multitask;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.privacy.ReleaseTap;

/**
 * What an MP-MTL canary game observes in one trial: for every covariance release t = 1..T, the
 * clipped models w̃_i the curator received and the M⁽ᵗ⁾ it sent (the released Σ⁽ᵗ⁾ themselves, with
 * their records, go to the tap a white-box game passes to {@link #play}).
 *
 * <p>Guarantee: {@link #play} runs the ordinary {@link MultitaskCurator} and {@link TaskLearner}
 * code — the loop of the sequential multi-task runner, tasks in id order — so a trial is exactly
 * one run of the mechanism on {@code data} with the root seed {@code trialSeed}.
 *
 * @param models      models.get(t)[i]: task i's clipped model in release t + 1
 * @param projections projections.get(t): the M of release t + 1 (d × d row-major, or its diagonal)
 */
record MpMtlTranscript(List<double[][]> models, List<double[]> projections) {

    /**
     * One run of {@code cell}'s mechanism on {@code data} (task i's data at index i).
     *
     * @param tap sees the curator's Gaussian releases ({@link MultitaskCurator}), or null
     */
    static MpMtlTranscript play(MultitaskRunPlan cell, TaskData[] data, long trialSeed, ReleaseTap tap) {
        TaskSettings settings = cell.taskSettings(trialSeed, 0);
        TaskLearner[] tasks = new TaskLearner[data.length];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = new TaskLearner(data[i], settings);
        }
        MultitaskCurator curator = new MultitaskCurator(cell, 0, 0, trialSeed, tap);
        List<double[][]> inputs = new ArrayList<>();
        List<double[]> projections = new ArrayList<>();
        TaskRequest request = curator.start();
        while (!(request instanceof TaskRequest.Evaluate)) {
            double[][] models = new double[tasks.length][];
            for (int i = 0; i < tasks.length; i++) {
                models[i] = tasks[i].answer(request);
            }
            request = curator.onModels(models);
            if (request instanceof TaskRequest.Project p) {
                inputs.add(models);
                projections.add(p.projection());
            }
        }
        return new MpMtlTranscript(inputs, projections);
    }

    /**
     * The canary task: {@code ordinary}'s validation and test rows, and n training rows all equal to
     * the unit vector {@code direction} with every label {@code label}.
     */
    static TaskData canary(TaskData ordinary, double[] direction, double label) {
        int n = ordinary.samples();
        int d = direction.length;
        double[] x = new double[n * d];
        double[] y = new double[n];
        for (int row = 0; row < n; row++) {
            System.arraycopy(direction, 0, x, row * d, d);
            y[row] = label;
        }
        return new TaskData(ordinary.task(), d, x, y, ordinary.validX(), ordinary.validY(), ordinary.testX(),
                ordinary.testY(), new double[d]);
    }

    /**
     * The label a whose ridge model on n rows x = c (unit c) is {@code scale}·K·c: minimising
     * Σ (a − w·c)² + μ‖w‖² gives w = c·na/(n + μ), so a = scale·K(n + μ)/n.
     */
    static double canaryLabel(double scale, double clipModel, int samples, double ridge) {
        return scale * clipModel * (samples + ridge) / samples;
    }
}
