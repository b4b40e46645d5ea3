package org.privsim.actors.local;

import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.sim.UserTask;
import org.privsim.core.transfer.PublicAltMinAnswer;
import org.privsim.core.transfer.TransferDriver;
import org.privsim.core.transfer.TransferRequest;
import org.privsim.core.transfer.TransferRunPlan;
import org.privsim.protocol.PublicTaskCommand;
import org.privsim.protocol.SampleCommand;
import org.privsim.protocol.TransferCoordinatorCommand;
import org.privsim.protocol.TransferCuratorCommand;

/**
 * The curator of one transfer run (one cell, one repeat): spawns one {@link PublicTaskActor} per
 * public task when the representation is estimated (by moments, or as the users of a private-altmin
 * representation's Priv-AltMin run, each request to every task), then one {@link SampleActor} per
 * private row,
 * sends each request of the core {@link TransferDriver} to exactly the participants it names, and
 * hands the answers back in request order. A DP-SGD step asks only that step's Poisson sample
 * (one message to and from each sampled user); a step with an empty sample needs no message.
 *
 * <p>Guarantee: the outcome equals the sequential runner's bit for bit; the actor reports exactly
 * once to its coordinator — {@link TransferCoordinatorCommand.RunFinished}, or {@link TransferCoordinatorCommand.RunFailed}
 * when a ledger refuses a release — and stops (with its participants).
 */
