package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.data.Populations;
import org.privsim.core.run.Families;
import org.privsim.core.run.Placement;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.run.RunPlan;
import org.privsim.core.run.ScenarioPlan;
import org.privsim.core.run.StepBudget;
import org.privsim.core.scenario.Aggregation;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.sim.RunOutcome;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.CuratorCommand;
import org.privsim.protocol.GuardianCommand;

/**
 * The root of one local simulation, in three phases, one job at a time: (1) when the scenario has
 * low-rank runs, builds the population once, wires one aggregator per range of
 * {@code scenario.aggregation()} through a {@link RangeWiring} (children here, sharded entities on a
 * cluster) and runs every {@link RunPlan} in order,
 * one {@link CuratorActor} at a time; (2) runs every cell of the seam's families (indexed mean,
 * multi-task, transfer, federated; {@link Families#cells} order) under one {@link SeamCoordinator}
 * (several runs in flight, each placed with its participants by the {@link RunWiring}); (3) runs
 * audits, which are seam cells too ({@code AuditFamily}, last). It
 * completes {@code result} with everything in plan order.
 *
 * <p>Users are wired once; a run of a later repeat names its own population in its tasks and the
 * users regenerate their data sets for it (runs are ordered repeat-major, so that happens once per
 * repeat).
 *
 * <p>Guarantee: {@code result} is completed exactly once — with every job's result, or
 * exceptionally with the first failure — and the guardian then stops (which terminates the
 * actor system when it is the root). A curator or coordinator that stops without reporting counts as a failure.
 * Progress counts, like the sequential runner's, the low-rank steps plus one per seam cell (every
 * audit is one).
 */
public final class SimulationGuardian extends AbstractBehavior<GuardianCommand> {
    private final Scenario scenario;
    private final Populations populations;
    private final LocalSettings settings;
    private final Progress progress;
    private final CompletableFuture<Outcomes> result;
    private final List<RunPlan> runs;
    private final List<BoundCell> seamCells;
    private final long totalSteps;
    private final List<Consumer<AggregatorCommand>> aggregators = new ArrayList<>();
    private final List<RunOutcome> outcomes = new ArrayList<>();
    private final List<Object> seamRows = new ArrayList<>();
    private boolean seamStarted;
    private final RunWiring seamRuns;
    /** Participants per node per seam experiment (cluster only). */
    private final Map<Integer, Map<String, Integer>> placement = new TreeMap<>();
    private final DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
    private long doneSteps;

    /**
     * Everything a scenario produced.
     *
     * @param runs   low-rank outcomes in {@link ScenarioPlan} order
     * @param seam   the seam families' rows in {@link Families#cells} order
     * @param audits audit rows in scenario order
     * @param placement where each seam experiment's participants ran (cluster), or null (local)
     */
    public record Outcomes(List<RunOutcome> runs, List<ExperimentRow> seam,
                           List<AuditResult> audits, List<Placement> placement) {

        /** The report of {@code scenario} from these outcomes, as runner {@code runner} took {@code wallMillis}. */
        public Report report(Scenario scenario, String runner, long wallMillis) {
            List<Object> rows = new ArrayList<>(seam);
            rows.addAll(audits);
            return Families.report(scenario, runner, wallMillis, runs, rows).withPlacement(placement);
        }
    }

    /**
     * The guardian of a scenario run.
     *
     * @param wiring      where the aggregator ranges live
     * @param progress receives scenario-wide progress
     * @param result   completed with every job's result
     */
    public static Behavior<GuardianCommand> create(Scenario scenario, RangeWiring wiring,
                                                   RunWiring seamRuns, LocalSettings settings, Progress progress,
                                                   CompletableFuture<Outcomes> result) {
        return Behaviors.setup(ctx -> new SimulationGuardian(ctx, scenario, wiring, seamRuns, settings, progress, result).startNext());
    }

    private SimulationGuardian(ActorContext<GuardianCommand> ctx, Scenario scenario, RangeWiring wiring,
                               RunWiring seamRuns, LocalSettings settings,
                               Progress progress, CompletableFuture<Outcomes> result) {
        super(ctx);
        this.seamRuns = seamRuns;
        this.scenario = scenario;
        this.settings = settings;
        this.progress = progress;
        this.result = result;
        this.runs = ScenarioPlan.runs(scenario);
        this.seamCells = Families.cells(scenario);
        this.totalSteps = StepBudget.total(runs) + seamCells.size();
        if (runs.isEmpty()) {
            this.populations = null;
            return;
        }
        this.populations = new Populations(scenario.task(), scenario.seed());
        Aggregation agg = scenario.aggregation();
        int n = scenario.lowRankTask().users();
        for (int r = 0; r < agg.ranges(n); r++) {
            aggregators.add(wiring.aggregator(ctx, r, agg.rangeStart(r), agg.rangeEnd(r, n), populations));
        }
    }

