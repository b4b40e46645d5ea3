package org.privsim.actors.local;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.run.Progress;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.ParticipantBatch;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SpreadLocal;

/**
 * The curator of one run of any seam family: drives the family's {@link RunCurator} and has its
 * participants answer each step, with no actor per participant. A run whose context is its own
 * keeps its participants in a {@link ParticipantTable} (each built on its first request, kept for
 * the run); a run whose context is shared ({@code Family.contextKey}: its participants are views of
 * the context, keeping nothing between requests) takes the context from the node's
 * {@link SharedContexts} and builds its participants for each slice.
 *
 * <p>Each step is cut into slices — a fold's ranges, an ask's runs of {@value #SLICE} positions. A
 * step of one slice (a DP-SGD step's fold over its Poisson sample, an MP-MTL round's ask of every
 * task) is computed by the curator itself, on its own thread of the compute dispatcher, with no
 * message, so a run of tiny steps is a loop as in the sequential interpreter and the runtime's
 * parallelism comes from the runs in flight; a step of several slices is handed as
 * {@link ParticipantBatch}es to a pool of worker children on the compute dispatcher, one message per
 * slice, the slices' results put back in position order, a fold's range partials combined in range
 * order. A step that names no participant is answered at once.
 *
 * <p>On a cluster ({@code remote} given) a participant of a {@link Role} other than {@link Role#USER}
 * (an audit's adversary) is not computed here but by a stand-in child given by
 * {@link RemoteParticipants}, which relays its requests to the participant on a node of its role;
 * such a participant cannot take part in a fold (the run fails, naming it).
 *
 * <p>A run spread over a cluster's users nodes ({@link SpreadSteps}: the family allows it and the
 * scenario's {@code runPlacement} asks for it) computes no participant here: each step that names
 * participants goes to its spread side, which has the nodes holding them answer it.
 *
 * <p>Guarantee: the outcome equals the sequential interpreter's bit for bit; the actor reports
 * exactly once to its coordinator — {@link CoordinatorCommand.RunFinished} (with the number of
 * participants that ran on its node, when it runs on a cluster), or {@link CoordinatorCommand.RunFailed}
 * when the ledger refuses a release, a participant throws (the reason names it) or a remote
 * participant is lost — and stops, with its workers and stand-ins.
 */
public final class RunCuratorActor extends AbstractBehavior<RunCommand> {
    /** Positions per slice of an ask. */
    static final int SLICE = 1024;
    /**
     * How often at most a run tells its coordinator how many steps it took
     * ({@link CoordinatorCommand.RunStepped}, progress only): a run shorter than this tells nothing.
     */
    static final long STEP_NOTICE_NANOS = 1_000_000_000L;

    private final BoundCell cell;
    private final int run;
    private final RunCurator<Object, Object, Object> curator;
    /** The spread side of a run spread over a cluster's nodes, or null when the run is whole. */
    private final ActorRef<SpreadLocal> spreadRun;
    /** A spread run's participants per node address so far (null: not spread, or no step yet). */
    private Map<String, Integer> spreadPlacement;
    /** A spread run's network use so far: {bytes, steps}. */
    private final long[] wire = new long[2];
    private final ActorRef<CoordinatorCommand> coordinator;
    private final Progress progress;
    /** The run's participants: its table, or (shared context) built from the context for each use. */
    private final IntFunction<Participant<Object, Object>> participants;
    /** The run's own participants, or null when its context is shared. */
    private final ParticipantTable table;
    /** Shared context: the most participants one step asked (they are not kept, so not counted). */
    private int largestStep;
    private final WorkerPool workers;
    /** The request of the step whose answers are awaited (for progress). */
    private Object pendingRequest;
    /** Steps taken (and answered) so far, and when the coordinator last heard of them. */
    private int steps;
    private long lastNotice = System.nanoTime();
    private final long noticeNanos;
    /** This node's address on a cluster (the run's placement), or null locally. */
    private final String node;
    /** Stand-ins for participants of roles placed elsewhere (cluster), or null. */
    private final RemoteParticipants remote;
    private final Map<Integer, ActorRef<Object>> standIns = new HashMap<>();
    private Object[] answers;
    private int answered;
    /**
     * The fold in flight, its ranges' partial sums not yet combined, the next range to combine and
     * the total so far (ranges are combined in range order as soon as the ranges before them are, so
     * only out-of-order partials wait).
     */
    private Step.Fold<Object, Object> fold;
    private Object[] partials;
    private int nextRange;
    private Object total;

