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
     * one sum: {@link RunCurator#onAnswers} then receives a one-element list, the sum. Runners may
     * hand the sum from participant to participant (a chained fold), so no answer travels on its
     * own; a step that lists nobody gets the empty sum.
     *
     * @param participants participant ids of the run, each at most once
     * @param request      what each of them answers
     * @param folding      how the answers are summed
     */
    record Fold<Q, O>(int[] participants, Q request, Folding<Object, Object> folding) implements Step<Q, O> {}

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

    /** Fold the answers of {@code participants} to {@code request} with {@code folding}. */
    @SuppressWarnings("unchecked")
    static <Q, O, A, S> Step<Q, O> fold(int[] participants, Q request, Folding<A, S> folding) {
        return new Fold<>(participants, request, (Folding<Object, Object>) (Folding<?, ?>) folding);
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
