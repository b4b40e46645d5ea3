package org.privsim.core.seam;

import java.util.ArrayList;
import java.util.List;

/**
 * The steps of a run whose participants are spread over K nodes ({@link Spread}), cut into one part
 * per node: node k holds the ids of block k ({@link Spread#bounds}) and computes only their answers.
 *
 * <p>An {@link Step.Ask} or {@link Step.AskEach} is cut by owner: each node answers its positions and
 * the answers are put back in position order. A {@link Step.Fold} is cut into consecutive position
 * blocks (its ids must ascend in owner order, as the families' folds list ids ascending) and summed
 * as a chain: each node folds the ranges that start in its block from {@link Folding#empty} — all at
 * once — then, in node order, takes the running total (and the partial of a range that began on an
 * earlier node) from the node before it, folds its first positions into that partial, closes its
 * ranges into the total in range order and hands both on; the last node's total is the fold's.
 *
 * <p>Guarantee: the chain adds exactly what {@link SequentialInterpreter} adds, in its order — each
 * range folded participant by participant in position order from an empty sum, the ranges' partials
 * combined into an empty total in range order (a fold without ranges: its one chain, no combine) —
 * so a spread run's outcome is the sequential one bit for bit, on any number of nodes.
 */
public final class SpreadPlan {
    private final int[] bounds;

    /** A plan over the blocks {@code bounds} ({@link Spread#bounds}). */
    public SpreadPlan(int[] bounds) {
        this.bounds = bounds.clone();
    }

    /** The plan of {@code spread} over {@code nodes} nodes. */
    public static SpreadPlan of(Spread spread, int nodes) {
        return new SpreadPlan(spread.bounds(nodes));
    }

    /** The number of nodes. */
    public int nodes() {
        return bounds.length - 1;
    }

    /** The node that holds participant {@code id} (ids past the population: the last node). */
    public int owner(int id) {
        int low = 0;
        int high = nodes() - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (bounds[mid] <= id) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }

    /** How many of the ids {@code 0 … population − 1} node {@code node} holds. */
    public int blockSize(int node) {
        return bounds[node + 1] - bounds[node];
    }

    /**
     * An ask's part on one node: the positions of the step it answers, ascending, and their ids.
     *
     * @param positions positions in the step
     * @param ids       the participant at each of them
     */
    public record AskPart(IntRuns positions, IntRuns ids) {}

    /** The parts of an ask of {@code ids}, one per node, null for a node asked nothing. */
    public AskPart[] cutAsk(int[] ids) {
        int[][] positions = new int[nodes()][];
        int[] counts = new int[nodes()];
        for (int id : ids) {
            counts[owner(id)]++;
        }
        for (int k = 0; k < nodes(); k++) {
            positions[k] = new int[counts[k]];
            counts[k] = 0;
        }
        for (int p = 0; p < ids.length; p++) {
            int k = owner(ids[p]);
            positions[k][counts[k]++] = p;
        }
        AskPart[] parts = new AskPart[nodes()];
        for (int k = 0; k < nodes(); k++) {
            if (positions[k].length > 0) {
                int[] own = new int[positions[k].length];
                for (int i = 0; i < own.length; i++) {
                    own[i] = ids[positions[k][i]];
                }
                parts[k] = new AskPart(IntRuns.of(positions[k]), IntRuns.of(own));
            }
        }
        return parts;
    }

