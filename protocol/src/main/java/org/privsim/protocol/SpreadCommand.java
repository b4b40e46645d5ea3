package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.seam.Folding;
import org.privsim.core.seam.IntRuns;
import org.privsim.core.seam.SpreadPlan;

/**
 * Messages between the spread hosts of a cluster's users nodes (one per node), for the runs whose
 * participants are spread over the nodes: the curator's node sends each node its part of a step
 * ({@link Share}), the nodes answer by position ({@link Answers}) or pass a fold's running sums along
 * the chain of node parts ({@link Carry}) until the last node sends the total ({@link Total}).
 * Between nodes every message travels as {@link Piece}s of its serialized form, so none is larger
 * than an Artery frame, and the bytes are counted.
 *
 * <p>Guarantee: the hosts are long-lived system actors; no reference to a per-run actor crosses
 * between nodes. A run is named by its {@link RunKey}, which changes whenever the run starts again
 * (its curator restarts it when a node holding part of it is lost), so messages of an abandoned
 * start are dropped.
 */
public sealed interface SpreadCommand extends CborSerializable
        permits SpreadCommand.Piece, SpreadCommand.Share, SpreadCommand.Carry, SpreadCommand.Answers,
        SpreadCommand.Total, SpreadCommand.Failed, SpreadCommand.Close {

    /**
     * A spread run's start: the run of a cell of a job, and a nonce drawn when its curator starts it.
     *
     * @param job   the cluster job
     * @param cell  the cell's index ({@code Families.cells} order)
     * @param run   the run's index in the cell
     * @param nonce distinguishes the starts of one run
     */
    record RunKey(long job, int cell, int run, long nonce) {}

    /**
     * The scenario a node needs to build a run's participants (sent with a node's first share of a start).
     *
     * @param text       the scenario file's text
     * @param sourceName its name
     * @param seed       the seed override, or null
     */
    record Scenario(String text, String sourceName, Long seed) {}

    /**
     * A piece of a message sent between two nodes' hosts: {@code count} pieces of one transfer, in
     * order, make the message's serialized bytes.
     *
     * @param transfer     the transfer's id (unique per sending node)
     * @param index        this piece's place
     * @param count        the transfer's pieces
     * @param serializerId the serializer of the whole message
     * @param manifest     its manifest
     * @param bytes        this piece's bytes
     */
    record Piece(long transfer, int index, int count, int serializerId, String manifest, byte[] bytes)
            implements SpreadCommand {}

    /**
     * One node's part of step {@code step} of a spread run: an ask's positions ({@code ask}) or a fold's
     * block ({@code fold}).
     *
     * @param key         the run's start
     * @param step        the step's number in this start
     * @param scenario    the scenario, on the node's first share of this start, else null
     * @param node        this node's index in {@code hosts}
     * @param hosts       the spread hosts of the run's nodes, in node order
     * @param curator     the spread host of the curator's node
     * @param request     the request of an ask or a fold (null for an ask of each its own)
     * @param requests    an ask-each's requests of this node's positions, in order (else null)
     * @param folding     a fold's folding (else null)
     * @param ask         an ask's part (else null)
     * @param fold        a fold's part (else null)
     */
    record Share(RunKey key, int step, Scenario scenario, int node, List<ActorRef<SpreadCommand>> hosts,
                 ActorRef<SpreadCommand> curator,
                 @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object request,
                 @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) List<Object> requests,
                 @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Folding<Object, Object> folding,
                 SpreadPlan.AskPart ask, SpreadPlan.FoldPart fold) implements SpreadCommand {}

    /**
     * A fold's running sums, handed to node {@code node}: the total of the ranges closed so far and
     * the partial of the range in progress (null when none).
     *
     * @param wireBytes bytes of the step's carries before this one
     */
    record Carry(RunKey key, int step, int node, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object total,
                 @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object open, long wireBytes) implements SpreadCommand {}

    /**
     * One node's answers to an ask, at {@code positions}.
     *
     * @param node the answering node's index
     */
    record Answers(RunKey key, int step, int node, IntRuns positions,
                   @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) List<Object> answers) implements SpreadCommand {}

    /**
     * A fold's sum, from the last node of the chain.
     *
     * @param wireBytes bytes of the step's carries
     */
    record Total(RunKey key, int step, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object total, long wireBytes)
            implements SpreadCommand {}

    /**
     * A node could not compute its part of a step: a participant threw (the run fails), or the node no
     * longer holds its share of the run ({@code lostNode}: it is leaving or was downed; the run's
     * blocks are cut again without it).
     *
     * @param lostNode the address of the node that lost its share, or null when a participant threw
     */
    record Failed(RunKey key, int step, String reason, String lostNode) implements SpreadCommand {}

    /** The start is over (the run ended, or starts again): a node drops what it holds of it. */
    record Close(RunKey key) implements SpreadCommand {}
}
