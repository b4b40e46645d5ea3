package org.privsim.core.audit;

import java.util.Arrays;

/**
 * An audit's adversary scores, by half and by world: the selection half chooses the distinguishing
 * test, the evaluation half measures it, so the test is fixed independently of the data that bound
 * its error rates.
 *
 * <p>Guarantee: every array is non-empty and holds only finite scores; the record owns private
 * copies (the constructor copies its arguments and every accessor returns a fresh copy), so it is
 * immutable. {@link #split} fixes the trial convention the rest of the audit relies on.
 *
 * @param selectionWorld0  scores of the selection half's world-0 trials
 * @param selectionWorld1  scores of the selection half's world-1 trials
 * @param evaluationWorld0 scores of the evaluation half's world-0 trials
 * @param evaluationWorld1 scores of the evaluation half's world-1 trials
 */
public record AuditScores(double[] selectionWorld0, double[] selectionWorld1,
                          double[] evaluationWorld0, double[] evaluationWorld1) {

    public AuditScores {
        selectionWorld0 = checkedCopy("selectionWorld0", selectionWorld0);
        selectionWorld1 = checkedCopy("selectionWorld1", selectionWorld1);
        evaluationWorld0 = checkedCopy("evaluationWorld0", evaluationWorld0);
        evaluationWorld1 = checkedCopy("evaluationWorld1", evaluationWorld1);
    }

    /**
     * Splits the scores of a whole audit by the fixed convention: {@code scores[r]} is trial r's
     * score, trial r is played in world {@code r % 2}, and trials r &lt; N/2 form the selection half,
     * the rest the evaluation half (N = {@code scores.length}). Each half thus holds N/4 trials of each
     * world. N must be a positive multiple of 4.
     *
     * @throws IllegalArgumentException if N is not a positive multiple of 4 or a score is not finite
     */
    public static AuditScores split(double[] scores) {
        int trials = scores.length;
        if (trials < 4 || trials % 4 != 0) {
            throw new IllegalArgumentException("the number of trials must be a positive multiple of 4, got " + trials);
        }
        int quarter = trials / 4;
        double[][] parts = new double[4][quarter];
        for (int r = 0; r < trials; r++) {
            int half = r < trials / 2 ? 0 : 1;
            parts[2 * half + r % 2][(r - half * trials / 2) / 2] = scores[r];
        }
        return new AuditScores(parts[0], parts[1], parts[2], parts[3]);
    }

    @Override
    public double[] selectionWorld0() {
        return selectionWorld0.clone();
    }

    @Override
    public double[] selectionWorld1() {
        return selectionWorld1.clone();
    }

    @Override
    public double[] evaluationWorld0() {
        return evaluationWorld0.clone();
    }

    @Override
    public double[] evaluationWorld1() {
        return evaluationWorld1.clone();
    }

    private static double[] checkedCopy(String name, double[] scores) {
        if (scores.length == 0) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        for (int i = 0; i < scores.length; i++) {
            if (!Double.isFinite(scores[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] must be finite, got " + scores[i]);
            }
        }
        return scores.clone();
    }
}
