package org.privsim.core.seam;

/**
 * One participant of a run (a user, a task, a row holder …): built from the run's context and its
 * id, it keeps its data to itself and answers each request with what the family's algorithm lets it
 * send (clipped statistics, a clipped model, scores).
 *
 * <p>Guarantee: its answers depend only on its id, the run's context and the requests it received,
 * in order — never on where or when it runs.
 *
 * @param <Q> request type
 * @param <A> answer type
 */
public interface Participant<Q, A> {

    /** The answer to {@code request}. */
    A answer(Q request);

    /**
     * Its turn in a {@link Step.Fold}: {@code sum} with its answer to {@code request} added. By
     * default {@code folding.add(sum, answer(request))}; a participant may add its answer into the sum
     * in place instead (no answer built on its own), which then defines the fold's bits on every runner.
     */
    default Object fold(Q request, Object sum, Folding<Object, Object> folding) {
        return folding.add(sum, answer(request));
    }
}
