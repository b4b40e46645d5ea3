package org.privsim.actors.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.Populations;
import org.privsim.core.data.UserPopulation;
import org.privsim.protocol.PopulationSpec;

/**
 * The node-local populations of recent jobs, so the entities of one job on a node share one U*
 * (or one data set's split statistics) instead of each recomputing it.
 *
 * <p>Guarantee: {@link #get} returns data equal to {@code new LowRankData(spec.task(), spec.seed())},
 * or for a data set to {@code Populations.create(spec.dataset(), spec.seed())} — the node reads the
 * file itself and refuses one whose SHA-256 differs from the submitted scenario's
 * (the cache only saves work; every user's data stays a pure function of (task, seed, id)); at most
 * {@value #CAPACITY} populations are kept, least recently used evicted first. Thread-safe.
 */
final class PopulationCache {
    static final int CAPACITY = 4;

    private static final Map<PopulationSpec, UserPopulation> CACHE = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<PopulationSpec, UserPopulation> eldest) {
            return size() > CAPACITY;
        }
    };

    private PopulationCache() {}

    static synchronized UserPopulation get(PopulationSpec spec) {
        return CACHE.computeIfAbsent(spec, s -> s.dataset() != null ? Populations.create(s.dataset(), s.seed())
                : new LowRankData(s.task(), s.seed()));
    }
}
