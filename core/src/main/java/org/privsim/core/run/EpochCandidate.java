package org.privsim.core.run;

/**
 * One candidate epoch count tried for a private run, with the population MSE it reached.
 *
 * @param epochs        epoch count
 * @param populationMse population MSE reached
 */
public record EpochCandidate(int epochs, double populationMse) {}
