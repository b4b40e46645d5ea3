package org.privsim.core.audit;

/**
 * The adversary's scores of one batch of an audit's consecutive trials: {@code scores[k]} is trial
 * {@code firstTrial + k}'s score (trial r played in world r % 2).
 *
 * <p>Guarantee: an immutable carrier by convention (the array is not copied: it crosses the seam as
 * an answer or an outcome once and is read, never written, after).
 *
 * @param firstTrial the batch's first trial
 * @param scores     the batch's scores in trial order
 */
public record BatchScores(int firstTrial, double[] scores) {}
