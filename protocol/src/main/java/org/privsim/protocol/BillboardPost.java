package org.privsim.protocol;

/**
 * One billboard release: the whole public vector p̂, posted by the curator to the billboard and
 * fanned out by it to every subscriber (persons and adversaries alike, hence both interfaces).
 *
 * <p>Guarantee: posted once per round of a billboard mechanism; {@code estimates} has d entries
 * and is never modified after posting.
 *
 * @param job       job id
 * @param round     trial or repeat
 * @param estimates p̂_0..p̂_{d−1}
 */
public record BillboardPost(int job, int round, double[] estimates) implements PersonCommand, AdversaryCommand {}
