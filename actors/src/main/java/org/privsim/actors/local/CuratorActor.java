package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.privsim.core.run.Progress;
import org.privsim.core.run.StepBudget;
import org.privsim.core.scenario.Aggregation;
import org.privsim.core.sim.Driver;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.Step;
import org.privsim.core.sim.UserTask;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.CuratorCommand;
import org.privsim.protocol.CuratorCommand.CollectionTimeout;
import org.privsim.protocol.CuratorCommand.ErrorPartial;
import org.privsim.protocol.CuratorCommand.InitPartial;
import org.privsim.protocol.CuratorCommand.PartialChunk;
import org.privsim.protocol.CuratorCommand.RoundPartial;
import org.privsim.protocol.GuardianCommand;

/**
 * The curator of one algorithm run: holds its {@link Driver}, and for each {@link Step.Collect}
 * sends the task to every aggregator (a round's participants cut to the range's own ids), at most
 * {@link LocalSettings#rangesInFlight} ranges at a time, gathers one partial per range (whole, or
 * in {@link PartialChunk}s reassembled by a {@link ChunkAssembler}), combines them in ascending
 * range order and feeds the driver (which adds the noise and charges the ledger).
 *
 * <p>Guarantee: the totals handed to the driver are summed exactly like the sequential runner's
 * (ranges ascending, each range's ids ascending), so without faults the outcome is bit-identical.
 * When the curator deadline passes, ranges still missing are asked again, up to
 * {@link LocalSettings#attempts} times in all; after the last attempt they are left out and their
 * users are not charged, so a run never hangs and the ledger charges exactly the users released. Sends exactly one
 * {@link GuardianCommand} and stops. Runs on the compute dispatcher (the driver's solve is heavy).
 */
public final class CuratorActor extends AbstractBehavior<CuratorCommand> {
    private final TimerScheduler<CuratorCommand> timers;
    private final int run;
    private final Driver driver;
    private final List<Consumer<AggregatorCommand>> aggregators;
    private final Aggregation aggregation;
    private final LocalSettings settings;
    private final Progress progress;
    private final ActorRef<GuardianCommand> guardian;
    private final int users;
    private final int dimension;
    private final ChunkAssembler chunks;

    private long collection;
    private UserTask task;
    private CuratorCommand[] partials;
    private int asked;
    private int received;
    private int answered;
    private int expected;
    private int attempt;
    private long steps;
    private long collectionStart;

