package org.privsim.core.seam;

/**
 * What a run's curator does next: ask named participants one request, or end the run with its
 * outcome.
 *
 * <p>Guarantee: a step is an immutable value; runners deliver the answers to an {@link Ask} to
 * {@link RunCurator#onAnswers} in the order of {@link Ask#participants()}, whatever order they
 * arrived in.
 *
 * @param <Q> the family's request type
 * @param <O> the family's run outcome type
 */
public sealed interface Step<Q, O> permits Step.Ask, Step.Done {

    /**
     * Ask every listed participant {@code request}.
     *
     * @param participants participant ids of the run, each at most once (possibly empty: the
     *                     curator is then called back at once with no answers)
     * @param request      what each of them answers
     */
    record Ask<Q, O>(int[] participants, Q request) implements Step<Q, O> {}

    /**
     * The run is over.
     *
     * @param outcome its outcome
     */
    record Done<Q, O>(O outcome) implements Step<Q, O> {}

    /** Ask participants {@code 0 … count − 1}. */
    static <Q, O> Step<Q, O> askAll(int count, Q request) {
        return askRange(0, count, request);
    }

    /** Ask participants {@code from … to − 1}, ascending. */
    static <Q, O> Step<Q, O> askRange(int from, int to, Q request) {
        int[] ids = new int[to - from];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = from + i;
        }
        return new Ask<>(ids, request);
    }
}
