package org.privsim.actors.cli;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.privsim.core.run.Progress;

/**
 * Renders run progress on stderr. Nothing is shown during the first two seconds, so quick runs
 * stay quiet; after that, a terminal gets a progress bar and a non-terminal (a log file, CI) gets
 * one plain line at most every five seconds. A heartbeat shows the last state even while a long
 * phase (an audit's trials, a transfer run, a multi-task solve) reports nothing: the first line or
 * bar appears two seconds into the run, and a non-terminal gets a line every five seconds after
 * that, with the elapsed time. Closing it stops the heartbeat and finishes the bar.
 */
final class ProgressBarReporter implements Progress, AutoCloseable {
    private static final long QUIET_NANOS = 2_000_000_000L;
    private static final long PLAIN_INTERVAL_NANOS = 5_000_000_000L;

    private final PrintStream err;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "privsim-progress");
        thread.setDaemon(true);
        return thread;
    });
    private long lastPlain = Long.MIN_VALUE / 2;
    private long lastDone;
    private long lastTotal;
    private String lastMessage = "starting";
    private ProgressBar bar;

    ProgressBarReporter(PrintStream err) {
        this.err = err;
        this.terminal = System.console() != null;
        heartbeat.scheduleAtFixedRate(this::beat, QUIET_NANOS, 500_000_000L, TimeUnit.NANOSECONDS);
    }

    /** Shows the last state again when nothing was shown for a while. */
    private synchronized void beat() {
        if (terminal && bar != null) {
            return; // the bar redraws itself with the elapsed time
        }
        update(lastDone, lastTotal, lastMessage);
    }

    @Override
    public synchronized void update(long done, long total, String message) {
        lastDone = done;
        lastTotal = total;
        lastMessage = message;
        long now = System.nanoTime();
        if (now - start < QUIET_NANOS) {
            return;
        }
        if (!terminal) {
            if (now - lastPlain >= PLAIN_INTERVAL_NANOS) {
                lastPlain = now;
                err.printf("[%3d%%] %s (%ds)%n", total == 0 ? (done == 0 ? 0 : 100) : 100 * done / total, message,
                        (now - start) / 1_000_000_000L);
            }
            return;
        }
        if (bar == null) {
            bar = new ProgressBarBuilder().setTaskName("privsim").setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(err))
                    .setUpdateIntervalMillis(200).build();
        }
        bar.maxHint(total);
        bar.stepTo(done);
        bar.setExtraMessage(message);
    }

    @Override
    public synchronized void close() {
        heartbeat.shutdownNow();
        if (bar != null) {
            bar.close();
        }
    }
}
