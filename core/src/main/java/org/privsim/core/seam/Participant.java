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
}
