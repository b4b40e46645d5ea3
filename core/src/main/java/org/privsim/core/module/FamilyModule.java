package org.privsim.core.module;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.OneRunGame;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.report.RowDescription;
import org.privsim.core.scenario.AuditForm;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;

/**
 * An algorithm family as one module, the folder {@code core/family/<name>/}: what the registry
 * ({@code core/family/Families}) and the audits ask of it, so that neither names the family's classes.
 *
 * <p>Guarantees an implementation gives: {@link #families} is a constant list in report order;
 * {@link #audits} holds exactly for the audits whose algorithm and task the module's games play (the
 * registry requires that exactly one module claims each audit a scenario reader accepts); and
 * {@link #game} and {@link #claim} are pure functions of their arguments; {@link #rows} describes every
 * row type its families produce; {@link #runs} holds for exactly the experiments its families run (one
 * module for each valid experiment); {@link #addWork} and {@link #addAuditWork} add the fitted units of
 * the run-time model ({@link WorkUnit}) as pure functions of the scenario; {@link #populationUse} and
 * {@link #heap} are the memory model's counts, pure functions of their arguments.
 */
public interface FamilyModule {

    /** The module's name: its folder under {@code core/family/} (e.g. {@code ratings}). */
    String id();

    /** The module's seam families, in report order. */
    List<Family<?, ?, ?, ?, ?, ?>> families();

    /**
     * How the module's row types appear in the report's files, in report order (a row type two modules
     * share, {@code ExperimentResult}, is described by one description that both list).
     */
    List<RowDescription<?>> rows();

    /**
     * The experiment fields of the module's algorithms, one form per algorithm it declares (and one per
     * algorithm it runs on a ratings task), in the order the scenario reference lists their variants.
     */
    List<ExperimentForm> forms();

    /** How audits of the module's auditable algorithms read and are checked, one form per algorithm. */
    List<AuditForm> auditForms();

    /** Whether this module plays the audit {@code spec}. */
    boolean audits(AuditSpec spec);

    /**
     * The distinguishing game of audit {@code index} of {@code scenario} (whose spec this module
     * {@link #audits}) under root seed {@code root}.
     */
    DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root);

    /**
     * Whether this module plays audit {@code spec} (one it {@link #audits}) with participants on the
     * seam ({@link #participantAudit}) rather than as its {@link #game} in core; false by default.
     */
    default boolean playsWithParticipants(AuditSpec spec) {
        return false;
    }

    /**
     * Audit {@code index} of a scenario (whose spec this module {@link #playsWithParticipants}) as played
     * with participants under root seed {@code seed}.
     *
     * @throws UnsupportedOperationException when the module plays no audit with participants (the default)
     */
    default ParticipantAudit participantAudit(AuditSpec spec, int index, long seed) {
        throw new UnsupportedOperationException(id() + " plays no audit with participants");
    }

    /**
     * The one-run game of audit {@code index} of {@code scenario} (whose spec this module {@link #audits},
     * with {@code method: one-run}, allowed where its {@link AuditForm#oneRunDimension} is set) under root
     * seed {@code root}, seeded by {@link #gameSeed}.
     *
     * @throws UnsupportedOperationException when the module plays no one-run audit (the default)
     */
    default OneRunGame oneRunGame(Scenario scenario, AuditSpec spec, int index, long root) {
        throw new UnsupportedOperationException(id() + " plays no one-run audit");
    }

    /**
     * What the mechanism of audit {@code spec} (one this module {@link #audits}) claims: the population
     * its target and collusion set live in, the ε its accountant states, its sampled composition.
     */
    AuditClaim claim(AuditSpec spec);

    /** Whether this module's families run experiment {@code spec} of {@code scenario}. */
    boolean runs(Scenario scenario, ExperimentSpec spec);

    /** Adds the work of experiment {@code spec} of {@code scenario} (one this module {@link #runs}) to {@code work}. */
    void addWork(Scenario scenario, ExperimentSpec spec, Work work);

    /** Adds the work of the trials of audit {@code spec} (one this module {@link #audits}) to {@code work}. */
    void addAuditWork(AuditSpec spec, Work work);

    /**
     * What experiment {@code spec} (one this module {@link #runs}) holds of the scenario's low-rank
     * population, or null when its runs hold none (the default).
     */
    default PopulationUse populationUse(ExperimentSpec spec) {
        return null;
    }

    /**
     * The heap the module's experiments and audits of {@code scenario} need besides the base, a data
     * set's table and the low-rank population ({@link #populationUse}); {@link RunHeap#NONE} (the
     * default) when they need nothing more.
     */
    default RunHeap heap(Scenario scenario) {
        return RunHeap.NONE;
    }

    /** The seed of audit {@code index}'s game under root seed {@code root}: stream (root, "audit", index). */
    static long gameSeed(long root, int index) {
        return RandomStreams.derive(root, "audit", index);
    }
}