    /**
     * The curator of run {@code run}.
     *
     * @param run         index of the run (also the high half of its collection ids, so ids are
     *                    unique across the runs sharing the aggregators)
     * @param driver      a fresh driver for the run
     * @param aggregators how to tell each range's aggregator, in range order
     * @param aggregation the ranges' bounds
     * @param progress    receives (steps of this run, 0, message) after every partial and step
     * @param users       n
     * @param dimension   d
     */
    public static Behavior<CuratorCommand> create(int run, Driver driver, List<Consumer<AggregatorCommand>> aggregators,
                                                  Aggregation aggregation, LocalSettings settings, Progress progress,
                                                  ActorRef<GuardianCommand> guardian, int users, int dimension) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new CuratorActor(ctx, timers, run, driver,
                aggregators, aggregation, settings, progress, guardian, users, dimension).next(driver.start())));
    }

    private CuratorActor(ActorContext<CuratorCommand> ctx, TimerScheduler<CuratorCommand> timers, int run,
                         Driver driver, List<Consumer<AggregatorCommand>> aggregators, Aggregation aggregation,
                         LocalSettings settings, Progress progress, ActorRef<GuardianCommand> guardian, int users,
                         int dimension) {
        super(ctx);
        this.timers = timers;
        this.run = run;
        this.driver = driver;
        this.aggregators = List.copyOf(aggregators);
        this.aggregation = aggregation;
        this.settings = settings;
        this.progress = progress;
        this.guardian = guardian;
        this.users = users;
        this.dimension = dimension;
        this.chunks = new ChunkAssembler(ctx.getSystem());
        this.collection = (long) run << 32;
    }

    @Override
    public Receive<CuratorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(InitPartial.class, this::onWhole)
                .onMessage(RoundPartial.class, this::onWhole)
                .onMessage(ErrorPartial.class, this::onWhole)
                .onMessage(PartialChunk.class, this::onChunk)
                .onMessage(CollectionTimeout.class, this::onTimeout)
                .build();
    }

    private Behavior<CuratorCommand> next(Step step) {
        if (step instanceof Step.Finished f) {
            guardian.tell(new GuardianCommand.RunCompleted(run, f.outcome()));
            return Behaviors.stopped();
        }
        task = ((Step.Collect) step).task();
        collection++;
        partials = new CuratorCommand[aggregators.size()];
        chunks.clear();
        asked = 0;
        received = 0;
        answered = 0;
        attempt = 1;
        expected = users;
        if (task instanceof UserTask.Round t) {
            expected = 0;
            for (int j = 0; j < users; j++) {
                expected += t.participants().includes(j) ? 1 : 0;
            }
        }
        collectionStart = System.nanoTime();
        timers.startSingleTimer(CollectionTimeout.class, new CollectionTimeout(collection), settings.curatorDeadline());
        while (asked < Math.min(partials.length, settings.rangesInFlight())) {
            ask(asked++);
        }
        return this;
    }

    /** Tells range {@code range} the current task (a round's participants cut to the range's ids). */
    private void ask(int range) {
        long deadline = settings.collectionDeadline().toMillis();
        ActorRef<CuratorCommand> self = getContext().getSelf();
        AggregatorCommand request;
        if (task instanceof UserTask.Init t) {
            request = new AggregatorCommand.CollectInit(collection, t, deadline, self);
        } else if (task instanceof UserTask.Round t) {
            request = new AggregatorCommand.CollectRound(collection, t.restrictedTo(aggregation.rangeStart(range),
                    aggregation.rangeEnd(range, users)), deadline, self);
        } else {
            request = new AggregatorCommand.CollectEvaluate(collection, (UserTask.Evaluate) task, deadline, self);
        }
        aggregators.get(range).accept(request);
    }

    private Behavior<CuratorCommand> onChunk(PartialChunk m) {
        boolean wanted = m.collection() == collection && partials[m.range()] == null;
        CuratorCommand whole = chunks.offer(m, wanted);
        return whole == null ? this : onWhole(whole);
    }

    /** A whole partial, sent directly (local) or reassembled from chunks (cluster). */
    private Behavior<CuratorCommand> onWhole(CuratorCommand partial) {
        if (partial instanceof InitPartial p) {
            return onPartial(p.collection(), p.range(), p.contributorIds().length, p);
        }
        if (partial instanceof RoundPartial p) {
            return onPartial(p.collection(), p.range(), p.contributorIds().length, p);
        }
        ErrorPartial p = (ErrorPartial) partial;
        return onPartial(p.collection(), p.range(), p.contributorIds().length, p);
    }

    private Behavior<CuratorCommand> onPartial(long partialCollection, int range, int contributors,
                                               CuratorCommand partial) {
        if (partialCollection != collection || partials[range] != null) {
            return this;
        }
        partials[range] = partial;
        received++;
        answered += contributors;
        report();
        if (asked < partials.length) {
            ask(asked++);
        }
        return received == partials.length ? release() : this;
    }

    private Behavior<CuratorCommand> onTimeout(CollectionTimeout m) {
        if (m.collection() != collection) {
            return this;
        }
        if (attempt < settings.attempts()) {
            attempt++;
            List<Integer> missing = new ArrayList<>();
            for (int r = 0; r < asked; r++) {
                if (partials[r] == null) {
                    missing.add(r);
                    ask(r);
                }
            }
            getContext().getLog().warn("run {}: {} re-requested from ranges {} (attempt {}/{})", run,
                    StepBudget.describe(task), missing, attempt, settings.attempts());
            timers.startSingleTimer(CollectionTimeout.class, new CollectionTimeout(collection),
                    settings.curatorDeadline());
            return this;
        }
        getContext().getLog().warn("run {}: {} closed at the curator deadline with {}/{} ranges", run,
                StepBudget.describe(task), received, partials.length);
        return release();
    }

    private Behavior<CuratorCommand> release() {
        timers.cancel(CollectionTimeout.class);
        steps++;
        try {
            Step step = feed();
            progress.released(-1, run, task);
            return next(step);
        } catch (RuntimeException e) {
            guardian.tell(new GuardianCommand.RunFailed(run, e.getMessage() == null ? e.toString() : e.getMessage()));
            return Behaviors.stopped();
        }
    }

    private Step feed() {
        List<CuratorCommand> present = new ArrayList<>(partials.length);
        for (CuratorCommand p : partials) {
            if (p != null) {
                present.add(p);
            }
        }
        if (task instanceof UserTask.Init t) {
            InitSum total = new InitSum(dimension, t.matrices());
            present.forEach(p -> {
                InitPartial ip = (InitPartial) p;
                total.addAll(InitSum.of(ip.dimension(), t.matrices(), ip.packed(), ip.contributorIds()));
            });
            return driver.onInit(total);
        }
        if (task instanceof UserTask.Round t) {
            RoundSum total = new RoundSum(dimension, t.statisticsRank(), t.gram());
            present.forEach(p -> {
                RoundPartial rp = (RoundPartial) p;
                total.addAll(RoundSum.of(rp.dimension(), rp.rank(), t.gram(), rp.blocks(), rp.h(),
                        rp.contributorIds()));
            });
            return driver.onRound(total);
        }
        ErrorSum total = new ErrorSum();
        present.forEach(p -> {
            ErrorPartial ep = (ErrorPartial) p;
            total.addAll(ErrorSum.of(ep.sums(), ep.contributorIds()));
        });
        return driver.onEvaluate(total);
    }

    private void report() {
        progress.update(steps, 0, String.format("%s: %d/%d users answered, %.1f s", StepBudget.describe(task),
                answered, expected, (System.nanoTime() - collectionStart) / 1e9));
    }
}
