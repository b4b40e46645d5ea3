package org.privsim.actors.cluster;

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
import org.privsim.actors.local.ParticipantTable;
import org.privsim.actors.local.WorkerPool;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Folding;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.SpreadPlan;
import org.privsim.core.seam.Step;
import org.privsim.protocol.ParticipantBatch;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SpreadCommand;
import org.privsim.protocol.SpreadLocal;

/**
 * A node's share of one start of a spread run: the participants of the run that this node holds
 * (its id block), built from the job's scenario as the curator's node builds them ({@link SeamCache})
 * and answering each {@link SpreadCommand.Share} of a step. An ask's part is answered slice by slice
 * on a pool of workers and sent to the curator's node in one {@link SpreadCommand.Answers}. A fold's
 * part computes the partial sums of the ranges that start in its block on the workers, all at once,
 * then waits for the chain's running sums ({@link SpreadCommand.Carry}) from the node before it — the
 * first node starts the chain itself — extends them ({@link SpreadPlan.FoldPart#extend}) and hands
 * them to the next node, or the total to the curator's node ({@link SpreadCommand.Total}).
 *
 * <p>Guarantee: its answers and sums are exactly the sequential interpreter's for its positions, in
 * its order ({@link SpreadPlan}); a participant that throws fails the step ({@link SpreadCommand.Failed},
 * naming it). A participant of a run whose context is shared is a view built for each use; one of a
 * run whose context is its own is kept for the start, as on the curator's node.
 */
final class SpreadShare extends AbstractBehavior<SpreadLocal> {
    /** Positions per slice of an ask. */
    private static final int SLICE = 1024;

    private final SpreadCommand.RunKey key;
    private final IntFunction<Participant<Object, Object>> participants;
    private final ParticipantTable table;
    private final ActorRef<RunCommand> results;
    private final WorkerPool workers;
    private List<ActorRef<SpreadCommand>> hosts;
    private ActorRef<SpreadCommand> curator;
    private int node;

    /** The step in progress: its share, ids, answers or fresh partials, and (a fold) the carry. */
    private SpreadCommand.Share share;
    private int[] ids;
    private Step<Object, Object> local;
    /** An ask's answers, or a fold's fresh partial sums by segment. */
    private Object[] computed;
    private int waiting;
    private SpreadCommand.Carry carry;
    private long carryBytes;
    /** Carries of later steps that came before their share. */
    private final Map<Integer, SpreadLocal.Received> early = new HashMap<>();

    static Behavior<SpreadLocal> create(SpreadCommand.Share first) {
        return Behaviors.setup(ctx -> new SpreadShare(ctx, first));
    }

    private SpreadShare(ActorContext<SpreadLocal> ctx, SpreadCommand.Share first) {
        super(ctx);
        this.key = first.key();
        SpreadCommand.Scenario s = first.scenario();
        SeamCache.Job job = SeamCache.job(key.job(), new ScenarioSource(s.text(), s.sourceName(), s.seed()));
        BoundCell cell = job.cells().get(key.cell());
        int run = key.run();
        long seed = job.seed();
        Object contextKey = cell.contextKey(run, seed);
        Object context = contextKey == null ? cell.context(run, seed)
                : job.contexts().get(contextKey, () -> cell.context(run, seed));
        IntFunction<Participant<Object, Object>> build = id -> cell.participant(run, seed, context, id);
        this.table = contextKey == null ? new ParticipantTable(build) : null;
        this.participants = table != null ? table : build;
        this.results = ctx.messageAdapter(RunCommand.class, SpreadLocal.Computed::new);
        this.workers = new WorkerPool(ctx);
    }

    @Override
    public Receive<SpreadLocal> createReceive() {
        return newReceiveBuilder()
                .onMessage(SpreadLocal.Received.class, this::onReceived)
                .onMessage(SpreadLocal.Computed.class, this::onComputed)
                .build();
    }

    private Behavior<SpreadLocal> onReceived(SpreadLocal.Received m) {
        if (m.message() instanceof SpreadCommand.Share s) {
            return onShare(s);
        }
        SpreadCommand.Carry c = (SpreadCommand.Carry) m.message();
        if (share == null || c.step() != share.step()) {
            early.put(c.step(), m);
            return this;
        }
        carry = c;
        carryBytes = c.wireBytes() + m.bytes();
        return foldReady();
    }

