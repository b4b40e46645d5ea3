package org.privsim.core.mechanism;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.function.LongFunction;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;

/**
 * One run of tree aggregation (DP-FTRL: Kairouz, McMahan, Song, Thakkar, Thakurta, Xu, ICML 2021,
 * "Practical and private (deep) learning without sampling or shuffling"): no sampling; every epoch
 * of s rounds the users are shuffled and split into s consecutive blocks of ⌊n/s⌋ or ⌈n/s⌉ (block
 * j of the permutation is round j's cohort), so each user contributes at most once per epoch; round
 * r of an epoch completes one node of the epoch's binary tree, the sum over rounds
 * (r − 2^ℓ, r] (ℓ the trailing zeros of r), released with its own N(0, σ²C²) per coordinate, and
 * the round's release is the noisy prefix sum of the epoch's rounds: the sum of the noisy nodes of
 * r's binary decomposition (at most ⌈log₂(s + 1)⌉ of them). The tree restarts every epoch.
 *
 * <p>Guarantee: epoch e's partition is a Fisher–Yates shuffle from {@code partition(e)} and node r
 * of epoch e draws its noise from {@code noise((e, r))} in coordinate order, so a run is a pure
 * function of the streams and the sums; the ledger ({@link SgdCalibration#ledger}) charges every
 * round before its cohort is drawn, and each round's record states the σ actually added. Not
 * thread-safe: one run, one thread.
 */
public final class TreeAggregationRun implements RoundMechanism {
    private final SgdCalibration calibration;
    private final String name;
    private final double clip;
    private final double sigma;
    private final int users;
    private final int stepsPerEpoch;
    private final Ledger ledger;
    private final IntFunction<SplittableRandom> partition;
    private final LongFunction<SplittableRandom> noise;
    /** The epoch whose permutation is held, and the permutation. */
    private int heldEpoch = -1;
    private int[] permutation;
    /** Per tree level: the exact and noisy sums of the complete nodes of the current decomposition. */
    private double[][] exact;
    private double[][] noisy;
    /** The node the last round completed. */
    private double[] lastNode;

    /**
     * @param calibration   a tree calibration ({@link SgdCalibration#tree}): σ, s and the account
     * @param name          what each round releases, e.g. {@code "clipped update sum"} (the record of epoch e
     *                      is named {@code "<name>, epoch e"})
     * @param clip          the L2 bound C of every contribution
     * @param injected      a factor on the noise actually added (1 unless an audit injects a fault)
     * @param users         the population n partitioned
     * @param budgetEpsilon the ledger's ε budget at the calibration's δ
     * @param partition     the shuffle stream of epoch e (0-based)
     * @param noise         the noise stream of node r of epoch e, keyed e·2³² + r
     */
    public TreeAggregationRun(SgdCalibration calibration, String name, double clip, double injected, int users,
                              double budgetEpsilon, IntFunction<SplittableRandom> partition,
                              LongFunction<SplittableRandom> noise) {
        if (calibration.stepsPerEpoch() < 1) {
            throw new IllegalArgumentException("a tree aggregation run needs a tree calibration");
        }
        this.calibration = calibration;
        this.name = name;
        this.clip = clip;
        this.sigma = calibration.noiseMultiplier() * clip * injected;
        this.users = users;
        this.stepsPerEpoch = calibration.stepsPerEpoch();
        this.ledger = calibration.ledger(users, budgetEpsilon);
        this.partition = partition;
        this.noise = noise;
    }

    /** The key of node r (1-based round of the epoch) of epoch e (0-based) in the noise streams. */
    public static long nodeKey(int epoch, int round) {
        return ((long) epoch << 32) | round;
    }

    @Override
    public int[] cohort(int step) {
        ledger.chargeAll(record(step));
        int epoch = (step - 1) / stepsPerEpoch;
        int slot = (step - 1) % stepsPerEpoch;
        if (epoch != heldEpoch) {
            permutation = shuffle(users, partition.apply(epoch));
            heldEpoch = epoch;
        }
        int from = (int) ((long) slot * users / stepsPerEpoch);
        int to = (int) ((long) (slot + 1) * users / stepsPerEpoch);
        int[] cohort = Arrays.copyOfRange(permutation, from, to);
        Arrays.sort(cohort);
        return cohort;
    }

    /** Round {@code step}'s noisy prefix sum of its epoch (a new array); the completed node is {@link #observed}. */
    @Override
    public double[] privatize(int step, double[] sum) {
        int epoch = (step - 1) / stepsPerEpoch;
        int round = (step - 1) % stepsPerEpoch + 1;
        int level = Integer.numberOfTrailingZeros(round);
        if (round == 1) {
            int levels = 32 - Integer.numberOfLeadingZeros(stepsPerEpoch);
            exact = new double[levels][];
            noisy = new double[levels][];
        }
        double[] nodeSum = sum.clone();
        for (int l = 0; l < level; l++) {
            for (int p = 0; p < nodeSum.length; p++) {
                nodeSum[p] += exact[l][p];
            }
            exact[l] = null;
            noisy[l] = null;
        }
        SplittableRandom rng = noise.apply(nodeKey(epoch, round));
        double[] node = new double[nodeSum.length];
        for (int p = 0; p < node.length; p++) {
            node[p] = nodeSum[p] + sigma * rng.nextGaussian();
        }
        exact[level] = nodeSum;
        noisy[level] = node;
        lastNode = node;
        double[] prefix = new double[node.length];
        for (int l = noisy.length - 1; l >= 0; l--) {
            if (noisy[l] != null) {
                for (int p = 0; p < prefix.length; p++) {
                    prefix[p] += noisy[l][p];
                }
            }
        }
        return prefix;
    }

    /** The noisy node the last {@link #privatize} completed (a copy): its rounds' sum plus the node's noise. */
    @Override
    public double[] observed(double[] release) {
        return lastNode.clone();
    }

    /**
     * The first round (of the run, 1-based) of the node that round {@code step} completes in trees of
     * {@code stepsPerEpoch} rounds: step − lowbit(r) + 1, r the round's position in its epoch.
     */
    public static int nodeStart(int step, int stepsPerEpoch) {
        int round = (step - 1) % stepsPerEpoch + 1;
        return step - Integer.lowestOneBit(round) + 1;
    }

    @Override
    public Release record(int step) {
        int epoch = (step - 1) / stepsPerEpoch;
        return Release.treeAggregation(step, name + ", epoch " + (epoch + 1), clip, sigma,
                calibration.noiseMultiplier(), users);
    }

    /** n/s, the mean cohort. */
    @Override
    public double expectedCohort() {
        return (double) users / stepsPerEpoch;
    }

    @Override
    public Ledger ledger() {
        return ledger;
    }

    @Override
    public boolean cumulative() {
        return true;
    }

    @Override
    public boolean restarts(int step) {
        return (step - 1) % stepsPerEpoch == 0;
    }

    /** A Fisher–Yates shuffle of 0 … n−1: for i = n−1 down to 1, swap i with {@code rng.nextInt(i + 1)}. */
    static int[] shuffle(int n, SplittableRandom rng) {
        int[] order = new int[n];
        Arrays.setAll(order, i -> i);
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
