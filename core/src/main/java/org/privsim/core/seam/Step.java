package org.privsim.core.seam;

import java.util.List;

/**
 * What a run's curator does next: ask named participants one request (or each its own), or end
 * the run with its outcome.
 *
 * <p>Guarantee: a step is an immutable value; runners deliver the answers to an {@link Ask} or
 * {@link AskEach} to {@link RunCurator#onAnswers} in the order it lists its participants, whatever order they
 * arrived in.
 *
 * @param <Q> the family's request type
 * @param <O> the family's run outcome type
 */
public sealed interface Step<Q, O> permits Step.Ask, Step.AskEach, Step.Fold, Step.Done {

    /**
     * Ask every listed participant {@code request}.
     *
     * @param participants participant ids of the run, each at most once (possibly empty: the
     *                     curator is then called back at once with no answers)
     * @param request      what each of them answers
     */
    record Ask<Q, O>(int[] participants, Q request) implements Step<Q, O> {}

    /**
     * Ask each listed participant its own request (a separate output meant for it alone).
     *
     * @param participants participant ids of the run, each at most once
     * @param requests     {@code requests.get(i)} is what {@code participants[i]} answers; same length
     */
    record AskEach<Q, O>(int[] participants, List<Q> requests) implements Step<Q, O> {
        public AskEach {
            if (requests.size() != participants.length) {
                throw new IllegalArgumentException(requests.size() + " requests for " + participants.length
                        + " participants");
            }
            requests = List.copyOf(requests);
        }
    }

    /**
     * Ask every listed participant {@code request} and fold their answers, in the order listed, into
     * one sum: {@link RunCurator#onAnswers} then receives a one-element list, the sum. Each
     * participant adds its own answer ({@link Participant#fold}), so runners may hand the sum from
     * participant to participant (a chained fold) and no answer travels on its own; a step that lists
     * nobody gets the empty sum.
     *
     * <p>With {@code rangeEnds} the list is partitioned into consecutive ranges — range r holds the
     * positions from {@code rangeEnds[r - 1]} (0 for the first) up to {@code rangeEnds[r]} — each range
     * is folded from {@link Folding#empty} on its own, and the total is {@link Folding#empty} with
     * every range's partial sum {@link Folding#combine combined} into it in range order (an empty
     * range adds an empty partial). Runners may fold the ranges at the same time; the bits are those
     * of this order. Without ranges ({@code null}) the sum is the one chain's, with no combine.
     *
     * @param participants participant ids of the run, each at most once
     * @param rangeEnds    null, or ascending end positions in {@code participants} of the ranges, the
     *                     last one {@code participants.length}
     * @param request      what each of them answers
     * @param folding      how the answers are summed
     */
    record Fold<Q, O>(int[] participants, int[] rangeEnds, Q request, Folding<Object, Object> folding)
            implements Step<Q, O> {
        public Fold {
            if (rangeEnds != null) {
                int previous = 0;
                for (int end : rangeEnds) {
                    if (end < previous) {
                        throw new IllegalArgumentException("range ends must ascend: " + java.util.Arrays.toString(rangeEnds));
                    }
                    previous = end;
                }
                if (rangeEnds.length == 0 || previous != participants.length) {
                    throw new IllegalArgumentException("the last range must end at " + participants.length);
                }
            }
        }

        /** The ranges' end positions: {@code rangeEnds}, or the one range of the whole list. */
        public int[] ends() {
            return rangeEnds == null ? new int[] {participants.length} : rangeEnds;
        }

        /** Whether the fold is partitioned into ranges whose partial sums are combined. */
        public boolean ranged() {
            return rangeEnds != null;
        }

        /**
         * The fold's sum from its ranges' partial sums, in range order: without ranges the one
         * partial itself, else {@link Folding#empty} with each partial {@link Folding#combine combined} in.
         */
        public Object total(List<Object> partials) {
            if (!ranged()) {
                return partials.get(0);
            }
            Object total = folding.empty();
            for (Object part : partials) {
                total = folding.combine(total, part);
            }
            return total;
        }
    }

    /**
     * The run is over.
     *
     * @param outcome its outcome
     */
    record Done<Q, O>(O outcome) implements Step<Q, O> {}

    /** The participants this step asks (none for {@link Done}). */
    default int[] asked() {
        if (this instanceof Ask<Q, O> ask) {
            return ask.participants();
        }
        if (this instanceof Fold<Q, O> fold) {
            return fold.participants();
        }
        return this instanceof AskEach<Q, O> each ? each.participants() : new int[0];
    }

    /** The request of the participant at {@code position} of {@link #asked} (this step must ask). */
    default Q request(int position) {
        if (this instanceof Ask<Q, O> ask) {
            return ask.request();
        }
        if (this instanceof Fold<Q, O> fold) {
            return fold.request();
        }
        return ((AskEach<Q, O>) this).requests().get(position);
    }

    /**
     * The step's request as progress reports name it: an ask's or a fold's request, the first of an
     * {@link AskEach}'s (null when it asks nobody), null for {@link Done}.
     */
    default Q firstRequest() {
        if (this instanceof Ask<Q, O> ask) {
            return ask.request();
        }
        if (this instanceof Fold<Q, O> fold) {
            return fold.request();
        }
        if (this instanceof AskEach<Q, O> each) {
            return each.requests().isEmpty() ? null : each.requests().get(0);
        }
        return null;
    }

    /** Fold the answers of {@code participants} to {@code request} with {@code folding}. */
    @SuppressWarnings("unchecked")
    static <Q, O, A, S> Step<Q, O> fold(int[] participants, Q request, Folding<A, S> folding) {
        return new Fold<>(participants, null, request, (Folding<Object, Object>) (Folding<?, ?>) folding);
    }

    /**
     * Fold the answers of {@code participants} to {@code request} range by range ({@code rangeEnds},
     * see {@link Fold}) and combine the ranges' partial sums in range order.
     */
    @SuppressWarnings("unchecked")
    static <Q, O, A, S> Step<Q, O> foldRanges(int[] participants, int[] rangeEnds, Q request, Folding<A, S> folding) {
        return new Fold<>(participants, rangeEnds.clone(), request, (Folding<Object, Object>) (Folding<?, ?>) folding);
    }

    /** Ask participant i (i = 0 … size − 1) {@code requests.get(i)}. */
    static <Q, O> Step<Q, O> askEach(List<Q> requests) {
        return new AskEach<>(ids(0, requests.size()), requests);
    }

    /** Ask participants {@code 0 … count − 1}. */
    static <Q, O> Step<Q, O> askAll(int count, Q request) {
        return askRange(0, count, request);
    }

    /** Ask participants {@code from … to − 1}, ascending. */
    static <Q, O> Step<Q, O> askRange(int from, int to, Q request) {
        return new Ask<>(ids(from, to), request);
    }

    private static int[] ids(int from, int to) {
        int[] ids = new int[to - from];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = from + i;
        }
        return ids;
    }
}
