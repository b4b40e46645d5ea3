package org.privsim.actors.local;

import com.typesafe.config.Config;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.LoggerFactory;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.run.ScenarioPlan;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.sim.RunOutcome;

/**
 * Runs a scenario on Pekko actors in one local {@link ActorSystem} under a
 * {@link SimulationGuardian}: users, aggregators and a curator per low-rank run; a
 * {@link RunCuratorActor} with its participants per run of every seam family (indexed-mean repeats,
 * …, and audits' trial batches, whose adversary is one of the participants).
 *
 * <p>Guarantee: without injected faults the report equals the {@code sequential} runner's field
 * for field except {@code runner} ({@code "local"}) and {@code wallMillis}. {@link #run} blocks
 * (the only blocking point of the runtime), always terminates the actor system it started, and
 * throws {@link IllegalStateException} when a run fails.
 */
public final class LocalRunner {
    /** Runner name in reports. */
    public static final String NAME = "local";

    private final Scenario scenario;
    private final Config config;
    private final Map<Integer, UserFault> faults;

    /** A runner with the default configuration (see {@link LocalSettings#defaultConfig()}). */
    public LocalRunner(Scenario scenario) {
        this(scenario, LocalSettings.defaultConfig(), Map.of());
    }

    /**
     * A runner with an explicit configuration and injected faults (tests).
     *
     * @param faults fault by user id
     */
    public LocalRunner(Scenario scenario, Config config, Map<Integer, UserFault> faults) {
        this.scenario = scenario;
        this.config = config;
        this.faults = Map.copyOf(faults);
    }

    /** Runs every run of the scenario and returns the report. */
    public Report run(Progress progress) {
        return runWithOutcomes(progress).report();
    }

    /** The report together with the raw outcomes in {@link ScenarioPlan} order (tests inspect them). */
    public record Result(Report report, List<RunOutcome> outcomes) {}

    /** Runs every run of the scenario; see {@link #run(Progress)}. */
    public Result runWithOutcomes(Progress progress) {
        long start = System.nanoTime();
        SimulationGuardian.Outcomes all = runActors(progress);
        long wall = (System.nanoTime() - start) / 1_000_000;
        return new Result(all.report(scenario, NAME, wall), all.runs());
    }

    private SimulationGuardian.Outcomes runActors(Progress progress) {
        CompletableFuture<SimulationGuardian.Outcomes> outcomes = new CompletableFuture<>();
        // Initialise logback before Pekko's logger threads race to do it (SLF4J would print a
        // "replayed logging calls" notice on stderr).
        LoggerFactory.getILoggerFactory();
        ActorSystem<?> system = ActorSystem.create(SimulationGuardian.create(scenario, RangeWiring.local(faults), RunWiring.local(),
                LocalSettings.from(config), progress, outcomes), "privsim", config);
        system.getWhenTerminated().thenRun(() -> outcomes.completeExceptionally(
                new IllegalStateException("the actor system stopped before the scenario finished")));
        try {
            return outcomes.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof IllegalStateException ise ? ise : new IllegalStateException(e.getCause());
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }
}