    /**
     * The curator of run {@code run} of {@code cell}; {@code coordinator} receives its outcome.
     *
     * @param node     this node's address when the run is placed on a cluster node, else null
     * @param remote   where participants of roles other than {@link Role#USER} run (a cluster), or null
     *                 to run every participant here
     * @param contexts the node's shared contexts of this job
     * @param spread   answers the steps of a run spread over a cluster's nodes, or null to run it whole
     * @param progress told of every step taken ({@link Progress#released}); the coordinator hears of the
     *                 steps of a run that lasts ({@link CoordinatorCommand.RunStepped})
     */
    public static Behavior<RunCommand> create(BoundCell cell, int run, long seed, String node,
                                              RemoteParticipants remote, ActorRef<CoordinatorCommand> coordinator,
                                              SharedContexts contexts, SpreadSteps spread, Progress progress) {
        return create(cell, run, seed, node, remote, coordinator, contexts, spread, progress, STEP_NOTICE_NANOS);
    }

    /** {@link #create} telling the coordinator of the steps at most every {@code noticeNanos} (tests: 0, every step). */
    static Behavior<RunCommand> create(BoundCell cell, int run, long seed, String node, RemoteParticipants remote,
                                       ActorRef<CoordinatorCommand> coordinator, SharedContexts contexts,
                                       SpreadSteps spread, Progress progress, long noticeNanos) {
        return Behaviors.setup(ctx -> new RunCuratorActor(ctx, cell, run, seed, node, remote, coordinator, contexts,
                spread, progress, noticeNanos)
                .advance(null));
    }

    private RunCuratorActor(ActorContext<RunCommand> ctx, BoundCell cell, int run, long seed, String node,
                            RemoteParticipants remote, ActorRef<CoordinatorCommand> coordinator,
                            SharedContexts contexts, SpreadSteps spread, Progress progress, long noticeNanos) {
        super(ctx);
        this.noticeNanos = noticeNanos;
        Behavior<SpreadLocal> side = spread == null ? null : spread.start(cell, run, ctx.getSelf());
        this.spreadRun = side == null ? null : ctx.spawn(side, "spread");
        this.cell = cell;
        this.run = run;
        Object key = cell.contextKey(run, seed);
        Object context = key == null ? cell.context(run, seed) : contexts.get(key, () -> cell.context(run, seed));
        IntFunction<Participant<Object, Object>> build = id -> cell.participant(run, seed, context, id);
        this.table = key == null ? new ParticipantTable(build) : null;
        this.participants = key == null ? table : build;
        this.curator = cell.curator(run, seed, context);
        this.coordinator = coordinator;
        this.progress = progress;
        this.node = node;
        this.workers = new WorkerPool(ctx);
        this.remote = remote;
    }

