package org.privsim.core.seam;

import java.util.List;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Scenario;

/**
 * An algorithm family as the simulator runs it: the cells a scenario asks for, and for each cell a
 * number of independent runs, each a {@link RunCurator} talking to {@link Participant}s, whose
 * outcomes make the cell's report row. Every runner — sequential, local actors, cluster — executes
 * a family only through this interface, so adding a family needs no runtime change.
 *
 * <p>Guarantees an implementation gives: {@link #cells} is a pure function of the scenario; a run's
 * context and participants are pure functions of (cell, run, seed, id), so any node can rebuild
 * them; {@link #row} gets the outcomes in run order and is the same whatever order the runs ended in.
 *
 * @param <C> cell (one report row: an experiment at one ε, n, …)
 * @param <P> run context: what every participant of a run shares and may rebuild (e.g. the run's
 *            population), immutable
 * @param <Q> request
 * @param <A> answer
 * @param <O> run outcome
 * @param <R> report row: an experiment row ({@code core/run/ExperimentRow}) of the report's {@code experiments}, or an
 *            {@link org.privsim.core.audit.AuditResult} of its {@code audits}
 */
public interface Family<C, P, Q, A, O, R> {

    /** The family's name, as in progress lines and errors (e.g. {@code multitask}). */
    String id();

    /** Whether the family runs {@code algorithm}'s experiments (no other runtime path then runs them). */
    boolean runs(Algorithm algorithm);

    /** The cells of {@code scenario}, in report order (empty when the scenario has none). */
    List<C> cells(Scenario scenario);

    /** How many independent runs {@code cell} has (repeats × candidates …). */
    int runs(C cell);

    /** A short label of {@code cell} for progress lines and errors. */
    String label(C cell);

    /** The context of run {@code run} of {@code cell} under root seed {@code seed}. */
    P context(C cell, int run, long seed);

    /**
     * The key of run {@code run}'s context, or null (the default) when the run's context is its own.
     * Runs of this family whose keys are equal (across cells too) share one context — runtimes
     * build it once and may keep it while such runs remain — and the family promises that their
     * participants are the same: participant {@code id} is a pure function of (context, id) and
     * answers each request from the context and the request alone, keeping nothing between
     * requests, so a runtime may build it once per key and let it answer every such run. Runtimes
     * run the runs of one key together (see {@link RunOrder}). For contexts too dear to build per run
     * (a population of 10⁶ users' data sets).
     */
    default Object contextKey(C cell, int run, long seed) {
        return null;
    }

    /** The curator of run {@code run}. */
    RunCurator<Q, A, O> curator(C cell, int run, long seed, P context);

    /** Participant {@code id} of run {@code run}. */
    Participant<Q, A> participant(C cell, int run, long seed, P context, int id);

    /**
     * The role of participant {@code id} of {@code cell}'s runs: where a cluster places it (every
     * participant is a {@link Role#USER} unless the family says otherwise).
     */
    default Role role(C cell, int id) {
        return Role.USER;
    }

    /**
     * How the participants of {@code cell}'s runs may be cut over several nodes, or null (the
     * default) when a run must run whole on one node. A family that returns a spread promises that
     * its participants are {@link Role#USER}s with ids {@code 0 … population − 1}, that each answers
     * from (context, id, request) alone — so a node may build any of them, and a step may be asked
     * again — and that its folds list ids ascending ({@link SpreadPlan}).
     */
    default Spread spread(C cell) {
        return null;
    }

    /** The report row of {@code cell} from its runs' outcomes, in run order. */
    R row(C cell, List<O> outcomes);
}
