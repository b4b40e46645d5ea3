package org.privsim.core.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.sim.SequentialCollector;
import org.privsim.core.sim.Driver;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.RunOutcome;
import org.privsim.core.sim.UserTask;

/**
 * The white-box adversary of the low-rank drivers' Gaussian releases (priv-altmin with either U-step,
 * single-model-dp), from their records: it runs the ordinary driver in the played world with a
 * {@link ReleaseTranscript} as its tap; for every request the curator made — whose billboard fields
 * (the published U of the round before, the participants) the adversary observed — it computes both
 * worlds' exact sums with the same collection code, reads off each release's pre-noise statistic by
 * the record's name ({@code "init"}: the initialisation matrix, {@code "S"}: the feature second moment,
 * both packed; {@code "A"}: the U-step or sufficient-statistics Gram matrix, packed; {@code "b"}: the
 * moment vector) and sums the releases' exact Gaussian log-likelihood ratios at their records' σ.
 *
 * <p>The releases are adaptive (round t's sums depend on U_{t−1}, computed from earlier noisy
 * releases); computing both worlds' round-t sums from the realised U_{t−1} gives the conditional
 * density of release t given the earlier ones, and by the chain rule their ratios multiply to the
 * likelihood ratio of the whole transcript: the Neyman–Pearson test of the two worlds. For a correct
 * ρ-zCDP composition it is N(±μ²/2, μ²) (+ in world 1) with μ² = Σ_releases ‖S¹ − S⁰‖²/σ² ≤ 2ρ.
 *
 * <p>Guarantee: a pure function of the worlds' data, the driver and the world; the score's bits do
 * not depend on where it is computed.
 */
public final class LowRankWhiteBox {
    private LowRankWhiteBox() {}

    /**
     * The white-box score of one run: the driver {@code driverOf} builds around the tap, run on
     * {@code worlds[world]}.
     *
     * @param worlds   the two worlds' users (they differ only in the target's data)
     * @param world    the played world
     * @param driverOf builds the run's driver with the given tap
     */
    public static double score(SequentialCollector[] worlds, int world, Function<ReleaseTranscript, Driver> driverOf) {
        ReleaseTranscript transcript = new ReleaseTranscript();
        List<UserTask> requests = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        RunOutcome outcome = worlds[world].run(driverOf.apply(transcript), (step, task) -> {
            requests.add(task);
            ends.add(transcript.size());
        });
        transcript.checkAgainst(outcome.releases());
        List<ReleaseTranscript.Entry> entries = transcript.entries();
        double llr = 0;
        int from = 0;
        for (int i = 0; i < requests.size(); i++) {
            int to = ends.get(i);
            if (to > from) {
                UserTask request = requests.get(i);
                Object[] sums = new Object[2];
                for (int w = 0; w < 2; w++) {
                    sums[w] = request instanceof UserTask.Init init ? worlds[w].collect(init)
                            : worlds[w].collect((UserTask.Round) request);
                }
                for (int r = from; r < to; r++) {
                    String name = entries.get(r).record().name();
                    llr += transcript.llr(r, statistic(name, sums[0]), statistic(name, sums[1]));
                }
            }
            from = to;
        }
        return llr;
    }

    /** The pre-noise statistic a release named {@code name} adds noise to, from its request's exact sum. */
    private static double[] statistic(String name, Object sum) {
        if (sum instanceof InitSum init) {
            return switch (name) {
                case "init" -> init.matrix(0);
                case "S" -> init.matrix(1);
                default -> throw new IllegalStateException("no initialisation statistic '" + name + "'");
            };
        }
        RoundSum round = (RoundSum) sum;
        return switch (name) {
            case "A" -> {
                double[] a = round.matrixA();
                yield PackedSymmetric.pack(a, (int) Math.round(Math.sqrt(a.length)));
            }
            case "b" -> round.vectorB();
            default -> throw new IllegalStateException("no round statistic '" + name + "'");
        };
    }
}
