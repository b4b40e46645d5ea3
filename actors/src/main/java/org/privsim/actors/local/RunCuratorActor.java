package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.run.Progress;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.FoldChain;
import org.privsim.protocol.ParticipantBatch;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;

/**
 * The curator of one run of any seam family: drives the family's {@link RunCurator}, spawning a
 * {@link ParticipantActor} as its child the first time a step names it, sending each step's request
 * (or each participant's own) to exactly the participants it names — or, for a
 * {@link Step.Fold}, handing one {@link FoldChain} from participant to participant in the order it
 * names them (one chain per range of a fold in ranges, all at once, their partial sums combined in
 * range order) — and handing their answers back in the order it named them. A
 * step that names no participant is answered at once. Its {@link Role#USER} participants live where
 * it lives, so their messages never cross a node; a participant of another role (an audit's
 * adversary) is its child too locally, and on a cluster a stand-in child given by
 * {@link RemoteParticipants} that relays to the participant on a node of its role.
 *
 * <p>A run whose context is shared ({@code Family.contextKey}: its participants are views of the
 * context, keeping nothing between requests) takes the context from the node's
 * {@link SharedContexts} and has no participant actors: each step is cut into slices — a fold's
 * ranges, an ask's runs of {@value #SLICE} positions — handed as {@link ParticipantBatch}es to a pool
 * of worker children on the compute dispatcher, one message per slice, the slices' results
 * put back in position (range) order.
 *
 * <p>Guarantee: the outcome equals the sequential interpreter's bit for bit; the actor reports
 * exactly once to its coordinator — {@link CoordinatorCommand.RunFinished} (with its participant
 * count on its node, when it runs on a cluster), or {@link CoordinatorCommand.RunFailed} when the
 * ledger refuses a release, a participant stops or a remote participant is lost — and stops, with its
 * participants.
 */
public final class RunCuratorActor extends AbstractBehavior<RunCommand> {
    /** Participants run on the compute dispatcher: a DP-SGD step is a burst of tiny messages. */
    private static final DispatcherSelector COMPUTE = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
    /** Positions per slice of an ask on a shared context. */
    static final int SLICE = 1024;

