package org.privsim.protocol;

/**
 * The billboard releases of a batch of rounds: the public vector p̂ of each round, posted by the
 * curator to the billboard and fanned out by it to every subscriber (an audit's adversaries). The d
 * coordinates travel as the support S (the coordinates persons read,
 * explicitly) and the unread residual (the exact summary of the other d − |S| an audit adversary
 * uses; see the core {@code IndexedMeanMechanism.unreadResidual}).
 *
 * <p>Guarantee: posted once per batch of a billboard mechanism; {@code estimates[k]} is round
 * {@code firstRound + k}'s p̂ at the |S| support coordinates in ascending order and
 * {@code unread[k]} its unread residual; no array is modified after posting.
 *
 * @param job        job id
 * @param firstRound the batch's first trial or repeat
 * @param estimates  p̂ at the support per round of the batch
 * @param unread     the unread residual per round of the batch
 */
public record BillboardPost(int job, int firstRound, double[][] estimates, double[] unread)
        implements AdversaryCommand {}
