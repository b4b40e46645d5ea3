package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages of an adversary host (one per cluster node with role {@code adversary}), which runs
 * the adversaries of indexed-mean audits placed on its node.
 *
 * <p>Guarantee: every {@link Host} is answered with exactly one {@link Hosted}, sent after the
 * adversary subscribed to its billboard topic; the adversary and its topic stop when their
 * coordinator stops. {@link CountHosted} is answered with how many adversaries the host has started.
 */
public sealed interface AdversaryHostCommand extends CborSerializable
        permits AdversaryHostCommand.Host, AdversaryHostCommand.CountHosted, AdversaryHostCommand.CoordinatorStopped {

    /**
     * Run the adversary of audit {@code audit} of job {@code job}. The scenario's text travels, and
     * the host parses it with the curator's parser, so the adversary's knowledge is the same.
     *
     * @param job          job id
     * @param audit        audit index
     * @param scenarioText the scenario file's text
     * @param sourceName   the file name, for messages
     * @param seed         the seed override, or null
     * @param topic        the name of the audit's billboard topic
     * @param coordinator  the audit's coordinator (watched: the adversary lives as long as it)
     * @param scores       receives the adversary's scores
     * @param replyTo      receives the adversary
     */
    record Host(long job, int audit, String scenarioText, String sourceName, Long seed, String topic,
                ActorRef<AuditCommand> coordinator, ActorRef<AuditCommand> scores, ActorRef<Hosted> replyTo)
            implements AdversaryHostCommand {}

    /**
     * How many adversaries this host has started so far.
     *
     * @param replyTo receives the {@link HostedCount}
     */
    record CountHosted(ActorRef<HostedCount> replyTo) implements AdversaryHostCommand {}

    /**
     * The host's own notice that a coordinator it serves stopped.
     *
     * @param adversary the coordinator's adversary
     * @param topic     the adversary's topic instance
     */
    record CoordinatorStopped(ActorRef<AdversaryCommand> adversary, ActorRef<?> topic)
            implements AdversaryHostCommand {}

    /**
     * The answer to {@link Host}: the adversary, subscribed to the topic.
     *
     * @param audit     audit index
     * @param adversary the adversary
     */
    record Hosted(int audit, ActorRef<AdversaryCommand> adversary) implements CborSerializable {}

    /**
     * The answer to {@link CountHosted}.
     *
     * @param count adversaries started by the host
     */
    record HostedCount(int count) implements CborSerializable {}
}
