package org.privsim.actors.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import org.privsim.core.data.LowRankData;
import org.privsim.protocol.PopulationSpec;

/**
 * The node-local {@link LowRankData} of recent populations, so the entities of one job on a node
 * share one U* instead of each recomputing it.
 *
 * <p>Guarantee: {@link #get} returns data equal to {@code new LowRankData(spec.task(), spec.seed())}
 * (the cache only saves work; every user's data stays a pure function of (task, seed, id)); at most
 * {@value #CAPACITY} populations are kept, least recently used evicted first. Thread-safe.
 */
final class PopulationCache {
    static final int CAPACITY = 4;

    private static final Map<PopulationSpec, LowRankData> CACHE = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<PopulationSpec, LowRankData> eldest) {
            return size() > CAPACITY;
        }
    };

    private PopulationCache() {}

    static synchronized LowRankData get(PopulationSpec spec) {
        return CACHE.computeIfAbsent(spec, s -> new LowRankData(s.task(), s.seed()));
    }
}
