import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.PrivacyLossDistribution;

/**
 * Self-composition of a privacy loss distribution two ways, in one JVM (docs/accounting-pld.md):
 * (a) PrivacyLossDistribution.selfCompose — one forward FFT, the count-th power of each
 * coefficient, one inverse FFT on a Chernoff-bounded window; (b) the baseline, binary powering
 * with PrivacyLossDistribution.compose — ⌈log₂ count⌉ squarings plus a multiply per set bit, each
 * a full FFT convolution with tail truncation. Both on the remove-direction PLD of the DP-SGD
 * vector (q = 256/60,000, σ = 1.1, h = 1e-4) for 14,040 steps; prints the median of 7 timed
 * repetitions after 3 warm-ups, the ratio, and both ε(δ = 1e-5).
 *
 *   java -cp actors/target/privsim.jar bench/PldFftBench.java
 */
public final class PldFftBench {
    private static final int COUNT = 14040;
    private static final double TAIL = PrivacyLossDistribution.DEFAULT_TAIL_MASS;

    public static void main(String[] args) {
        PrivacyLossDistribution step = PldAccountant.poissonSampledGaussian(256.0 / 60000, 1.1,
                PrivacyLossDistribution.DEFAULT_INTERVAL).remove();
        double[] power = new double[7];
        double[] squaring = new double[7];
        double epsilonPower = 0;
        double epsilonSquaring = 0;
        for (int rep = -3; rep < 7; rep++) {
            long t0 = System.nanoTime();
            PrivacyLossDistribution a = step.selfCompose(COUNT, TAIL);
            long t1 = System.nanoTime();
            PrivacyLossDistribution b = binaryPower(step, COUNT);
            long t2 = System.nanoTime();
            epsilonPower = a.epsilon(1e-5);
            epsilonSquaring = b.epsilon(1e-5);
            if (rep >= 0) {
                power[rep] = (t1 - t0) / 1e6;
                squaring[rep] = (t2 - t1) / 1e6;
            }
        }
        java.util.Arrays.sort(power);
        java.util.Arrays.sort(squaring);
        System.out.printf("FFT power: median %.1f ms; binary powering by FFT convolutions: median %.1f ms;"
                + " ratio %.2f%n", power[3], squaring[3], squaring[3] / power[3]);
        System.out.printf("epsilon(1e-5): power %.6f, binary powering %.6f%n", epsilonPower, epsilonSquaring);
    }

    private static PrivacyLossDistribution binaryPower(PrivacyLossDistribution base, int count) {
        PrivacyLossDistribution result = null;
        PrivacyLossDistribution square = base;
        for (int k = count; k > 0; k >>= 1) {
            if ((k & 1) == 1) {
                result = result == null ? square : result.compose(square, TAIL);
            }
            if (k > 1) {
                square = square.compose(square, TAIL);
            }
        }
        return result;
    }
}
