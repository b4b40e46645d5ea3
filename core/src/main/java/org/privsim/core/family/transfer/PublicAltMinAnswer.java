package org.privsim.core.family.transfer;

import org.privsim.core.sim.UserRoundStats;

/**
 * A public task's answer to a {@link TransferRequest.PublicAltMin} request, exactly one field set:
 * the packed initialisation statistics, the clipped U-step statistics, or the error terms of its
 * final model — what {@code UserStep.respond} returns for the request's task.
 *
 * @param init   answer to an initialisation request, else null
 * @param round  answer to a U-step request, else null
 * @param errors answer to an evaluation request, else null
 */
public record PublicAltMinAnswer(double[] init, UserRoundStats round, double[] errors) {}
