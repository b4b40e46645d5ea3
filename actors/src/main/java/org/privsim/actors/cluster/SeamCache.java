package org.privsim.actors.cluster;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.privsim.actors.local.SharedContexts;
import org.privsim.core.family.Families;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.BoundCell;

/**
 * The node-local scenarios of recent seam jobs, so the runs of one job placed on a node parse its
 * scenario (and bind its seam cells) once, and its runs that share a context share it on this node.
 *
 * <p>Guarantee: {@link #job} returns the submitted scenario's seed and {@code Families.cells} —
 * pure functions of the scenario, so the cache only saves work; at most {@value #JOBS} jobs are
 * kept, least recently used evicted first. Thread-safe.
 */
final class SeamCache {
    static final int JOBS = 4;

    /**
     * A job's scenario as its runs need it.
     *
     * @param scenario the scenario
     * @param seed     the scenario's root seed
     * @param cells    its seam cells
     * @param contexts its shared contexts on this node
     */
    record Job(Scenario scenario, long seed, List<BoundCell> cells, SharedContexts contexts) {}

    private static final Map<Long, Job> CACHE = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Job> eldest) {
            return size() > JOBS;
        }
    };

    private SeamCache() {}

    static synchronized Job job(long job, ScenarioSource source) {
        return CACHE.computeIfAbsent(job, j -> {
            Scenario scenario = source.scenario();
            return new Job(scenario, scenario.seed(), Families.cells(scenario), new SharedContexts());
        });
    }
}
