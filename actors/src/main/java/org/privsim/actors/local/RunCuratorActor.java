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
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.FoldChain;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;

/**
 * The curator of one run of any seam family: drives the family's {@link RunCurator}, spawning a
 * {@link ParticipantActor} as its child the first time a step names it, sending each step's request
 * (or each participant's own) to exactly the participants it names — or, for a
 * {@link Step.Fold}, handing one {@link FoldChain} from participant to participant in the order it
 * names them — and handing their answers back in the order it named them. A
 * step that names no participant is answered at once. Its {@link Role#USER} participants live where
 * it lives, so their messages never cross a node; a participant of another role (an audit's
 * adversary) is its child too locally, and on a cluster a stand-in child given by
 * {@link RemoteParticipants} that relays to the participant on a node of its role.
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

    private final BoundCell cell;
    private final int run;
    private final long seed;
    private final Object context;
    private final RunCurator<Object, Object, Object> curator;
    private final ActorRef<CoordinatorCommand> coordinator;
    /** This node's address on a cluster (the run's placement), or null locally. */
    private final String node;
    /** Stand-ins for participants of roles placed elsewhere (cluster), or null. */
    private final RemoteParticipants remote;
    private final Map<Integer, ActorRef<ParticipantCommand>> participants = new HashMap<>();
    private Object[] answers;
    private int answered;

    /**
     * The curator of run {@code run} of {@code cell}; {@code coordinator} receives its outcome.
     *
     * @param node   this node's address when the run is placed on a cluster node, else null
     * @param remote where participants of roles other than {@link Role#USER} run (a cluster), or null
     *               to run every participant here
     */
    public static Behavior<RunCommand> create(BoundCell cell, int run, long seed, String node,
                                              RemoteParticipants remote, ActorRef<CoordinatorCommand> coordinator) {
        return Behaviors.setup(ctx -> new RunCuratorActor(ctx, cell, run, seed, node, remote, coordinator)
                .advance(null));
    }

    private RunCuratorActor(ActorContext<RunCommand> ctx, BoundCell cell, int run, long seed, String node,
                            RemoteParticipants remote, ActorRef<CoordinatorCommand> coordinator) {
        super(ctx);
        this.cell = cell;
        this.run = run;
        this.seed = seed;
        this.context = cell.context(run, seed);
        this.curator = cell.curator(run, seed, context);
        this.coordinator = coordinator;
        this.node = node;
        this.remote = remote;
    }

    @Override
    public Receive<RunCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(RunCommand.Answered.class, this::onAnswered)
                .onMessage(RunCommand.Folded.class, m -> advance(List.of(m.sum())))
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
            while (!(step instanceof Step.Done<Object, Object>) && step.asked().length == 0) {
                step = curator.onAnswers(step instanceof Step.Fold<Object, Object> fold
                        ? List.of(fold.folding().empty()) : List.of());
            }
        } catch (BudgetExceededException e) {
            coordinator.tell(new CoordinatorCommand.RunFailed(cell.index(), run, e.getMessage()));
            return Behaviors.stopped();
        }
        if (step instanceof Step.Done<Object, Object> done) {
            coordinator.tell(new CoordinatorCommand.RunFinished(cell.index(), run, done.outcome(),
                    node == null ? null : Map.of(node, participants.size())));
            return Behaviors.stopped();
        }
        int[] ids = step.asked();
        if (step instanceof Step.Fold<Object, Object> fold) {
            List<ActorRef<ParticipantCommand>> chain = new ArrayList<>(ids.length);
            for (int id : ids) {
                chain.add(participant(id));
            }
            new FoldChain(chain, fold.request(), fold.folding(), getContext().getSelf()).start();
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