    private final BoundCell cell;
    private final int run;
    private final long seed;
    private final Object context;
    private final RunCurator<Object, Object, Object> curator;
    private final ActorRef<CoordinatorCommand> coordinator;
    private final Progress progress;
    /** Whether the run's context is shared (participants answer in batches on workers), and the workers. */
    private final boolean shared;
    private final List<ActorRef<ParticipantBatch>> workers = new ArrayList<>();
    private int nextWorker;
    /** Participants asked so far (shared context: distinct ids are not tracked, the largest step's count). */
    private int sharedParticipants;
    /** The request of the step whose answers are awaited (for progress). */
    private Object pendingRequest;
    /** This node's address on a cluster (the run's placement), or null locally. */
    private final String node;
    /** Stand-ins for participants of roles placed elsewhere (cluster), or null. */
    private final RemoteParticipants remote;
    private final Map<Integer, ActorRef<ParticipantCommand>> participants = new HashMap<>();
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
     * @param progress told of every step taken ({@link Progress#released})
     */
    public static Behavior<RunCommand> create(BoundCell cell, int run, long seed, String node,
                                              RemoteParticipants remote, ActorRef<CoordinatorCommand> coordinator,
                                              SharedContexts contexts, Progress progress) {
        return Behaviors.setup(ctx -> new RunCuratorActor(ctx, cell, run, seed, node, remote, coordinator, contexts,
                progress)
                .advance(null));
    }

    private RunCuratorActor(ActorContext<RunCommand> ctx, BoundCell cell, int run, long seed, String node,
                            RemoteParticipants remote, ActorRef<CoordinatorCommand> coordinator,
                            SharedContexts contexts, Progress progress) {
        super(ctx);
        this.cell = cell;
        this.run = run;
        this.seed = seed;
        Object key = cell.contextKey(run, seed);
        this.shared = key != null;
        this.context = shared ? contexts.get(key, () -> cell.context(run, seed)) : cell.context(run, seed);
        this.curator = cell.curator(run, seed, context);
        this.coordinator = coordinator;
        this.progress = progress;
        this.node = node;
        this.remote = remote;
    }

    @Override
    public Receive<RunCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(RunCommand.Answered.class, this::onAnswered)
                .onMessage(RunCommand.Folded.class, this::onFolded)
                .onMessage(RunCommand.BatchAnswered.class, this::onBatch)
                .onMessage(RunCommand.ParticipantStopped.class, m -> {
                    coordinator.tell(new CoordinatorCommand.RunFailed(cell.index(), run, "participant " + m.participant()
                            + " of run " + run + " stopped without answering"));
                    return Behaviors.stopped();
                })
                .onMessage(RunCommand.ParticipantLost.class, m -> {
                    coordinator.tell(new CoordinatorCommand.RunFailed(cell.index(), run, m.reason()));
                    return Behaviors.stopped();
                })
                .build();
    }

    /** Takes the curator's next step ({@code previous == null}: the first) and sends it, until one needs answers. */
    private Behavior<RunCommand> advance(List<Object> previous) {
        Step<Object, Object> step;
        try {
            step = previous == null ? curator.start() : curator.onAnswers(previous);
            if (previous != null) {
                progress.released(cell.index(), run, pendingRequest);
            }
            while (!(step instanceof Step.Done<Object, Object>) && step.asked().length == 0) {
                Object request = step.firstRequest();
                step = curator.onAnswers(step instanceof Step.Fold<Object, Object> empty
                        ? List.of(empty.total(emptyPartials(empty))) : List.of());
                progress.released(cell.index(), run, request);
            }
        } catch (BudgetExceededException e) {
            coordinator.tell(new CoordinatorCommand.RunFailed(cell.index(), run, e.getMessage()));
            return Behaviors.stopped();
        }
        if (step instanceof Step.Done<Object, Object> done) {
            coordinator.tell(new CoordinatorCommand.RunFinished(cell.index(), run, done.outcome(),
                    node == null ? null : Map.of(node, shared ? sharedParticipants : participants.size())));
            return Behaviors.stopped();
        }
        int[] ids = step.asked();
        pendingRequest = step.firstRequest();
        if (shared) {
            sharedParticipants = Math.max(sharedParticipants, ids.length);
            startBatches(step);
            return this;
        }
        if (step instanceof Step.Fold<Object, Object> f) {
            startFold(f);
            return this;
        }
        answers = new Object[ids.length];
        answered = 0;
        ActorRef<RunCommand> self = getContext().getSelf();
        for (int position = 0; position < ids.length; position++) {
            participant(ids[position]).tell(new ParticipantCommand.Ask(position, step.request(position), self));
        }
        return this;
    }

    /** A shared-context step: its slices to the workers, all at once. */
    private void startBatches(Step<Object, Object> step) {
        ActorRef<RunCommand> self = getContext().getSelf();
        if (step instanceof Step.Fold<Object, Object> f) {
            int[] ends = f.ends();
            startPartials(f);
            int start = 0;
            for (int range = 0; range < ends.length; range++) {
                worker().tell(new ParticipantBatch(cell, run, seed, context, step, range, start, ends[range], self));
                start = ends[range];
            }
            return;
        }
        int n = step.asked().length;
        answers = new Object[n];
        answered = 0;
        for (int from = 0; from < n; from += SLICE) {
            worker().tell(new ParticipantBatch(cell, run, seed, context, step, 0, from, Math.min(n, from + SLICE), self));
        }
    }

    /** The next worker, round-robin; the pool grows to one worker per processor. */
    private ActorRef<ParticipantBatch> worker() {
        if (workers.size() < Runtime.getRuntime().availableProcessors()) {
            ActorRef<ParticipantBatch> w = getContext().spawn(ParticipantWorker.create(), "w-" + workers.size(), COMPUTE);
            workers.add(w);
            return w;
        }
        return workers.get(nextWorker++ % workers.size());
    }

    private Behavior<RunCommand> onBatch(RunCommand.BatchAnswered m) {
        System.arraycopy(m.answers(), 0, answers, m.from(), m.answers().length);
        answered += m.answers().length;
        return answered < answers.length ? this : advance(Arrays.asList(answers));
    }


    /** One chain per range of {@code f}, all handed out at once. */
    private void startFold(Step.Fold<Object, Object> f) {
        int[] ids = f.participants();
        int[] ends = f.ends();
        startPartials(f);
        int start = 0;
        for (int range = 0; range < ends.length; range++) {
            List<ActorRef<ParticipantCommand>> chain = new ArrayList<>(ends[range] - start);
            for (int position = start; position < ends[range]; position++) {
                chain.add(participant(ids[position]));
            }
            new FoldChain(chain, f.request(), f.folding(), range, getContext().getSelf()).start();
            start = ends[range];
        }
    }

    private void startPartials(Step.Fold<Object, Object> f) {
        fold = f;
        partials = new Object[f.ends().length];
        nextRange = 0;
        total = f.ranged() ? f.folding().empty() : null;
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

    private static List<Object> emptyPartials(Step.Fold<Object, Object> f) {
        List<Object> empties = new ArrayList<>();
        for (int range = 0; range < f.ends().length; range++) {
            empties.add(f.folding().empty());
        }
        return empties;
    }

    private ActorRef<ParticipantCommand> participant(int id) {
        ActorRef<ParticipantCommand> ref = participants.get(id);
        if (ref == null) {
            Role role = cell.role(id);
            ref = remote == null || role == Role.USER
                    ? getContext().spawn(ParticipantActor.create(cell, run, seed, context, id), "p-" + id, COMPUTE)
                    : getContext().spawn(remote.standIn(cell, run, id, role, getContext().getSelf()), "p-" + id)
                            .narrow();
            getContext().watchWith(ref, new RunCommand.ParticipantStopped(id));
            participants.put(id, ref);
        }
        return ref;
    }

    private Behavior<RunCommand> onAnswered(RunCommand.Answered m) {
        answers[m.position()] = m.answer();
        return ++answered < answers.length ? this : advance(Arrays.asList(answers));
    }
}
