package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.run.Progress;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.RunOrder;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.GuardianCommand;

/**
 * Runs every cell of the seam's families: each run (in {@link RunOrder}: cell by cell, run by run,
 * except that runs sharing a context go together) is its own
 * {@link RunCuratorActor} with its participants, started through the {@link RunWiring} (here, or on a
 * cluster's users node), {@value #RUNS_IN_FLIGHT} in flight at once across
 * cells, so one cell's last run overlaps the next cell's first; a cell's row is the family's row of
 * its outcomes in run order, whatever order they finished in, and rows go to the guardian in cell
 * order.
 *
 * <p>Guarantee: every row equals the sequential interpreter's bit for bit. Sends one
 * {@link GuardianCommand.SeamCellCompleted} per cell, in cell order, then stops — or one
 * {@link GuardianCommand.SeamCellFailed} and stops; a curator that stops without reporting fails its
 * cell (its stop after reporting is ignored). Progress gets (runs done, runs, message) when a run
 * finishes and when a run that lasts says how many steps it took ({@link CoordinatorCommand.RunStepped}).
 */
public final class SeamCoordinator extends AbstractBehavior<CoordinatorCommand> {
    /** Runs (each with its participants) in flight at once. */
    static final int RUNS_IN_FLIGHT = org.privsim.core.family.MemoryModel.SEAM_RUNS_IN_FLIGHT;

    private final List<BoundCell> cells;
    private final long seed;
    private final RunWiring wiring;
    private final Progress progress;
    private final ActorRef<GuardianCommand> guardian;
    private final Object[][] outcomes;
    private final int[] remaining;
    /** Participants per node over each cell's finished runs (cluster), or null. */
    private final List<Map<String, Integer>> placement = new ArrayList<>();
    /** Each cell's spread runs' network use so far, {bytes, steps} (null: none spread). */
    private final long[][] wire;
    /** Every (cell, run) in {@link RunOrder}, and how many were started, finished, and whose rows went out. */
    private final int[][] order;
    private int started;
    private int done;
    private int reported;

    /**
     * The coordinator of {@code cells} ({@code Families.cells} order).
     *
     * @param seed     the scenario's root seed
     * @param progress receives (runs done, runs, message)
     */
    public static Behavior<CoordinatorCommand> create(List<BoundCell> cells, long seed, RunWiring wiring,
                                                      Progress progress, ActorRef<GuardianCommand> guardian) {
        return Behaviors.setup(ctx -> new SeamCoordinator(ctx, cells, seed, wiring, progress, guardian).startRuns());
    }

    private SeamCoordinator(ActorContext<CoordinatorCommand> ctx, List<BoundCell> cells, long seed,
                            RunWiring wiring, Progress progress, ActorRef<GuardianCommand> guardian) {
        super(ctx);
        this.cells = List.copyOf(cells);
        this.seed = seed;
        this.wiring = wiring;
        this.progress = progress;
        this.guardian = guardian;
        this.outcomes = new Object[cells.size()][];
        this.remaining = new int[cells.size()];
        this.wire = new long[cells.size()][];
        for (int c = 0; c < cells.size(); c++) {
            int runs = cells.get(c).runs();
            outcomes[c] = new Object[runs];
            remaining[c] = runs;
            placement.add(null);
        }
        this.order = RunOrder.of(cells, seed).stream().map(r -> new int[] {r.cell(), r.run()}).toArray(int[][]::new);
    }

    @Override
    public Receive<CoordinatorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(CoordinatorCommand.RunFinished.class, this::onFinished)
                .onMessage(CoordinatorCommand.RunStepped.class, m -> {
                    if (outcomes[m.cell()][m.run()] == null) {
                        progress.update(done, order.length, cells.get(m.cell()).label() + " run " + (m.run() + 1)
                                + "/" + outcomes[m.cell()].length + ", step " + m.steps());
                    }
                    return this;
                })
                .onMessage(CoordinatorCommand.RunFailed.class, m -> {
                    if (outcomes[m.cell()][m.run()] != null) {
                        return this;
                    }
                    guardian.tell(new GuardianCommand.SeamCellFailed(m.cell(), m.reason()));
                    return Behaviors.stopped();
                })
                .build();
    }

    private Behavior<CoordinatorCommand> startRuns() {
        while (started < order.length && started - done < RUNS_IN_FLIGHT) {
            int cell = order[started][0];
            int run = order[started][1];
            started++;
            wiring.start(getContext(), cells.get(cell), run, seed);
        }
        return report();
    }

    private Behavior<CoordinatorCommand> onFinished(CoordinatorCommand.RunFinished m) {
        if (outcomes[m.cell()][m.run()] != null) {
            return this;
        }
        outcomes[m.cell()][m.run()] = m.outcome();
        if (m.placement() != null) {
            Map<String, Integer> where = placement.get(m.cell()) == null ? new TreeMap<>() : placement.get(m.cell());
            m.placement().forEach((node, count) -> where.merge(node, count, Integer::sum));
            placement.set(m.cell(), where);
        }
        if (m.wire() != null) {
            long[] sum = wire[m.cell()] == null ? new long[2] : wire[m.cell()];
            sum[0] += m.wire()[0];
            sum[1] += m.wire()[1];
            wire[m.cell()] = sum;
        }
        remaining[m.cell()]--;
        done++;
        progress.update(done, order.length, cells.get(m.cell()).label() + " run " + (m.run() + 1) + "/"
                + outcomes[m.cell()].length);
        return startRuns();
    }

    /** Sends the rows of the finished cells that follow the last one sent; stops after the last cell. */
    private Behavior<CoordinatorCommand> report() {
        while (reported < cells.size() && remaining[reported] == 0) {
            guardian.tell(new GuardianCommand.SeamCellCompleted(reported,
                    cells.get(reported).row(Arrays.asList(outcomes[reported])), placement.get(reported),
                    wire[reported]));
            reported++;
        }
        return reported == cells.size() ? Behaviors.stopped() : this;
    }
}