    /**
     * A fold's part on one node: positions {@code from … to − 1} of the step (their ids), the ranges
     * that end in {@code (from, to]} (or at 0, on the chain's first node), and its place in the chain.
     *
     * @param from        the block's first position
     * @param to          one past its last
     * @param ids         the ids at positions {@code from … to − 1}
     * @param closes      the end positions of the ranges this node closes, ascending
     * @param startsFresh whether a range starts at {@code from} (else the node continues the
     *                    partial of a range begun on the node before it)
     * @param ranged      whether the fold has ranges ({@link Step.Fold#ranged})
     * @param first       whether the chain starts here (with an empty total)
     * @param next        the node the running sums go to next, or −1 when this node ends the chain
     */
    public record FoldPart(int from, int to, IntRuns ids, IntRuns closes, boolean startsFresh, boolean ranged,
                           boolean first, int next) {

        /**
         * The node's segments in order: each range piece in its block, [{@code from}, {@code to}) in
         * positions, whether it starts a range (computable from an empty sum before the chain
         * arrives) and whether it closes one (its partial then joins the total).
         */
        public List<Segment> segments() {
            List<Segment> segments = new ArrayList<>();
            int start = from;
            boolean fresh = startsFresh;
            for (int close : closes.toArray()) {
                segments.add(new Segment(start, close, fresh, true));
                start = close;
                fresh = true;
            }
            if (start < to) {
                segments.add(new Segment(start, to, fresh, false));
            }
            return segments;
        }

        /**
         * The node's turn in the chain: the running {@code total} and the {@code open} partial it
         * received (ignored on the first node, which starts from an empty total and no partial),
         * extended by its segments in order — a fresh segment's partial is {@code fresh.apply(i)}
         * (folded from empty beforehand), the first segment, when it continues a range, is folded into
         * {@code open} by {@code continueInto} — and returned as {total, open} for the next node.
         */
        public Object[] extend(Object total, Object open, Folding<Object, Object> folding,
                               java.util.function.IntFunction<Object> fresh, ContinueFold continueInto) {
            if (first) {
                total = ranged ? folding.empty() : null;
                open = null;
            }
            List<Segment> segments = segments();
            for (int i = 0; i < segments.size(); i++) {
                Segment segment = segments.get(i);
                Object part = segment.fresh() ? fresh.apply(i) : continueInto.fold(open, segment.from(), segment.to());
                if (segment.closes()) {
                    total = ranged ? folding.combine(total, part) : part;
                    open = null;
                } else {
                    open = part;
                }
            }
            return new Object[] {total, open};
        }
    }

    /** Folds positions {@code from … to − 1} into a partial sum (in place, or returning the new sum). */
    @FunctionalInterface
    public interface ContinueFold {
        /** {@code partial} with the participants at positions {@code from … to − 1} folded in, in order. */
        Object fold(Object partial, int from, int to);
    }

    /**
     * One piece of a node's block: positions {@code from … to − 1}.
     *
     * @param from   first position
     * @param to     one past the last
     * @param fresh  whether a range starts at {@code from}
     * @param closes whether a range ends at {@code to}
     */
    public record Segment(int from, int to, boolean fresh, boolean closes) {}

    /**
     * The parts of {@code fold}, one per node, null for a node with no part in the chain; empty
     * (every part null) when the fold names nobody — its sum needs no participant.
     *
     * @throws IllegalArgumentException when the fold's ids do not ascend in owner order
     */
    public FoldPart[] cutFold(Step.Fold<?, ?> fold) {
        int[] ids = fold.participants();
        int[] ends = fold.ends();
        FoldPart[] parts = new FoldPart[nodes()];
        if (ids.length == 0) {
            return parts;
        }
        int[] blockStart = new int[nodes() + 1];
        int owner = 0;
        for (int p = 0; p < ids.length; p++) {
            int k = owner(ids[p]);
            if (k < owner) {
                throw new IllegalArgumentException("a spread fold lists its participants in node order; participant "
                        + ids[p] + " at position " + p + " comes after a participant of a later node");
            }
            while (owner < k) {
                blockStart[++owner] = p;
            }
        }
        while (owner < nodes()) {
            blockStart[++owner] = ids.length;
        }
        List<Integer> chain = new ArrayList<>();
        for (int k = 0; k < nodes(); k++) {
            boolean zeroCloses = k == 0 && ends[0] == 0;
            if (blockStart[k + 1] > blockStart[k] || zeroCloses) {
                chain.add(k);
            }
        }
        java.util.Set<Integer> endSet = new java.util.HashSet<>();
        for (int e : ends) {
            endSet.add(e);
        }
        for (int c = 0; c < chain.size(); c++) {
            int k = chain.get(c);
            int from = blockStart[k];
            int to = blockStart[k + 1];
            List<Integer> closes = new ArrayList<>();
            for (int e : ends) {
                if ((e > from && e <= to) || (k == 0 && e == 0)) {
                    closes.add(e);
                }
            }
            boolean startsFresh = from == 0 || endSet.contains(from);
            parts[k] = new FoldPart(from, to, IntRuns.of(ids, from, to),
                    IntRuns.of(closes.stream().mapToInt(Integer::intValue).toArray()), startsFresh, fold.ranged(),
                    c == 0, c + 1 < chain.size() ? chain.get(c + 1) : -1);
        }
        return parts;
    }
}
