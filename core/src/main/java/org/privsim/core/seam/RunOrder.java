package org.privsim.core.seam;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order every runtime starts the runs of a list of cells in: runs that share a context
 * ({@link Family#contextKey}) together, so that a runtime holds one shared context at a time.
 * Groups come in the order of their first run in (cell, run) order, and within a group runs keep
 * (cell, run) order; a run with no key is a group of its own. Without keys this is plain (cell, run)
 * order.
 *
 * <p>Guarantee: every (cell, run) exactly once; the order never changes an outcome (runs are
 * independent), only what a runtime must hold at once.
 */
public final class RunOrder {
    private RunOrder() {}

    /** One run: its cell's position in the list, its index in the cell, and its context key (null: its own). */
    public record Run(int cell, int run, Object key) {}

    /** Every run of {@code cells} under root seed {@code seed}, in starting order. */
    public static List<Run> of(List<BoundCell> cells, long seed) {
        Map<Object, List<Run>> groups = new LinkedHashMap<>();
        for (int c = 0; c < cells.size(); c++) {
            BoundCell cell = cells.get(c);
            for (int r = 0; r < cell.runs(); r++) {
                Object key = cell.contextKey(r, seed);
                Run run = new Run(c, r, key);
                groups.computeIfAbsent(key == null ? run : key, k -> new ArrayList<>()).add(run);
            }
        }
        List<Run> order = new ArrayList<>();
        groups.values().forEach(order::addAll);
        return order;
    }
}
