package org.privsim.actors.local;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.IndexedMeanAdversary;
import org.privsim.core.audit.IndexedMeanGame;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.scenario.Scenario;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AdversaryCommand.ForwardedOutput;
import org.privsim.protocol.AdversaryCommand.ForwardedOutputs;
import org.privsim.protocol.AdversaryCommand.TrialsOpened;
import org.privsim.protocol.AuditCommand;
import org.privsim.protocol.BillboardPost;

/**
 * The adversary of an indexed-mean audit: a collusion set C and a target. Its view of a batch of
 * trials is what reached it — the billboard post of the batch (billboard mechanisms), or the
 * separate outputs its |C| colluders forwarded (one message per colluder, or all at once in a
 * {@link ForwardedOutputs}) — and nothing else; it knows the non-target data through the core
 * {@link IndexedMeanAdversary}, built once per audit.
 *
 * <p>Guarantee: a batch's view is complete once the coordinator opened the batch and either its
 * billboard post or all |C| colluders' outputs arrived (with C empty and no billboard the view is
 * empty). The adversary then scores every trial of the batch, in trial order, with
 * {@link IndexedMeanAdversary#score} of that trial's coordinates, sends the scores in one message
 * and forgets the batch; anything arriving later for a scored batch is ignored, and a repeated
 * {@link ForwardedOutputs} or post of an unscored batch only rewrites the same values.
 */
public final class AdversaryActor extends AbstractBehavior<AdversaryCommand> {
    private final int audit;
    private final IndexedMeanAdversary adversary;
    private final int colluders;
    private final boolean billboard;
    private final IndexedMeanPopulation population;
    private final ActorRef<AuditCommand> coordinator;
    private final Map<Integer, View> views = new HashMap<>();
    private final BitSet scored = new BitSet();

    /** What the adversary has seen of one batch so far (keyed by its first trial). */
    private static final class View {
        /** Trials in the batch, once opened; 0 before. */
        int count;
        int forwarded;
        /** byPosition[s][k]: support coordinate s as released in the batch's trial k (a colluder's array). */
        double[][] byPosition;
        BillboardPost post;
    }

    /**
     * The adversary of audit {@code audit}.
     *
     * @param adversary   the core adversary (knowledge and score)
     * @param colluders   |C|
     * @param billboard   whether the mechanism publishes a billboard
     * @param population  the audit population (for the support positions of forwarded coordinates)
     * @param coordinator receives the scores
     */
    public static Behavior<AdversaryCommand> create(int audit, IndexedMeanAdversary adversary, int colluders,
            boolean billboard, IndexedMeanPopulation population, ActorRef<AuditCommand> coordinator) {
        return Behaviors.setup(ctx -> new AdversaryActor(ctx, audit, adversary, colluders, billboard, population,
                coordinator));
    }

    /**
     * The adversary of audit {@code audit} of {@code scenario}: the spec's collusion set and target,
     * knowing the audit population (seed, key (1, audit)) — the same wherever it is built.
     */
    public static Behavior<AdversaryCommand> forAudit(Scenario scenario, int audit,
                                                      ActorRef<AuditCommand> coordinator) {
        AuditSpec spec = scenario.audits().get(audit);
        IndexedMeanPopulation population = IndexedMeanGame.population(spec, audit, scenario.seed());
        IndexedMeanMechanism mechanism = IndexedMeanGame.mechanism(spec);
        int[] members = spec.collusion().members(population.persons(), spec.target());
        return create(audit, new IndexedMeanAdversary(population, spec.target(), members,
                        mechanism.publishesBillboard(), mechanism.claimedVariance(), spec.canaryScale()),
                members.length, mechanism.publishesBillboard(), population, coordinator);
    }

    private AdversaryActor(ActorContext<AdversaryCommand> ctx, int audit, IndexedMeanAdversary adversary,
            int colluders, boolean billboard, IndexedMeanPopulation population, ActorRef<AuditCommand> coordinator) {
        super(ctx);
        this.audit = audit;
        this.adversary = adversary;
        this.colluders = colluders;
        this.billboard = billboard;
        this.population = population;
        this.coordinator = coordinator;
    }

    @Override
    public Receive<AdversaryCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(TrialsOpened.class, m -> update(m.audit(), m.firstTrial(), v -> v.count = m.count()))
                .onMessage(ForwardedOutput.class, m -> update(m.audit(), m.firstTrial(), v -> {
                    byPosition(v)[population.position(m.index())] = m.estimates();
                    v.forwarded++;
                }))
                .onMessage(ForwardedOutputs.class, m -> update(m.audit(), m.firstTrial(), v -> {
                    double[][] byPosition = byPosition(v);
                    for (int i = 0; i < m.indices().length; i++) {
                        byPosition[population.position(m.indices()[i])] = m.estimates()[i];
                    }
                    v.forwarded = m.indices().length;
                }))
                .onMessage(BillboardPost.class, m -> update(m.job(), m.firstRound(), v -> v.post = m))
                .build();
    }

    private double[][] byPosition(View view) {
        if (view.byPosition == null) {
            view.byPosition = new double[population.supportSize()][];
        }
        return view.byPosition;
    }

    private Behavior<AdversaryCommand> update(int messageAudit, int firstTrial, Consumer<View> change) {
        if (messageAudit != audit || scored.get(firstTrial)) {
            return this;
        }
        View view = views.computeIfAbsent(firstTrial, r -> new View());
        change.accept(view);
        if (view.count > 0 && (billboard ? view.post != null : view.forwarded == colluders)) {
            views.remove(firstTrial);
            scored.set(firstTrial);
            double[] scores = new double[view.count];
            for (int k = 0; k < scores.length; k++) {
                int trial = k;
                scores[k] = billboard
                        ? adversary.score(s -> view.post.estimates()[trial][s], view.post.unread()[trial])
                        : adversary.score(s -> view.byPosition[s][trial], 0);
            }
            coordinator.tell(new AuditCommand.TrialScores(audit, firstTrial, scores));
        }
        return this;
    }
}
