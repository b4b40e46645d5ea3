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
import org.privsim.protocol.AdversaryCommand.TrialOpened;
import org.privsim.protocol.AuditCommand;
import org.privsim.protocol.BillboardPost;

/**
 * The adversary of an indexed-mean audit: a collusion set C and a target. Its view of a trial is
 * what reached it — the billboard post (billboard mechanisms), or the separate outputs its |C|
 * colluders forwarded (one by one, or all at once in a {@link ForwardedOutputs}) — and nothing
 * else; it knows the non-target data through the core {@link IndexedMeanAdversary}, built once per
 * audit.
 *
 * <p>Guarantee: a trial's view is complete once the coordinator opened the trial and either the
 * billboard post or all |C| forwarded outputs arrived (with C empty and no billboard the view is
 * empty). The adversary then sends exactly one score, {@link IndexedMeanAdversary#score} of the
 * view's coordinates, and forgets the trial; anything arriving later for a scored trial is ignored,
 * and a repeated {@link ForwardedOutputs} or post of an unscored trial only rewrites the same values.
 */
public final class AdversaryActor extends AbstractBehavior<AdversaryCommand> {
    private final int audit;
    private final IndexedMeanAdversary adversary;
    private final int colluders;
    private final boolean billboard;
    private final int dimension;
    private final ActorRef<AuditCommand> coordinator;
    private final Map<Integer, View> views = new HashMap<>();
    private final BitSet scored = new BitSet();

    /** What the adversary has seen of one trial so far. */
    private static final class View {
        boolean opened;
        int forwarded;
        double[] coordinates;
        BillboardPost post;
    }

    /**
     * The adversary of audit {@code audit}.
     *
     * @param adversary   the core adversary (knowledge and score)
     * @param colluders   |C|
     * @param billboard   whether the mechanism publishes a billboard
     * @param dimension   d
     * @param coordinator receives the scores
     */
    public static Behavior<AdversaryCommand> create(int audit, IndexedMeanAdversary adversary, int colluders,
            boolean billboard, int dimension, ActorRef<AuditCommand> coordinator) {
        return Behaviors.setup(ctx -> new AdversaryActor(ctx, audit, adversary, colluders, billboard, dimension,
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
                members.length, mechanism.publishesBillboard(), population.task().dimension(), coordinator);
    }

    private AdversaryActor(ActorContext<AdversaryCommand> ctx, int audit, IndexedMeanAdversary adversary,
            int colluders, boolean billboard, int dimension, ActorRef<AuditCommand> coordinator) {
        super(ctx);
        this.audit = audit;
        this.adversary = adversary;
        this.colluders = colluders;
        this.billboard = billboard;
        this.dimension = dimension;
        this.coordinator = coordinator;
    }

    @Override
    public Receive<AdversaryCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(TrialOpened.class, m -> update(m.audit(), m.trial(), v -> v.opened = true))
                .onMessage(ForwardedOutput.class, m -> update(m.audit(), m.trial(), v -> {
                    if (v.coordinates == null) {
                        v.coordinates = new double[dimension];
                    }
                    v.coordinates[m.index()] = m.estimate();
                    v.forwarded++;
                }))
                .onMessage(ForwardedOutputs.class, m -> update(m.audit(), m.trial(), v -> {
                    v.coordinates = new double[dimension];
                    for (int i = 0; i < m.indices().length; i++) {
                        v.coordinates[m.indices()[i]] = m.estimates()[i];
                    }
                    v.forwarded = m.indices().length;
                }))
                .onMessage(BillboardPost.class, m -> update(m.job(), m.round(), v -> v.post = m))
                .build();
    }

    private Behavior<AdversaryCommand> update(int messageAudit, int trial, Consumer<View> change) {
        if (messageAudit != audit || scored.get(trial)) {
            return this;
        }
        View view = views.computeIfAbsent(trial, r -> new View());
        change.accept(view);
        if (view.opened && (billboard ? view.post != null : view.forwarded == colluders)) {
            views.remove(trial);
            scored.set(trial);
            double score = billboard ? adversary.score(j -> view.post.estimates()[j])
                    : adversary.score(j -> view.coordinates[j]);
            coordinator.tell(new AuditCommand.TrialScore(audit, trial, score));
        }
        return this;
    }
}
