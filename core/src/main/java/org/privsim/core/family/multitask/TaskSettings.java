package org.privsim.core.family.multitask;

import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.InitialModels;

/**
 * What a task needs to answer the curator's {@link TaskRequest}s: its loss, step and start.
 *
 * <p>Guarantee: plain values; a task built from the same settings and data answers every request
 * sequence bit-identically.
 *
 * @param algorithm     the algorithm run
 * @param clip          K, the clip bound on ‖w_i‖ before it is shared (+∞: no clipping)
 * @param ridge         μ of the loss L_i(w) = ½‖X_i w − y_i‖² + (μ/2)‖w‖²
 * @param stepSize      η (iterative algorithms; 0 otherwise)
 * @param acceleration  β_t = (t − 1)/(t + 2) when true, else 0
 * @param initialModels where w_i⁽⁰⁾ comes from (iterative algorithms)
 * @param outlierTask   0-based task whose w⁽⁰⁾ is scaled, or −1
 * @param outlierScale  that scale
 * @param seed          root seed (for uniform initial models)
 * @param repeat        repeat index (for uniform initial models)
 */
public record TaskSettings(Algorithm algorithm, double clip, double ridge, double stepSize, boolean acceleration,
        InitialModels initialModels, int outlierTask, double outlierScale, long seed, int repeat) {}
