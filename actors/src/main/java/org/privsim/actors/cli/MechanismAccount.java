package org.privsim.actors.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.privsim.actors.cli.AccountTables.Echo;
import org.privsim.actors.cli.AccountTables.Output;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.RepeatAndSelectRdp;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.privacy.SampledWithoutReplacementRdp;
import org.privsim.core.privacy.TreeAggregationRdp;

/**
 * {@code privsim account --mechanism fixed-cohort | tree | banded}: the ε of the federated mechanisms
 * other than the Poisson-sampled Gaussian, each an RDP curve at dp_accounting's default orders
 * converted by the tight conversion, as dp_accounting's RDP accountant reports for the event named
 * in the output; with {@code --select-mean K [--select-shape η]} the ε of releasing the best of a
 * random number of such runs ({@link RepeatAndSelectRdp}).
 *
 * <p>Guarantee: every number comes from {@link SampledWithoutReplacementRdp}, {@link TreeAggregationRdp},
 * {@link SampledGaussianRdp} and {@link RepeatAndSelectRdp} at
 * {@link SampledWithoutReplacementRdp#dpAccountingOrders}; inputs are validated by the caller.
 */
final class MechanismAccount {
    private MechanismAccount() {}

    /** The mechanisms {@code --mechanism} names, besides {@code gaussian} (the Poisson-sampled Gaussian modes). */
    enum Mechanism {
        FIXED_COHORT("fixed-cohort"), TREE("tree"), BANDED("banded");

        final String id;

        Mechanism(String id) {
            this.id = id;
        }
    }

    /** An optional selection among a random number of runs: its mean and shape (+∞: Poisson). */
    record Selection(double mean, double shape) {}

    /**
     * Fixed-size cohorts: {@code steps} rounds, each of exactly {@code cohort} of {@code users} users
     * drawn without replacement, noise std {@code z}·C on a sum of updates clipped to C — under
     * replace-one neighbours the sum moves by up to 2C, so the event's noise multiplier is z/2.
     */
    static Output fixedCohort(int users, int cohort, double z, int steps, double delta, Selection selection) {
        double q = (double) cohort / users;
        double eventMultiplier = z / 2;
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = SampledWithoutReplacementRdp.rdp(q, eventMultiplier, steps, orders);
        Echo echo = new Echo().put("users", "users n", users).put("cohort", "cohort m", cohort)
                .put("noiseMultiplier", "noise multiplier", z).put("eventNoiseMultiplier", "event multiplier z/2",
                        eventMultiplier)
                .put("steps", "rounds", steps).put("delta", "delta", delta);
        return finish(echo, orders, curve, delta, selection, new String[] {
            "SelfComposedDpEvent(SampledWithoutReplacementDpEvent(n, m, GaussianDpEvent(z/2)), rounds),",
            "replace-one neighbours (n public): a clipped sum moves by up to 2C, hence z/2;",
            "RDP of Wang, Balle, Kasiviswanathan (2019, Thm. 27)."});
    }

    /** Tree aggregation (DP-FTRL): {@code epochs} epochs of {@code stepsPerEpoch} rounds, the tree restarted each epoch. */
    static Output tree(double z, int stepsPerEpoch, int epochs, double delta, Selection selection) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = TreeAggregationRdp.rdp(z, stepsPerEpoch, epochs, orders[i]);
        }
        Echo echo = new Echo().put("noiseMultiplier", "noise multiplier", z)
                .put("stepsPerEpoch", "rounds per epoch", stepsPerEpoch).put("epochs", "epochs", epochs)
                .put("treeDepth", "tree depth", TreeAggregationRdp.depth(stepsPerEpoch)).put("delta", "delta", delta);
        return finish(echo, orders, curve, delta, selection, new String[] {
            "SelfComposedDpEvent(SingleEpochTreeAggregationDpEvent(z, rounds per epoch), epochs),",
            "replace-special neighbours; each user at most once per epoch (Kairouz et al. 2021)."});
    }

    /**
     * Banded matrix factorization with cyclic Poisson participation: users in {@code bands} partitions,
     * round t samples partition t mod b at rate q·b; amplified, the run is the Poisson-sampled Gaussian
     * at rate q·b composed ⌈T/b⌉ times (Choquette-Choo et al. 2023).
     */
    static Output banded(double q, int bands, double z, int steps, double delta, Selection selection) {
        double rate = q * bands;
        if (!(rate <= 1)) {
            throw new IllegalArgumentException("--sampling-rate times --bands must be at most 1, got " + rate);
        }
        int compositions = (steps + bands - 1) / bands;
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = compositions * SampledGaussianRdp.rdp(rate, z, orders[i]);
        }
        Echo echo = new Echo().put("samplingRate", "sampling rate q", q).put("bands", "bands b", bands)
                .put("noiseMultiplier", "noise multiplier", z).put("steps", "rounds", steps)
                .put("compositions", "participations", compositions).put("delta", "delta", delta);
        return finish(echo, orders, curve, delta, selection, new String[] {
            "SelfComposedDpEvent(PoissonSampledDpEvent(q*b, GaussianDpEvent(z)), ceil(rounds/b)),",
            "the amplified banded matrix mechanism's reduction (Choquette-Choo et al. 2023), add/remove."});
    }

    private static Output finish(Echo echo, double[] orders, double[] curve, double delta, Selection selection,
                                 String[] notes) {
        Output inputs = echo.output();
        Map<String, Number> values = new LinkedHashMap<>(inputs.values());
        StringBuilder table = new StringBuilder(inputs.table());
        double epsilon = Conversions.tightEpsilonFromRdp(orders, curve, delta);
        values.put("epsilon", epsilon);
        AccountTables.textRow(table, "orders", AccountTables.defaultOrdersText(orders) + " (dp_accounting's)");
        table.append(System.lineSeparator());
        AccountTables.row(table, "epsilon (tight RDP)", epsilon);
        if (selection != null) {
            double selected = Conversions.tightEpsilonFromRdp(orders,
                    RepeatAndSelectRdp.rdp(orders, curve, selection.mean(), selection.shape()), delta);
            values.put("selectMean", selection.mean());
            values.put("selectShape", selection.shape());
            values.put("selectedEpsilon", selected);
            AccountTables.row(table, "best of K runs", selected);
        }
        table.append(System.lineSeparator());
        for (String note : notes) {
            AccountTables.line(table, note);
        }
        if (selection != null) {
            AccountTables.line(table, "best of K runs: RepeatAndSelectDpEvent(event, mean, shape), Papernot & Steinke 2022.");
        }
        return new Output(values, table.toString());
    }
}
