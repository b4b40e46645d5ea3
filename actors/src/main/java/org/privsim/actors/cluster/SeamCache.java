package org.privsim.actors.cluster;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.privsim.core.run.Families;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;

/**
 * The node-local scenarios and run contexts of recent seam jobs, so the hosts of one run on a node
 * share one context (a population, a task's data set …) instead of each rebuilding it, and a job's
 * scenario is parsed once per node.
 *
 * <p>Guarantee: {@link #run} returns the cell {@code Families.cells(scenario).get(cell)} of the
 * submitted scenario and that cell's {@code context(run, seed)} — pure functions of the scenario, so
 * the cache only saves work; at most {@value #SCENARIOS} scenarios and {@value #CONTEXTS} contexts
 * are kept, least recently used evicted first. Thread-safe.
 */
final class SeamCache {
    static final int SCENARIOS = 4;
    static final int CONTEXTS = 16;

    /**
     * What a host of one run needs.
     *
     * @param cell    the run's cell
     * @param seed    the scenario's root seed
     * @param context the run's context
     */
    record Run(BoundCell cell, long seed, Object context) {}

    private record Parsed(Scenario scenario, List<BoundCell> cells) {}

    private static final Map<Long, Parsed> SCENARIO_CACHE = lru(SCENARIOS);
    private static final Map<List<Long>, Object> CONTEXT_CACHE = lru(CONTEXTS);

    private SeamCache() {}

    static synchronized Run run(long job, ScenarioSource source, int cell, int run) {
        Parsed parsed = SCENARIO_CACHE.computeIfAbsent(job, j -> {
            Scenario scenario = source.scenario();
            return new Parsed(scenario, Families.cells(scenario));
        });
        BoundCell bound = parsed.cells().get(cell);
        long seed = parsed.scenario().seed();
        Object context = CONTEXT_CACHE.computeIfAbsent(List.of(job, (long) cell, (long) run),
                k -> bound.context(run, seed));
        return new Run(bound, seed, context);
    }

    private static <K, V> Map<K, V> lru(int capacity) {
        return new LinkedHashMap<>(8, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }
}