    private Behavior<SpreadLocal> onShare(SpreadCommand.Share s) {
        share = s;
        hosts = s.hosts();
        curator = s.curator();
        node = s.node();
        carry = null;
        carryBytes = 0;
        if (s.ask() != null) {
            ids = s.ask().ids().toArray();
            local = s.requests() == null ? new Step.Ask<>(ids, s.request()) : new Step.AskEach<>(ids, s.requests());
            reserve();
            computed = new Object[ids.length];
            waiting = 0;
            for (int from = 0; from < ids.length; from += SLICE) {
                waiting++;
                workers.next().tell(new ParticipantBatch(local, 0, from, Math.min(ids.length, from + SLICE), participants,
                        results));
            }
            return this;
        }
        SpreadPlan.FoldPart part = s.fold();
        ids = part.ids().toArray();
        local = new Step.Fold<>(ids, null, s.request(), s.folding());
        reserve();
        List<SpreadPlan.Segment> segments = part.segments();
        computed = new Object[segments.size()];
        waiting = 0;
        for (int i = 0; i < segments.size(); i++) {
            SpreadPlan.Segment segment = segments.get(i);
            if (!segment.fresh()) {
                continue;
            }
            if (segment.from() == segment.to()) {
                computed[i] = s.folding().empty();
            } else {
                waiting++;
                workers.next().tell(new ParticipantBatch(local, i, segment.from() - part.from(), segment.to() - part.from(),
                        participants, results));
            }
        }
        if (part.first()) {
            carry = new SpreadCommand.Carry(key, s.step(), node, null, null, 0);
        } else {
            SpreadLocal.Received arrived = early.remove(s.step());
            if (arrived != null) {
                carry = (SpreadCommand.Carry) arrived.message();
                carryBytes = carry.wireBytes() + arrived.bytes();
            }
        }
        return foldReady();
    }

    private void reserve() {
        if (table != null) {
            table.reserve(ids);
        }
    }

    private Behavior<SpreadLocal> onComputed(SpreadLocal.Computed m) {
        if (share == null) {
            return this;
        }
        if (m.result() instanceof RunCommand.ParticipantStopped stopped) {
            Wire.send(getContext().getSystem(), curator, new SpreadCommand.Failed(key, share.step(), "participant "
                    + stopped.participant() + " threw " + stopped.error() + " on " + hosts.get(node).path().address(), null));
            share = null;
            return this;
        }
        if (m.result() instanceof RunCommand.BatchAnswered batch) {
            System.arraycopy(batch.answers(), 0, computed, batch.from(), batch.answers().length);
            if (--waiting == 0) {
                Wire.send(getContext().getSystem(), curator, new SpreadCommand.Answers(key, share.step(), node,
                        share.ask().positions(), Arrays.asList(computed)));
                share = null;
            }
            return this;
        }
        RunCommand.Folded folded = (RunCommand.Folded) m.result();
        computed[folded.range()] = folded.sum();
        waiting--;
        return foldReady();
    }

    /** Once the fresh partials are in and the running sums arrived: extends them and hands them on. */
    private Behavior<SpreadLocal> foldReady() {
        if (share == null || share.fold() == null || waiting > 0 || carry == null) {
            return this;
        }
        SpreadPlan.FoldPart part = share.fold();
        Folding<Object, Object> folding = share.folding();
        Object request = share.request();
        Object[] extended;
        try {
            extended = part.extend(carry.total(), carry.open(), folding, i -> computed[i], (partial, from, to) -> {
                Object sum = partial;
                for (int p = from; p < to; p++) {
                    sum = participants.apply(ids[p - part.from()]).fold(request, sum, folding);
                }
                return sum;
            });
        } catch (RuntimeException e) {
            Wire.send(getContext().getSystem(), curator, new SpreadCommand.Failed(key, share.step(),
                    "a participant threw " + e + " on " + hosts.get(node).path().address(), null));
            share = null;
            return this;
        }
        if (part.next() >= 0) {
            Wire.send(getContext().getSystem(), hosts.get(part.next()), new SpreadCommand.Carry(key, share.step(),
                    part.next(), extended[0], extended[1], carryBytes));
        } else {
            Wire.send(getContext().getSystem(), curator, new SpreadCommand.Total(key, share.step(), extended[0],
                    carryBytes));
        }
        share = null;
        return this;
    }
}
