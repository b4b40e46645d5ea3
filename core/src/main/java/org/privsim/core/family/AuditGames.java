package org.privsim.core.family;

import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.OneRunGame;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.scenario.Scenario;

/**
 * Builds the distinguishing game of a scenario's audit — the game of the one module that
 * {@link org.privsim.core.module.FamilyModule#audits audits} it ({@link Families#auditing}) — and
 * plays it on one thread.
 *
 * <p>Guarantee: {@link #play} computes trial r's score in world r % 2 for r = 0..trials−1 in order;
 * since each score is a pure function of (audit, trial, world), any runner that computes the same
 * scores in any order and then calls {@link AuditResult#of} reports the same row.
 */
public final class AuditGames {
    private AuditGames() {}

    /** The game of audit {@code index} of {@code scenario}. */
    public static DistinguishingGame of(Scenario scenario, int index) {
        return of(scenario, index, scenario.seed());
    }

    /** The game of audit {@code index} of {@code scenario} under root seed {@code root}: its module's. */
    public static DistinguishingGame of(Scenario scenario, int index, long root) {
        AuditSpec spec = scenario.audits().get(index);
        return Families.auditing(spec).game(scenario, spec, index, root);
    }

    /** What the mechanism of {@code spec} claims (population, accounted ε, sampled composition): its module's word. */
    public static AuditClaim claim(AuditSpec spec) {
        return Families.auditing(spec).claim(spec);
    }

    /** The one-run game of audit {@code index} (a {@code method: one-run} audit) under root seed {@code root}. */
    public static OneRunGame oneRun(Scenario scenario, int index, long root) {
        AuditSpec spec = scenario.audits().get(index);
        return Families.auditing(spec).oneRunGame(scenario, spec, index, root);
    }

    /** The row of one-run audit {@code index} under root seed {@code root} from its canaries' scores. */
    public static AuditResult oneRunRow(Scenario scenario, int index, long root, double[] scores) {
        AuditSpec spec = scenario.audits().get(index);
        return AuditResult.oneRun(spec, index, claim(spec), scores, FamilyModule.gameSeed(root, index));
    }

    /**
     * Plays every trial of audit {@code index} in order (a one-run audit: its one run) and returns its
     * report row.
     */
    public static AuditResult play(Scenario scenario, int index) {
        AuditSpec spec = scenario.audits().get(index);
        if (spec.oneRun()) {
            return oneRunRow(scenario, index, scenario.seed(), oneRun(scenario, index, scenario.seed()).scores());
        }
        DistinguishingGame game = of(scenario, index);
        double[] scores = new double[spec.trials()];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = game.score(r, r % 2);
        }
        return AuditResult.of(spec, index, claim(spec), scores);
    }
}
