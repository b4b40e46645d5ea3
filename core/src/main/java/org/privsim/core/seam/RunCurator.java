package org.privsim.core.seam;

import java.util.List;

/**
 * The curator of one run of a family, as a state machine: {@link #start} gives the first step and
 * {@link #onAnswers} the next one from the participants' answers. All noise of a run is drawn and
 * every release is charged here, never in a participant.
 *
 * <p>Guarantee: given the same answers in the same order, the same steps and outcome, bit for bit
 * (every random draw comes from a stream derived from the run's seed) — which is what makes the
 * sequential runner and the actor runners agree.
 *
 * @param <Q> request type
 * @param <A> answer type
 * @param <O> outcome type
 */
public interface RunCurator<Q, A, O> {

    /** The first step of the run. */
    Step<Q, O> start();

    /**
     * The next step, after the participants of the last {@link Step.Ask} answered.
     *
     * @param answers one answer per asked participant, in the order the ask listed them
     */
    Step<Q, O> onAnswers(List<A> answers);
}
