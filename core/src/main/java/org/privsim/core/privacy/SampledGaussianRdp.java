package org.privsim.core.privacy;

/** TEMPORARY local stand-in (integer orders) until the accountant branch lands. */
public final class SampledGaussianRdp {
    private SampledGaussianRdp() {}

    /** Both conversions. */
    public record Account(double classicEpsilon, double tightEpsilon) {}

    public static double[] defaultOrders() {
        double[] o = new double[255];
        for (int i = 0; i < o.length; i++) {
            o[i] = i + 2;
        }
        return o;
    }

    public static double[] rdp(double q, double sigma, double[] orders) {
        double[] r = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            int a = (int) orders[i];
            if (q == 1) {
                r[i] = a / (2 * sigma * sigma);
                continue;
            }
            double max = Double.NEGATIVE_INFINITY;
            double[] t = new double[a + 1];
            double logBinom = 0;
            for (int k = 0; k <= a; k++) {
                if (k > 0) {
                    logBinom += Math.log(a - k + 1) - Math.log(k);
                }
                t[k] = logBinom + (a - k) * Math.log1p(-q) + k * Math.log(q) + (k * (double) k - k) / (2 * sigma * sigma);
                max = Math.max(max, t[k]);
            }
            double s = 0;
            for (double v : t) {
                s += Math.exp(v - max);
            }
            r[i] = (max + Math.log(s)) / (a - 1);
        }
        return r;
    }

    public static Account account(double q, double sigma, int steps, double delta) {
        double[] orders = defaultOrders();
        double[] r = rdp(q, sigma, orders);
        double classic = Double.POSITIVE_INFINITY;
        for (int i = 0; i < r.length; i++) {
            r[i] *= steps;
            classic = Math.min(classic, r[i] + Math.log(1 / delta) / (orders[i] - 1));
        }
        return new Account(classic, Conversions.tightEpsilonFromRdp(orders, r, delta));
    }

    public static double noiseMultiplierFor(double q, int steps, double delta, double epsilon) {
        double lo = 1e-3;
        double hi = 1e3;
        for (int i = 0; i < 100; i++) {
            double mid = Math.sqrt(lo * hi);
            if (account(q, mid, steps, delta).tightEpsilon() <= epsilon) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }
}