    @Override
    public Receive<GuardianCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(GuardianCommand.RunCompleted.class, this::onCompleted)
                .onMessage(GuardianCommand.RunFailed.class, this::onFailed)
                .onMessage(GuardianCommand.SeamCellCompleted.class, this::onSeamCellCompleted)
                .onMessage(GuardianCommand.SeamCellFailed.class, m -> fail(seamStarted
                        && seamRows.size() < seamCells.size(), (m.cell() < 0 ? "" : seamCells.get(m.cell()).label()
                        + ": ") + m.reason()))
                .build();
    }

    private Behavior<GuardianCommand> startNext() {
        if (outcomes.size() < runs.size()) {
            return startRun(outcomes.size());
        }
        long before = StepBudget.total(runs) + seamRows.size();
        if (seamRows.size() < seamCells.size()) {
            if (!seamStarted) {
                seamStarted = true;
                ActorRef<CoordinatorCommand> coordinator = getContext().spawn(SeamCoordinator.create(seamCells,
                        scenario.seed(), seamRuns, (done, total, message) -> progress.update(before, totalSteps,
                                message), getContext().getSelf()), "seam");
                getContext().watchWith(coordinator, new GuardianCommand.SeamCellFailed(-1, "the seam coordinator"
                        + " stopped without a result"));
            }
            return this;
        }
        List<Placement> where = placement.isEmpty() ? null : placement.entrySet().stream()
                .map(e -> new Placement(e.getKey(), e.getValue())).toList();
        List<ExperimentRow> experiments = new ArrayList<>();
        List<AuditResult> audits = new ArrayList<>();
        for (Object row : seamRows) {
            if (row instanceof AuditResult audit) {
                audits.add(audit);
            } else {
                experiments.add((ExperimentRow) row);
            }
        }
        result.complete(new Outcomes(List.copyOf(outcomes), List.copyOf(experiments), List.copyOf(audits), where));
        return Behaviors.stopped();
    }

    private Behavior<GuardianCommand> startRun(int index) {
        RunPlan run = runs.get(index);
        long before = doneSteps;
        Progress runProgress = progress.forRun(before, totalSteps, run.label());
        ActorRef<CuratorCommand> curator = getContext().spawn(
                CuratorActor.create(index, run.newDriver(scenario.lowRankTask(run.spec()), populations.get(run.population()).uStar()), aggregators,
                        scenario.aggregation(), settings,
                        runProgress, getContext().getSelf(), scenario.lowRankTask().users(), scenario.lowRankTask().dimension()),
                "curator-" + index, compute);
        getContext().watchWith(curator, new GuardianCommand.RunFailed(index, "the curator of run " + index
                + " (" + run.label() + ") stopped without a result"));
        return this;
    }

    private Behavior<GuardianCommand> onCompleted(GuardianCommand.RunCompleted m) {
        if (m.run() != outcomes.size()) {
            return this;
        }
        RunPlan run = runs.get(m.run());
        outcomes.add(m.outcome());
        doneSteps += StepBudget.of(run);
        progress.update(doneSteps, totalSteps, run.label() + " done");
        return startNext();
    }

    private Behavior<GuardianCommand> onFailed(GuardianCommand.RunFailed m) {
        return fail(m.run() == outcomes.size(), runs.get(m.run()).label() + ": " + m.reason());
    }

    private Behavior<GuardianCommand> onSeamCellCompleted(GuardianCommand.SeamCellCompleted m) {
        if (m.cell() != seamRows.size() || outcomes.size() != runs.size()) {
            return this;
        }
        seamRows.add(m.row());
        if (m.placement() != null && m.row() instanceof ExperimentRow row) {
            m.placement().forEach((node, count) -> placement.computeIfAbsent(row.experiment(),
                    e -> new TreeMap<>()).merge(node, count, Integer::sum));
        }
        progress.update(StepBudget.total(runs) + seamRows.size(), totalSteps,
                seamCells.get(m.cell()).label() + " done");
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
