package org.privsim.actors.local;

import com.typesafe.config.Config;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.LoggerFactory;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.scenario.Scenario;

/**
 * Runs a scenario on Pekko actors in one local {@link ActorSystem} under a
 * {@link SimulationGuardian}: a {@link RunCuratorActor} per run of every seam family with its
 * participants (or, on a shared context, its workers) — low-rank runs, indexed-mean repeats, …, and
 * audits' trial batches, whose adversary is one of the participants.
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

    /** A runner with the default configuration (see {@link LocalSettings#defaultConfig()}). */
    public LocalRunner(Scenario scenario) {
        this(scenario, LocalSettings.defaultConfig());
    }

    /** A runner with an explicit configuration (tests). */
    public LocalRunner(Scenario scenario, Config config) {
        this.scenario = scenario;
        this.config = config;
    }

    /** Runs every run of the scenario and returns the report. */
    public Report run(Progress progress) {
        long start = System.nanoTime();
        SimulationGuardian.Outcomes all = runActors(progress);
        long wall = (System.nanoTime() - start) / 1_000_000;
        return all.report(scenario, NAME, wall);
    }

    private SimulationGuardian.Outcomes runActors(Progress progress) {
        CompletableFuture<SimulationGuardian.Outcomes> outcomes = new CompletableFuture<>();
        // Initialise logback before Pekko's logger threads race to do it (SLF4J would print a
        // "replayed logging calls" notice on stderr).
        LoggerFactory.getILoggerFactory();
        ActorSystem<?> system = ActorSystem.create(SimulationGuardian.create(scenario, RunWiring.local(progress),
                progress, outcomes), "privsim", config);
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
