package org.privsim.actors.local;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The shared contexts ({@code Family.contextKey}) of one job on one node: runs that share a key
 * get one context object, built by the first of them. Runs start grouped by key
 * ({@code RunOrder}), so at most {@value #KEYS} keys are kept, least recently used evicted first —
 * a run keeps its own reference, so eviction costs at worst a second copy, never a wrong answer.
 *
 * <p>Guarantee: {@link #get} returns, for equal keys, the same object while the key is kept; the
 * context is a pure function of the key's runs, so the cache only saves work. Thread-safe.
 */
public final class SharedContexts {
    /** Keys kept at once: the current group and the one the runs in flight may overlap into. */
    static final int KEYS = 2;

    private final Map<Object, Object> contexts = new LinkedHashMap<>(4, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
            return size() > KEYS;
        }
    };

    /** The context of {@code key}, built with {@code build} when not kept. */
    public synchronized Object get(Object key, Supplier<Object> build) {
        Object context = contexts.get(key);
        if (context == null) {
            context = build.get();
            contexts.put(key, context);
        }
        return context;
    }
}
