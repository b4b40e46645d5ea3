package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.family.Families;
import org.privsim.core.run.Placement;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.GuardianCommand;

/**
 * The root of one local simulation: runs every cell of the seam's families (low-rank drivers,
 * indexed mean, multi-task, transfer, federated, ratings, and the audits last; {@link Families#cells}
 * order) under one {@link SeamCoordinator} (several runs in flight, each placed with its
 * participants by the {@link RunWiring}), and completes {@code result} with the rows in order.
 *
 * <p>Guarantee: {@code result} is completed exactly once — with every cell's row, or exceptionally
 * with the first failure — and the guardian then stops (which terminates the actor system when it
 * is the root). A coordinator that stops without reporting counts as a failure. Progress counts one
 * step per seam cell (every audit is one).
 */
public final class SimulationGuardian extends AbstractBehavior<GuardianCommand> {
    private final Scenario scenario;
    private final Progress progress;
    private final CompletableFuture<Outcomes> result;
    private final List<BoundCell> seamCells;
    private final List<Object> seamRows = new ArrayList<>();
    private boolean seamStarted;
    private final RunWiring seamRuns;
    /** Participants per node per seam experiment (cluster only). */
    private final Map<Integer, Map<String, Integer>> placement = new TreeMap<>();
    /** Each experiment's spread runs' network use, {bytes, steps}. */
    private final Map<Integer, long[]> wire = new TreeMap<>();

    /**
     * Everything a scenario produced.
     *
     * @param seam   the seam families' experiment rows in {@link Families#cells} order
     * @param audits audit rows in scenario order
     * @param placement where each seam experiment's participants ran (cluster), or null (local)
     */
    public record Outcomes(List<ExperimentRow> seam, List<AuditResult> audits, List<Placement> placement) {

        /** The report of {@code scenario} from these outcomes, as runner {@code runner} took {@code wallMillis}. */
        public Report report(Scenario scenario, String runner, long wallMillis) {
            List<Object> rows = new ArrayList<>(seam);
            rows.addAll(audits);
            return Families.report(scenario, runner, wallMillis, rows).withPlacement(placement);
        }
    }

    /**
     * The guardian of a scenario run.
     *
     * @param seamRuns where the seam's runs live
     * @param progress receives scenario-wide progress
     * @param result   completed with every cell's row
     */
    public static Behavior<GuardianCommand> create(Scenario scenario, RunWiring seamRuns, Progress progress,
                                                   CompletableFuture<Outcomes> result) {
        return Behaviors.setup(ctx -> new SimulationGuardian(ctx, scenario, seamRuns, progress, result).startNext());
    }

    private SimulationGuardian(ActorContext<GuardianCommand> ctx, Scenario scenario, RunWiring seamRuns,
                               Progress progress, CompletableFuture<Outcomes> result) {
        super(ctx);
        this.seamRuns = seamRuns;
        this.scenario = scenario;
        this.progress = progress;
        this.result = result;
        this.seamCells = Families.cells(scenario);
    }

    @Override
    public Receive<GuardianCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(GuardianCommand.SeamCellCompleted.class, this::onSeamCellCompleted)
                .onMessage(GuardianCommand.SeamCellFailed.class, m -> fail(seamStarted
                        && seamRows.size() < seamCells.size(), (m.cell() < 0 ? "" : seamCells.get(m.cell()).label()
                        + ": ") + m.reason()))
                .build();
    }

    private Behavior<GuardianCommand> startNext() {
        long before = seamRows.size();
        if (seamRows.size() < seamCells.size()) {
            if (!seamStarted) {
                seamStarted = true;
                ActorRef<CoordinatorCommand> coordinator = getContext().spawn(SeamCoordinator.create(seamCells,
                        scenario.seed(), seamRuns, (done, total, message) -> progress.update(before,
                                seamCells.size(), message), getContext().getSelf()), "seam");
                getContext().watchWith(coordinator, new GuardianCommand.SeamCellFailed(-1, "the seam coordinator"
                        + " stopped without a result"));
            }
            return this;
        }
        List<Placement> where = placement.isEmpty() ? null : placement.entrySet().stream()
                .map(e -> Placement.of(e.getKey(), e.getValue(), wire.get(e.getKey()))).toList();
        Families.Rows rows = Families.split(seamRows);
        result.complete(new Outcomes(rows.experiments(), rows.audits(), where));
        return Behaviors.stopped();
    }

    private Behavior<GuardianCommand> onSeamCellCompleted(GuardianCommand.SeamCellCompleted m) {
        if (m.cell() != seamRows.size()) {
            return this;
        }
        seamRows.add(m.row());
        if (m.placement() != null && m.row() instanceof ExperimentRow row) {
            m.placement().forEach((node, count) -> placement.computeIfAbsent(row.experiment(),
                    e -> new TreeMap<>()).merge(node, count, Integer::sum));
            if (m.wire() != null) {
                long[] sum = wire.computeIfAbsent(row.experiment(), e -> new long[2]);
                sum[0] += m.wire()[0];
                sum[1] += m.wire()[1];
            }
        }
        progress.update(seamRows.size(), seamCells.size(), seamCells.get(m.cell()).label() + " done");
        return startNext();
    }

    /** Fails the scenario when {@code current} (the failure is about the job now running), else ignores it. */
    private Behavior<GuardianCommand> fail(boolean current, String reason) {
        if (!current) {
            return this;
        }
        result.completeExceptionally(new IllegalStateException(reason));
        return Behaviors.stopped();
    }
}