public final class TransferCuratorActor extends AbstractBehavior<TransferCuratorCommand> {
    /** Participants run on the curator's dispatcher: a DP-SGD step is a burst of tiny messages. */
    private static final DispatcherSelector COMPUTE = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);

    private final int cellIndex;
    private final int repeat;
    private final TransferDriver driver;
    private final ActorRef<TransferCoordinatorCommand> coordinator;
    private ActorRef<SampleCommand>[] users;
    private ActorRef<PublicTaskCommand>[] publicTasks;
    private PublicAltMinAnswer[] altMinAnswers;
    private double[][] answers;
    private int step;
    private int answered;

    /**
     * The curator of repeat {@code repeat} of cell {@code cellIndex}.
     *
     * @param coordinator receives the outcome
     */
    public static Behavior<TransferCuratorCommand> create(int cellIndex, TransferRunPlan cell, int repeat, long seed,
                                                          ActorRef<TransferCoordinatorCommand> coordinator) {
        return Behaviors.setup(ctx -> {
            TransferCuratorActor curator = new TransferCuratorActor(ctx, cellIndex, cell, repeat, seed, coordinator);
            return curator.send(curator.advance(TransferDriver::start));
        });
    }

    private TransferCuratorActor(ActorContext<TransferCuratorCommand> ctx, int cellIndex, TransferRunPlan cell,
                                 int repeat, long seed, ActorRef<TransferCoordinatorCommand> coordinator) {
        super(ctx);
        this.cellIndex = cellIndex;
        this.repeat = repeat;
        this.driver = new TransferDriver(cell, repeat, seed);
        this.coordinator = coordinator;
    }

    @Override
    public Receive<TransferCuratorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(TransferCuratorCommand.MomentsAnswered.class, this::onMoments)
                .onMessage(TransferCuratorCommand.AltMinAnswered.class, this::onAltMin)
                .onMessage(TransferCuratorCommand.Answered.class, this::onAnswered)
                .build();
    }

    /** The driver's next request, or null after reporting a refused release. */
    private TransferRequest advance(Function<TransferDriver, TransferRequest> next) {
        try {
            return next.apply(driver);
        } catch (BudgetExceededException e) {
            coordinator.tell(new TransferCoordinatorCommand.RunFailed(cellIndex, repeat, e.getMessage()));
            return null;
        }
    }

    /** Sends {@code request} to the participants it names; repeats while a request needs nobody. */
    private Behavior<TransferCuratorCommand> send(TransferRequest request) {
        ActorRef<TransferCuratorCommand> self = getContext().getSelf();
        while (true) {
            if (request == null) {
                return Behaviors.stopped();
            }
            if (request instanceof TransferRequest.Done done) {
                coordinator.tell(new TransferCoordinatorCommand.RunFinished(cellIndex, repeat, done.outcome()));
                return Behaviors.stopped();
            }
            answered = 0;
            if (request instanceof TransferRequest.Moments moments) {
                int t = driver.population().task().publicTasks();
                answers = new double[t][];
                for (int j = 0; j < t; j++) {
                    getContext().spawn(PublicTaskActor.create(driver.population(), j), "public-" + j, COMPUTE)
                            .tell(new PublicTaskCommand.Moments(moments.publicSamples(), moments.estimator(), self));
                }
                return this;
            }
            if (request instanceof TransferRequest.PublicAltMin altMin) {
                spawnPublicTasks();
                altMinAnswers = new PublicAltMinAnswer[publicTasks.length];
                for (ActorRef<PublicTaskCommand> task : publicTasks) {
                    task.tell(altMinMessage(altMin, self));
                }
                return this;
            }
            spawnUsers();
            if (request instanceof TransferRequest.Gradients g) {
                step = g.step();
                int[] ids = g.users();
                answers = new double[ids.length][];
                if (ids.length == 0) {
                    final double[][] none = answers;
                    request = advance(d -> d.onAnswers(none));
                    continue;
                }
                for (int a = 0; a < ids.length; a++) {
                    users[ids[a]].tell(new SampleCommand.Gradient(step, a, g.model(), g.clip(), self));
                }
                return this;
            }
            TransferRequest.Statistics s = (TransferRequest.Statistics) request;
            step = 0;
            answers = new double[users.length][];
            for (ActorRef<SampleCommand> user : users) {
                user.tell(new SampleCommand.Statistics(s.clipFeature(), s.clipLabel(), self));
            }
            return this;
        }
    }

    private static PublicTaskCommand altMinMessage(TransferRequest.PublicAltMin altMin,
                                                  ActorRef<TransferCuratorCommand> self) {
        int n1 = altMin.publicSamples();
        if (altMin.task() instanceof UserTask.Init init) {
            return new PublicTaskCommand.AltMinInit(n1, init, self);
        }
        if (altMin.task() instanceof UserTask.Round round) {
            return new PublicTaskCommand.AltMinRound(n1, round, self);
        }
        return new PublicTaskCommand.AltMinEvaluate(n1, (UserTask.Evaluate) altMin.task(), self);
    }

    @SuppressWarnings("unchecked")
    private void spawnPublicTasks() {
        if (publicTasks != null) {
            return;
        }
        int t = driver.population().task().publicTasks();
        publicTasks = new ActorRef[t];
        for (int j = 0; j < t; j++) {
            publicTasks[j] = getContext().spawn(PublicTaskActor.create(driver.population(), j), "public-" + j,
                    COMPUTE);
        }
    }

    private Behavior<TransferCuratorCommand> onAltMin(TransferCuratorCommand.AltMinAnswered m) {
        altMinAnswers[m.task()] = m.answer();
        if (++answered < altMinAnswers.length) {
            return this;
        }
        PublicAltMinAnswer[] all = altMinAnswers;
        return send(advance(d -> d.onPublicAltMin(all)));
    }

    @SuppressWarnings("unchecked")
    private void spawnUsers() {
        if (users != null) {
            return;
        }
        int n = driver.privateSamples();
        users = new ActorRef[n];
        double[] basis = driver.basis();
        for (int i = 0; i < n; i++) {
            users[i] = getContext().spawn(SampleActor.create(driver.population(), i, basis,
                    driver.featureDimension()), "user-" + i, COMPUTE);
        }
    }

    private Behavior<TransferCuratorCommand> onMoments(TransferCuratorCommand.MomentsAnswered m) {
        answers[m.task()] = m.partial();
        if (++answered < answers.length) {
            return this;
        }
        double[][] partials = answers;
        return send(advance(d -> d.onMoments(partials)));
    }

    private Behavior<TransferCuratorCommand> onAnswered(TransferCuratorCommand.Answered m) {
        if (m.request() != step) {
            return this;
        }
        answers[m.position()] = m.answer();
        if (++answered < answers.length) {
            return this;
        }
        double[][] all = answers;
        return send(advance(d -> d.onAnswers(all)));
    }
}
