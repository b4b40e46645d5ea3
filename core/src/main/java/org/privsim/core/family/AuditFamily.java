package org.privsim.core.family;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.BatchScores;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.OneRunGame;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.module.ParticipantAudit;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Role;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;

/**
 * A scenario's audits as a seam {@link Family}: one cell per audit (its row is the audit's
 * {@link AuditResult}), whose runs are batches of consecutive trials — trial r played in world r % 2
 * — so that the per-message cost of a run is shared by its batch's trials.
 *
 * <p>An audit its module plays with participants ({@link FamilyModule#playsWithParticipants}: the
 * indexed-mean canary games, whose persons and adversary are participants, so that a cluster places
 * the adversary on an {@code adversary} node) runs the module's {@link ParticipantAudit}: its curator
 * is the mechanism and releases each batch's trials.
 *
 * <p>Every other audit (the indexed-mean tracing game; the priv-altmin, single-model-dp, MP-MTL and DP-SGD canary games;
 * the transfer white-box game of DP-SGD and sufficient statistics, the federated one of dp-fedavg and
 * dp-fedrep — see {@link AuditGames}) is a game
 * that lives fully in core: its runs have no participants and their curator plays the batch's trials
 * with {@link DistinguishingGame#score}.
 *
 * <p>A one-run audit ({@code method: one-run}) is one run whose curator plays the module's
 * {@link OneRunGame} in core; its outcome carries the canaries' scores (canary c's at index c).
 *
 * <p>Guarantee: every trial's score equals {@link AuditGames#play}'s bit for bit (each is a pure
 * function of (audit, trial, world); {@link ParticipantAudit}'s guarantee), so the row is the same on
 * every runner and for any batching.
 */
public final class AuditFamily implements Family<AuditFamily.Cell, Object, Object, Object, BatchScores, AuditResult> {
    /** The one instance. */
    public static final AuditFamily INSTANCE = new AuditFamily();

    /**
     * One audit of a scenario. Holds its run context once built per root seed (a cell is shared by
     * the runs of a node, so the population and the game are built once there).
     */
    public static final class Cell {
        private final Scenario scenario;
        private final int index;
        private final AuditSpec spec;
        private final Map<Long, Object> contexts = new ConcurrentHashMap<>();

        Cell(Scenario scenario, int index) {
            this.scenario = scenario;
            this.index = index;
            this.spec = scenario.audits().get(index);
        }

        /** The audit's index in the scenario. */
        public int index() {
            return index;
        }

        /** The audit. */
        public AuditSpec spec() {
            return spec;
        }

        /** Whether the audit's module plays it with participants ({@link FamilyModule#playsWithParticipants}). */
        boolean withParticipants() {
            return Families.auditing(spec).playsWithParticipants(spec);
        }

        Object context(long seed) {
            return contexts.computeIfAbsent(seed, s -> spec.oneRun() ? new OneRun(AuditGames.oneRun(scenario, index, s))
                    : withParticipants() ? Families.auditing(spec).participantAudit(spec, index, s)
                    : new Game(AuditGames.of(scenario, index, s)));
        }

        /** Trials per run. */
        int batch() {
            return !spec.oneRun() && withParticipants() ? ((ParticipantAudit) context(scenario.seed())).batch() : 1;
        }
    }

    /** A game living fully in core. */
    private record Game(DistinguishingGame game) {}

    /** A one-run game living fully in core: its one run's outcome is the canaries' scores. */
    private record OneRun(OneRunGame game) {}

    private AuditFamily() {}

    @Override
    public String id() {
        return "audit";
    }

    /** Audits are not experiments: no algorithm's experiments run here. */
    @Override
    public boolean runs(Algorithm algorithm) {
        return false;
    }

    @Override
    public List<Cell> cells(Scenario scenario) {
        List<Cell> cells = new ArrayList<>();
        for (int a = 0; a < scenario.audits().size(); a++) {
            cells.add(new Cell(scenario, a));
        }
        return cells;
    }

    @Override
    public int runs(Cell cell) {
        int batch = cell.batch();
        return (cell.spec.trials() + batch - 1) / batch;
    }

    @Override
    public String label(Cell cell) {
        return "audit " + cell.index;
    }

    @Override
    public Object context(Cell cell, int run, long seed) {
        return cell.context(seed);
    }

    @Override
    public Role role(Cell cell, int id) {
        return !cell.spec.oneRun() && cell.withParticipants() ? ((ParticipantAudit) cell.context(cell.scenario.seed())).role(id) : Role.USER;
    }

    @Override
    public RunCurator<Object, Object, BatchScores> curator(Cell cell, int run, long seed, Object context) {
        int batch = cell.batch();
        int first = run * batch;
        int count = Math.min(batch, cell.spec.trials() - first);
        if (context instanceof OneRun oneRun) {
            return new RunCurator<>() {
                @Override
                public Step<Object, BatchScores> start() {
                    return new Step.Done<>(new BatchScores(0, oneRun.game().scores()));
                }

                @Override
                public Step<Object, BatchScores> onAnswers(List<Object> answers) {
                    throw new IllegalStateException("a game in core asks nobody");
                }
            };
        }
        if (context instanceof Game game) {
            return new RunCurator<>() {
                @Override
                public Step<Object, BatchScores> start() {
                    double[] scores = new double[count];
                    for (int k = 0; k < count; k++) {
                        scores[k] = game.game().score(first + k, (first + k) % 2);
                    }
                    return new Step.Done<>(new BatchScores(first, scores));
                }

                @Override
                public Step<Object, BatchScores> onAnswers(List<Object> answers) {
                    throw new IllegalStateException("a game in core asks nobody");
                }
            };
        }
        return ((ParticipantAudit) context).curator(first, count);
    }

    @Override
    public Participant<Object, Object> participant(Cell cell, int run, long seed, Object context, int id) {
        return ((ParticipantAudit) context).participant(id);
    }

    @Override
    public AuditResult row(Cell cell, List<BatchScores> outcomes) {
        if (cell.spec.oneRun()) {
            return AuditGames.oneRunRow(cell.scenario, cell.index, cell.scenario.seed(), outcomes.get(0).scores());
        }
        double[] scores = new double[cell.spec.trials()];
        int filled = 0;
        for (BatchScores batch : outcomes) {
            System.arraycopy(batch.scores(), 0, scores, batch.firstTrial(), batch.scores().length);
            filled += batch.scores().length;
        }
        if (filled != scores.length) {
            throw new IllegalStateException("audit " + cell.index + ": " + filled + " of " + scores.length
                    + " trials scored");
        }
        return AuditResult.of(cell.spec, cell.index, AuditGames.claim(cell.spec), scores);
    }
}
