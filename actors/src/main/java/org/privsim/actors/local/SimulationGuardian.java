package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.data.LowRankData;
import org.privsim.core.run.Progress;
import org.privsim.core.run.RunPlan;
import org.privsim.core.run.ScenarioPlan;
import org.privsim.core.run.StepBudget;
import org.privsim.core.scenario.Aggregation;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.sim.RunOutcome;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.CuratorCommand;
import org.privsim.protocol.GuardianCommand;

/**
 * The root of one local simulation: builds the population once, spawns one aggregator per range
 * of {@code scenario.aggregation()} (each spawns its users), then runs every {@link RunPlan} of the
 * scenario in order, one {@link CuratorActor} at a time, and completes {@code result} with the
 * outcomes in plan order.
 *
 * <p>Guarantee: {@code result} is completed exactly once — with every run's outcome, or
 * exceptionally with the first failure — and the guardian then stops (which terminates the
 * actor system). A curator that stops without reporting counts as a failure.
 */
public final class SimulationGuardian extends AbstractBehavior<GuardianCommand> {
    private final Scenario scenario;
    private final LowRankData population;
    private final LocalSettings settings;
    private final Progress progress;
    private final CompletableFuture<List<RunOutcome>> result;
    private final List<RunPlan> runs;
    private final long totalSteps;
    private final List<ActorRef<AggregatorCommand>> aggregators = new ArrayList<>();
    private final List<RunOutcome> outcomes = new ArrayList<>();
    private final DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
    private long doneSteps;

    /**
     * The guardian of a scenario run.
     *
     * @param faults   injected user faults by id (tests only; empty otherwise)
     * @param progress receives scenario-wide progress
     * @param result   completed with the outcomes in {@link ScenarioPlan} order
     */
    public static Behavior<GuardianCommand> create(Scenario scenario, Map<Integer, UserFault> faults,
                                                   LocalSettings settings, Progress progress,
                                                   CompletableFuture<List<RunOutcome>> result) {
        return Behaviors.setup(ctx -> new SimulationGuardian(ctx, scenario, faults, settings, progress, result)
                .startNext());
    }

    private SimulationGuardian(ActorContext<GuardianCommand> ctx, Scenario scenario, Map<Integer, UserFault> faults,
                               LocalSettings settings, Progress progress,
                               CompletableFuture<List<RunOutcome>> result) {
        super(ctx);
        this.scenario = scenario;
        this.population = new LowRankData(scenario.lowRankTask(), scenario.seed());
        this.settings = settings;
        this.progress = progress;
        this.result = result;
        this.runs = ScenarioPlan.runs(scenario);
        this.totalSteps = StepBudget.total(runs);
        Aggregation agg = scenario.aggregation();
        int n = scenario.lowRankTask().users();
        for (int r = 0; r < agg.ranges(n); r++) {
            aggregators.add(ctx.spawn(AggregatorActor.create(r, agg.rangeStart(r), agg.rangeEnd(r, n), population,
                    faults, compute), "range-" + r));
        }
    }

    @Override
    public Receive<GuardianCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(GuardianCommand.RunCompleted.class, this::onCompleted)
                .onMessage(GuardianCommand.RunFailed.class, this::onFailed)
                .build();
    }

    private Behavior<GuardianCommand> startNext() {
        if (outcomes.size() == runs.size()) {
            result.complete(List.copyOf(outcomes));
            return Behaviors.stopped();
        }
        int index = outcomes.size();
        RunPlan run = runs.get(index);
        long before = doneSteps;
        Progress runProgress = (done, total, message) ->
                progress.update(before + done, totalSteps, run.label() + " " + message);
        ActorRef<CuratorCommand> curator = getContext().spawn(
                CuratorActor.create(index, run.newDriver(scenario.lowRankTask(), population.uStar()), aggregators, settings,
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
        if (m.run() != outcomes.size()) {
            return this;
        }
        result.completeExceptionally(new IllegalStateException(runs.get(m.run()).label() + ": " + m.reason()));
        return Behaviors.stopped();
    }
}
