package org.privsim.core.privacy;

/**
 * The RDP spending of a tree aggregation run (DP-FTRL, the tree restarted every epoch of
 * {@code stepsPerEpoch} steps): one account for everybody, charged per step. After e whole epochs
 * and r steps of the next, a record has reached e·depth(s) + depth(r) Gaussian nodes of noise
 * multiplier z ({@link TreeAggregationRdp#depth}: the nodes complete by step r on one leaf's path),
 * so the spend is the tight conversion of (e·depth(s) + depth(r))·α/(2z²) at dp_accounting's
 * orders — after whole epochs exactly {@link TreeAggregationRdp#epsilon}'s, bit for bit. A step
 * whose nodes would take the spend past the budget is refused; steps that complete no new level
 * cost nothing more.
 */
final class TreeSpending extends Spending {
    private final double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
    private final double noiseMultiplier;
    private final int stepsPerEpoch;
    /** Nodes on a record's path charged so far, and the steps charged (the next step's position). */
    private long nodes;
    private double firstCost = -1;

    TreeSpending(double noiseMultiplier, int stepsPerEpoch, double budget, double delta) {
        super(Release.Currency.RDP_EPSILON, budget, delta);
        this.noiseMultiplier = Args.positive("noiseMultiplier", noiseMultiplier);
        this.stepsPerEpoch = Args.positiveCount("stepsPerEpoch", stepsPerEpoch);
    }

    @Override
    boolean shared() {
        return true;
    }

    @Override
    Release check(Release release, int[] participants, ChargeHistories histories, int charged) {
        if (release.mechanism() != Release.Mechanism.TREE_AGGREGATION
                || release.noiseMultiplier() != noiseMultiplier) {
            throw new IllegalArgumentException("release '" + release.name() + "' is not a step of this ledger's tree"
                    + " aggregation at noise multiplier " + noiseMultiplier);
        }
        int position = charged % stepsPerEpoch + 1;
        long next = nodes + TreeAggregationRdp.depth(position) - (position == 1 ? 0 : TreeAggregationRdp.depth(position - 1));
        double epsilon = epsilonOf(next);
        if (!withinBudget(epsilon)) {
            throw new BudgetExceededException(release.name() + " " + release.round(), 0,
                    "ε spend (tree aggregation RDP, tight conversion at δ = " + delta + ")", epsilon, budget);
        }
        nodes = next;
        if (firstCost < 0) {
            firstCost = epsilonOf(1);
        }
        return release.withCost(currency, firstCost);
    }

    @Override
    double spent(int node, ChargeHistories histories, int charged) {
        return charged == 0 ? 0 : epsilonOf(nodes);
    }

    private double epsilonOf(long nodeCount) {
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = TreeAggregationRdp.ofNodes(noiseMultiplier, nodeCount, orders[i]);
        }
        return Conversions.tightEpsilonFromRdp(orders, curve, delta);
    }
}
