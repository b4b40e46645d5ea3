package org.privsim.actors.local;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;

/**
 * The curator of one run of any seam family: drives the family's {@link RunCurator}, placing a
 * participant through the {@link ParticipantWiring} the first time a step names it (a child here, or
 * on a host of the cluster), sending each step's request to exactly the participants it names and
 * handing their answers back in the order it named them. A step that names no participant is
 * answered at once. On a cluster it counts its participants per host and, once every host said
 * where it runs, reports them per node with the outcome, then releases the hosts.
 *
 * <p>Guarantee: the outcome equals the sequential interpreter's bit for bit; the actor reports
 * exactly once to its coordinator — {@link CoordinatorCommand.RunFinished}, or
 * {@link CoordinatorCommand.RunFailed} when the ledger refuses a release or a participant stops —
 * and stops (with its local participants).
 */
public final class RunCuratorActor extends AbstractBehavior<RunCommand> {
    private final BoundCell cell;
    private final int run;
    private final long seed;
    private final Object context;
    private final RunCurator<Object, Object, Object> curator;
    private final ActorRef<CoordinatorCommand> coordinator;
    private final ParticipantWiring wiring;
    private final Map<Integer, Consumer<ParticipantCommand>> participants = new HashMap<>();
    /** Participants per opened host (cluster only), and each host's node once it said. */
    private final Map<Integer, Integer> perHost = new TreeMap<>();
    private final Map<Integer, String> hostNode = new HashMap<>();
    private Object[] answers;
    private int answered;
    /** The outcome, held while hosts have not yet said where they run. */
    private Object outcome;

    /** The curator of run {@code run} of {@code cell}; {@code coordinator} receives its outcome. */
    public static Behavior<RunCommand> create(BoundCell cell, int run, long seed, ParticipantWiring wiring,
                                              ActorRef<CoordinatorCommand> coordinator) {
        return Behaviors.setup(ctx -> {
            RunCuratorActor actor = new RunCuratorActor(ctx, cell, run, seed, wiring, coordinator);
            return actor.advance(null);
        });
    }

    private RunCuratorActor(ActorContext<RunCommand> ctx, BoundCell cell, int run, long seed, ParticipantWiring wiring,
                            ActorRef<CoordinatorCommand> coordinator) {
        super(ctx);
        this.cell = cell;
        this.run = run;
        this.seed = seed;
        this.context = cell.context(run, seed);
        this.curator = cell.curator(run, seed, context);
        this.coordinator = coordinator;
        this.wiring = wiring;
    }

    @Override
    public Receive<RunCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(RunCommand.Answered.class, this::onAnswered)
                .onMessage(RunCommand.HostOpened.class, m -> {
                    hostNode.put(m.host(), m.node());
                    return outcome != null ? finish() : this;
                })
                .onMessage(RunCommand.ParticipantStopped.class, m -> {
                    coordinator.tell(new CoordinatorCommand.RunFailed(cell.index(), run, "participant " + m.participant()
                            + " of run " + run + " stopped without answering"));
                    return Behaviors.stopped();
                })
                .build();
    }

    /** Takes the curator's next step ({@code previous == null}: the first) and sends it, until one needs answers. */
    private Behavior<RunCommand> advance(List<Object> previous) {
        Step<Object, Object> step;
        try {
            step = previous == null ? curator.start() : curator.onAnswers(previous);
            while (step instanceof Step.Ask<Object, Object> ask && ask.participants().length == 0) {
                step = curator.onAnswers(List.of());
            }
        } catch (BudgetExceededException e) {
            coordinator.tell(new CoordinatorCommand.RunFailed(cell.index(), run, e.getMessage()));
            return Behaviors.stopped();
        }
        if (step instanceof Step.Done<Object, Object> done) {
            outcome = done.outcome();
            return finish();
        }
        Step.Ask<Object, Object> ask = (Step.Ask<Object, Object>) step;
        int[] ids = ask.participants();
        answers = new Object[ids.length];
        answered = 0;
        ActorRef<RunCommand> self = getContext().getSelf();
        for (int position = 0; position < ids.length; position++) {
            participant(ids[position]).accept(new ParticipantCommand.Ask(position, ask.request(), self));
        }
        return this;
    }

    private Consumer<ParticipantCommand> participant(int id) {
        Consumer<ParticipantCommand> ref = participants.get(id);
        if (ref == null) {
            int host = wiring.host(cell, id);
            if (host >= 0 && perHost.merge(host, 1, Integer::sum) == 1) {
                wiring.open(getContext(), cell, run, host);
            }
            ref = wiring.participant(getContext(), cell, run, seed, context, id);
            participants.put(id, ref);
        }
        return ref;
    }

    /** Reports the outcome once every opened host said where it runs (at once locally), releases the hosts, stops. */
    private Behavior<RunCommand> finish() {
        if (hostNode.size() < perHost.size()) {
            return this;
        }
        Map<String, Integer> placement = null;
        if (!perHost.isEmpty()) {
            placement = new TreeMap<>();
            for (Map.Entry<Integer, Integer> host : perHost.entrySet()) {
                placement.merge(hostNode.get(host.getKey()), host.getValue(), Integer::sum);
                wiring.release(getContext(), cell, run, host.getKey());
            }
        }
        coordinator.tell(new CoordinatorCommand.RunFinished(cell.index(), run, outcome, placement));
        return Behaviors.stopped();
    }

    private Behavior<RunCommand> onAnswered(RunCommand.Answered m) {
        answers[m.position()] = m.answer();
        return ++answered < answers.length ? this : advance(Arrays.asList(answers));
    }
}
