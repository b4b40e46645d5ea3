package org.privsim.core.seam;

/**
 * How a {@link Step.Fold} combines its participants' answers into one sum: start from
 * {@link #empty}, then {@link #add} each answer in the order the step lists its participants; a fold
 * partitioned into ranges folds each range so and {@link #combine}s the ranges' partial sums, in
 * range order, into an empty total.
 *
 * <p>Guarantee an implementation gives: the sum depends only on the answers, their order and the
 * ranges, so a chained fold (the sum handed from participant to participant, ranges at once) and a
 * loop over the answers give the same bits.
 *
 * @param <A> answer type
 * @param <S> sum type
 */
public interface Folding<A, S> {

    /** A new, empty sum. */
    S empty();

    /** {@code sum} with {@code answer} added (may update {@code sum} in place and return it). */
    S add(S sum, A answer);

    /** {@code total} with the partial sum {@code part} of a range added (may update {@code total} in place and return it). */
    S combine(S total, S part);
}
