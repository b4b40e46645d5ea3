package org.privsim.core.run;

/**
 * One candidate epoch count tried for a private run, with the population MSE it reached (the
 * mean over repeats, which is what the best epoch count is chosen by).
 *
 * @param epochs        epoch count
 * @param populationMse population MSE reached, mean over repeats
 */
public record EpochCandidate(int epochs, double populationMse) {}
