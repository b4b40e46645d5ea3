package org.privsim.core.seam;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.scenario.Scenario;

/**
 * One cell of a family with its types erased: what runtimes hold, so that one curator actor and
 * one pair of messages serve every family. Every value that crosses it is the
 * family's own (requests, answers, outcomes, rows); only the static types are lost.
 *
 * <p>Guarantee: each method is exactly the family's method on this cell.
 */
public final class BoundCell {
    private final Family<Object, Object, Object, Object, Object, Object> family;
    private final Object cell;
    private final int index;

    private BoundCell(Family<Object, Object, Object, Object, Object, Object> family, Object cell, int index) {
        this.family = family;
        this.cell = cell;
        this.index = index;
    }

    /** {@code cell} of {@code family}, at {@code index} in the list of cells the runtime holds. */
    @SuppressWarnings("unchecked")
    public static <C> BoundCell of(Family<C, ?, ?, ?, ?, ?> family, C cell, int index) {
        return new BoundCell((Family<Object, Object, Object, Object, Object, Object>) family, cell, index);
    }

    /**
     * Every cell of {@code family} in {@code scenario}, bound, in report order, at indices
     * {@code first}, {@code first + 1}, … (their places in a list that holds other families' cells
     * before them).
     */
    public static <C> List<BoundCell> cells(Family<C, ?, ?, ?, ?, ?> family, Scenario scenario, int first) {
        List<C> cells = family.cells(scenario);
        List<BoundCell> bound = new ArrayList<>(cells.size());
        for (int i = 0; i < cells.size(); i++) {
            bound.add(of(family, cells.get(i), first + i));
        }
        return bound;
    }

    /** The cell's index in the list of cells the runtime holds ({@code Families.cells} order), which messages name it by. */
    public int index() {
        return index;
    }

    /** {@link Family#runs}. */
    public int runs() {
        return family.runs(cell);
    }

    /** {@link Family#label}. */
    public String label() {
        return family.label(cell);
    }

    /** {@link Family#context}. */
    public Object context(int run, long seed) {
        return family.context(cell, run, seed);
    }

    /** {@link Family#contextKey}, tagged with the family so that keys of different families never meet (null: not shared). */
    public Object contextKey(int run, long seed) {
        Object key = family.contextKey(cell, run, seed);
        return key == null ? null : java.util.List.of(family.id(), key);
    }

    /** {@link Family#curator}. */
    public RunCurator<Object, Object, Object> curator(int run, long seed, Object context) {
        return family.curator(cell, run, seed, context);
    }

    /** {@link Family#participant}. */
    public Participant<Object, Object> participant(int run, long seed, Object context, int id) {
        return family.participant(cell, run, seed, context, id);
    }

    /** {@link Family#role}. */
    public Role role(int id) {
        return family.role(cell, id);
    }

    /** {@link Family#spread}. */
    public Spread spread() {
        return family.spread(cell);
    }

    /** {@link Family#row}: an experiment row ({@code core/run/ExperimentRow}) or an audit's row. */
    public Object row(List<Object> outcomes) {
        return family.row(cell, outcomes);
    }
}
