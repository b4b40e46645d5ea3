package org.privsim.protocol;

/**
 * Messages the coordinator of an indexed-mean experiment cell handles: persons' loss terms.
 *
 * <p>Guarantee: each person of a repeat reports exactly one loss term, after receiving its output
 * (its separate output, or the billboard); terms of another cell or of a repeat not running are
 * ignored.
 */
public sealed interface CellCommand extends CborSerializable permits CellCommand.LossTerm {

    /**
     * Person {@code person}'s loss ¼(p̂_{j_i} − p_{j_i})² in repeat {@code repeat}.
     *
     * @param cell   cell index
     * @param repeat repeat index
     * @param person person id
     * @param loss   the loss term
     */
    record LossTerm(int cell, int repeat, int person, double loss) implements CellCommand {}
}
