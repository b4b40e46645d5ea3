package org.privsim.actors.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.report.Chart;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.Report;

/**
 * The clip's trajectory of the report's rows with an adaptive clip (dp-fedavg and dp-fedrep with
 * {@code clipping: adaptive}): {@code clip-trajectory.csv}, one line per (row, round) with the mean,
 * smallest and largest clip C_t over the row's repeats, and {@code clip-trajectory.png}, the mean
 * against the round, one series per row. A round's clip is the sensitivity of its recorded release,
 * the clip the round's updates were clipped to.
 *
 * <p>Guarantee: written only when some row's runs record releases whose sensitivities differ between
 * rounds (a fixed clip records one folded release per run, so its rows never appear); pure functions
 * of the report's rows, in row order.
 */
public final class ClipTrajectory {
    /** What to read from this plot: the caption {@code report.html} shows under it. */
    static final String CAPTION = "The adaptive clip C_t against the round, mean over the row's repeats: it rises"
            + " while fewer than the target quantile of the sampled updates fit under it, and falls otherwise.";

    private ClipTrajectory() {}

    /** One row's trajectory: its index in the report and each round's mean, smallest and largest clip. */
    private record Trajectory(int row, ExperimentResult result, double[] mean, double[] min, double[] max) {}

    /** Whether {@code report} has a row with an adaptive clip (then both files are written). */
    public static boolean applies(Report report) {
        return !trajectories(report).isEmpty();
    }

    /** {@code clip-trajectory.csv}: row, experiment, algorithm, epsilon, round, meanClip, minClip, maxClip. */
    public static String csv(Report report) {
        StringBuilder out = new StringBuilder("row,experiment,algorithm,epsilon,round,meanClip,minClip,maxClip\n");
        for (Trajectory t : trajectories(report)) {
            for (int r = 0; r < t.mean().length; r++) {
                out.append(t.row()).append(',').append(t.result().experiment()).append(',')
                        .append(t.result().algorithm()).append(',').append(t.result().epsilon()).append(',')
                        .append(r + 1).append(',').append(t.mean()[r]).append(',').append(t.min()[r]).append(',')
                        .append(t.max()[r]).append('\n');
            }
        }
        return out.toString();
    }

    /** Writes {@code clip-trajectory.png}. */
    public static void write(Report report, Path png) throws IOException {
        List<Chart.Series> series = new ArrayList<>();
        for (Trajectory t : trajectories(report)) {
            double[] rounds = new double[t.mean().length];
            for (int r = 0; r < rounds.length; r++) {
                rounds[r] = r + 1;
            }
            series.add(new Chart.Series(String.format(Locale.ROOT, "row %d: %s ε = %s", t.row(), t.result().algorithm(),
                    t.result().epsilon()), rounds, t.mean(), Chart.Line.MARKED));
        }
        LinePlot.write(List.of(new Chart(report.scenario() + ": adaptive clip by round", "round", "clip C_t (log scale)",
                false, true, 1000, 750, Chart.Legend.BELOW, series)), png);
    }

    private static List<Trajectory> trajectories(Report report) {
        List<Trajectory> out = new ArrayList<>();
        List<ExperimentRow> rows = report.experiments();
        for (int i = 0; i < rows.size(); i++) {
            if (!(rows.get(i) instanceof ExperimentResult row) || row.releases() == null || row.releases().isEmpty()
                    || !adaptive(row.releases().get(0))) {
                continue;
            }
            int rounds = row.releases().get(0).releases().size();
            double[] mean = new double[rounds];
            double[] min = new double[rounds];
            double[] max = new double[rounds];
            java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
            int runs = 0;
            for (ReleaseLog log : row.releases()) {
                List<Release> releases = log.releases();
                for (int r = 0; r < Math.min(rounds, releases.size()); r++) {
                    double clip = releases.get(r).sensitivity();
                    mean[r] += clip;
                    min[r] = Math.min(min[r], clip);
                    max[r] = Math.max(max[r], clip);
                }
                runs++;
            }
            for (int r = 0; r < rounds; r++) {
                mean[r] /= runs;
            }
            out.add(new Trajectory(i, row, mean, min, max));
        }
        return out;
    }

    /** Whether a run's log is an adaptive clip's: sampled Gaussian releases whose sensitivities differ. */
    private static boolean adaptive(ReleaseLog log) {
        List<Release> releases = log.releases();
        return releases.size() > 1 && releases.stream().allMatch(r -> r.mechanism() == Release.Mechanism.SAMPLED_GAUSSIAN)
                && releases.stream().mapToDouble(Release::sensitivity).distinct().count() > 1;
    }
}
