package org.privsim.actors.cli;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Tracks the peak heap occupancy of a measured interval: the largest heap use right after a
 * garbage collection (live data plus old-generation garbage not yet collected), from the JVM's
 * GC notifications; when no collection happened in the interval, the heap use at its end.
 *
 * <p>Counting only full collections ({@link #HeapPeak(boolean) HeapPeak(true)}), the peak is the
 * live data at the fullest of those moments: no garbage a young collection promoted is counted, so
 * with full collections forced often enough (bench {@code --live-every}) it is the peak live heap,
 * sampled.
 *
 * <p>Guarantee: {@link #close} unregisters the listeners; the number is the JVM's own accounting
 * (the heap pools' used bytes), independent of -Xmx. Not a lower bound on what a smaller heap
 * could run in, but the figure a heap must hold at the fullest point a collector saw.
 */
final class HeapPeak implements NotificationListener, AutoCloseable {
    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final AtomicLong peak = new AtomicLong();
    private final AtomicLong collections = new AtomicLong();
    private final boolean fullOnly;

    /** Starts listening to every collection. */
    HeapPeak() {
        this(false);
    }

    /** Starts listening to every collection, or ({@code fullOnly}) to full collections only. */
    HeapPeak(boolean fullOnly) {
        this.fullOnly = fullOnly;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(this, null, null);
                emitters.add(emitter);
            }
        }
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        if (fullOnly && !info.getGcAction().contains("major")) {
            return;
        }
        long used = 0;
        for (var e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(e.getKey())) {
                used += e.getValue().getUsed();
            }
        }
        collections.incrementAndGet();
        peak.accumulateAndGet(used, Math::max);
    }

    /** The peak so far (see the class comment). */
    long bytes() {
        if (collections.get() > 0) {
            return peak.get();
        }
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return heap.getUsed();
    }

    /** Stops listening. */
    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (javax.management.ListenerNotFoundException ignored) {
                // already gone
            }
        }
    }
}
