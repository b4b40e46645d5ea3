package org.privsim.protocol;

/**
 * The billboard releases of a batch of rounds: the whole public vector p̂ of each round, posted by
 * the curator to the billboard and fanned out by it to every subscriber (persons and adversaries
 * alike, hence both interfaces).
 *
 * <p>Guarantee: posted once per batch of a billboard mechanism; {@code estimates[k]} is round
 * {@code firstRound + k}'s vector of d entries, and no array is modified after posting.
 *
 * @param job        job id
 * @param firstRound the batch's first trial or repeat
 * @param estimates  p̂_0..p̂_{d−1} per round of the batch
 */
public record BillboardPost(int job, int firstRound, double[][] estimates)
        implements PersonCommand, AdversaryCommand {}