    @Override
    public Receive<RunCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(RunCommand.Answered.class, this::onAnswered)
                .onMessage(RunCommand.Folded.class, this::onFolded)
                .onMessage(RunCommand.BatchAnswered.class, this::onBatch)
                .onMessage(RunCommand.ParticipantStopped.class, this::failed)
                .onMessage(RunCommand.ParticipantLost.class, m -> failed(m.reason()))
                .onMessage(RunCommand.SpreadAnswered.class, this::onSpreadAnswered)
                .onMessage(RunCommand.SpreadFailed.class, m -> failed(m.reason()))
                .build();
    }

    private Behavior<RunCommand> onSpreadAnswered(RunCommand.SpreadAnswered m) {
        spreadPlacement = m.placement();
        wire[0] += m.wireBytes();
        wire[1]++;
        return advance(m.answers());
    }

    /**
     * A step was answered: {@code progress} hears of it ({@link Progress#released}), and the
     * coordinator, when the last notice is old enough ({@link #STEP_NOTICE_NANOS}), of the steps so far.
     */
    private void stepped(Object request) {
        progress.released(cell.index(), run, request);
        steps++;
        long now = System.nanoTime();
        if (now - lastNotice >= noticeNanos) {
            lastNotice = now;
            coordinator.tell(new CoordinatorCommand.RunStepped(cell.index(), run, steps));
        }
    }

    /**
     * Takes the curator's next step ({@code previous == null}: the first), computing the steps of one
     * slice here, until one is handed out (then waits for its answers) or the run is over.
     */
    private Behavior<RunCommand> advance(List<Object> previous) {
        ActorRef<RunCommand> self = getContext().getSelf();
        try {
            Step<Object, Object> step = previous == null ? curator.start() : curator.onAnswers(previous);
            if (previous != null) {
                stepped(pendingRequest);
            }
            while (!(step instanceof Step.Done<Object, Object>)) {
                int[] ids = step.asked();
                Object request = step.firstRequest();
                if (spreadRun != null && ids.length > 0) {
                    pendingRequest = request;
                    spreadRun.tell(new SpreadLocal.Execute(step));
                    return this;
                }
                largestStep = Math.max(largestStep, ids.length);
                if (table != null) {
                    table.reserve(ids);
                }
                boolean elsewhere = placedElsewhere(ids);
                if (elsewhere || !oneSlice(step)) {
                    pendingRequest = request;
                    return handOut(step, elsewhere);
                }
                RunCommand result = new ParticipantBatch(step, 0, 0, ids.length, participants, self).result();
                if (result instanceof RunCommand.ParticipantStopped stopped) {
                    return failed(stopped);
                }
                step = curator.onAnswers(step instanceof Step.Fold<Object, Object> f
                        ? List.of(f.total(List.of(((RunCommand.Folded) result).sum())))
                        : Arrays.asList(((RunCommand.BatchAnswered) result).answers()));
                stepped(request);
            }
            Map<String, Integer> placement = spreadPlacement != null ? spreadPlacement
                    : node == null ? null : Map.of(node, table == null ? largestStep : table.size());
            coordinator.tell(new CoordinatorCommand.RunFinished(cell.index(), run,
                    ((Step.Done<Object, Object>) step).outcome(), placement, spreadRun == null ? null : wire.clone()));
            return Behaviors.stopped();
        } catch (BudgetExceededException e) {
            return failed(e.getMessage());
        }
    }

    /** Whether {@code step} is one slice: a fold of one range, or an ask of at most {@value #SLICE} positions. */
    private static boolean oneSlice(Step<Object, Object> step) {
        return step instanceof Step.Fold<Object, Object> f ? f.ends().length == 1 : step.asked().length <= SLICE;
    }

    /** Whether one of {@code ids} is of a role placed on other nodes (only on a cluster). */
    private boolean placedElsewhere(int[] ids) {
        if (remote != null) {
            for (int id : ids) {
                if (cell.role(id) != Role.USER) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Hands {@code step} out: a fold's ranges, or an ask's slices, to the workers, all at once; when
     * it names participants placed {@code elsewhere}, an ask's to their stand-ins (and its other
     * positions to the workers one by one).
     */
    private Behavior<RunCommand> handOut(Step<Object, Object> step, boolean elsewhere) {
        ActorRef<RunCommand> self = getContext().getSelf();
        int[] ids = step.asked();
        if (step instanceof Step.Fold<Object, Object> f) {
            if (elsewhere) {
                int id = Arrays.stream(ids).filter(i -> cell.role(i) != Role.USER).findFirst().orElseThrow();
                return failed("participant " + id + " of run " + run + " (role " + cell.role(id).clusterRole()
                        + ") cannot take part in a fold: folds are computed on the curator's node");
            }
            fold = f;
            partials = new Object[f.ends().length];
            nextRange = 0;
            total = f.ranged() ? f.folding().empty() : null;
            int start = 0;
            for (int range = 0; range < partials.length; range++) {
                workers.next().tell(new ParticipantBatch(step, range, start, f.ends()[range], participants, self));
                start = f.ends()[range];
            }
            return this;
        }
        answers = new Object[ids.length];
        answered = 0;
        if (elsewhere) {
            for (int position = 0; position < ids.length; position++) {
                Role role = cell.role(ids[position]);
                if (role == Role.USER) {
                    workers.next().tell(new ParticipantBatch(step, 0, position, position + 1, participants, self));
                } else {
                    standIn(ids[position], role).tell(new ParticipantCommand.Ask(position, step.request(position), self));
                }
            }
            return this;
        }
        for (int from = 0; from < ids.length; from += SLICE) {
            workers.next().tell(new ParticipantBatch(step, 0, from, Math.min(ids.length, from + SLICE), participants, self));
        }
        return this;
    }

    /** The stand-in of participant {@code id}, of a role placed on other nodes, spawned on first use. */
    private ActorRef<Object> standIn(int id, Role role) {
        ActorRef<Object> ref = standIns.get(id);
        if (ref == null) {
            ref = getContext().spawn(remote.standIn(cell, run, id, role, getContext().getSelf()), "p-" + id);
            getContext().watchWith(ref, new RunCommand.ParticipantStopped(id, null));
            standIns.put(id, ref);
        }
        return ref;
    }

    private Behavior<RunCommand> onBatch(RunCommand.BatchAnswered m) {
        System.arraycopy(m.answers(), 0, answers, m.from(), m.answers().length);
        answered += m.answers().length;
        return answered < answers.length ? this : advance(Arrays.asList(answers));
    }

    private Behavior<RunCommand> onAnswered(RunCommand.Answered m) {
        answers[m.position()] = m.answer();
        return ++answered < answers.length ? this : advance(Arrays.asList(answers));
    }

    private Behavior<RunCommand> onFolded(RunCommand.Folded m) {
        partials[m.range()] = m.sum();
        while (nextRange < partials.length && partials[nextRange] != null) {
            total = fold.ranged() ? fold.folding().combine(total, partials[nextRange]) : partials[nextRange];
            partials[nextRange++] = null;
        }
        if (nextRange < partials.length) {
            return this;
        }
        Object sum = total;
        fold = null;
        partials = null;
        total = null;
        return advance(List.of(sum));
    }

    private Behavior<RunCommand> failed(RunCommand.ParticipantStopped m) {
        return failed("participant " + m.participant() + " of run " + run
                + (m.error() == null ? " stopped without answering" : " threw " + m.error()));
    }

    private Behavior<RunCommand> failed(String reason) {
        coordinator.tell(new CoordinatorCommand.RunFailed(cell.index(), run, reason));
        return Behaviors.stopped();
    }
}
