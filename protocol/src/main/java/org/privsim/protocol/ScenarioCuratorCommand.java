package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages of the cluster's scenario curator (a Cluster Singleton on the {@code curator} role),
 * which accepts scenario submissions and runs one job at a time.
 *
 * <p>Guarantee: every {@link Submit} gets exactly one {@link SubmitterCommand.Accepted} or
 * {@link SubmitterCommand.Rejected}; an accepted job then ends with exactly one
 * {@link SubmitterCommand.Finished} or {@link SubmitterCommand.Failed}, unless its node leaves the
 * cluster (the submitter watches the job for that, or — a client — hears from it no more). A
 * submission sent again by the same submitter (a client sends it to each seed node in turn until one
 * answers) is answered once.
 */
public sealed interface ScenarioCuratorCommand extends CborSerializable
        permits ScenarioCuratorCommand.Submit, ScenarioCuratorCommand.JobEnded, ScenarioCuratorCommand.ToJob {

    /**
     * Run a scenario. The text travels, not a parsed model, so the curator validates it with the
     * same parser as the submitter.
     *
     * @param scenarioText the scenario file's text (YAML or JSON)
     * @param sourceName   the file name, for messages
     * @param seed         a seed overriding the scenario's, or null
     * @param datasetSha256 SHA-256 of the data set file as the submitter read it (a dataset task), or null;
     *                     the curator refuses the job when its own read differs
     * @param replyTo      the submitter, a member; null for a client
     * @param clientPath   a client submitter's actor path with its address (in serialization format;
     *                     the curator answers through a reference made from it, see
     *                     {@link ToJob}), or null for a member. A client's job follows it by
     *                     heartbeats ({@link JobCommand.SubmitterAlive}) instead of death watch.
     */
    record Submit(String scenarioText, String sourceName, Long seed, String datasetSha256,
                  ActorRef<SubmitterCommand> replyTo, String clientPath)
            implements ScenarioCuratorCommand {}

    /**
     * The curator's own notice that job {@code job} stopped.
     *
     * @param job job id
     */
    record JobEnded(long job) implements ScenarioCuratorCommand {}

    /**
     * A client's message for its job, sent through the curator entry of the job's node (a client
     * addresses only the long-lived entries, never an actor that lives for one job); dropped when
     * the job has stopped.
     *
     * @param job     job id
     * @param command {@link JobCommand.SubmitterAlive} or {@link JobCommand.SubmitterDone}
     */
    record ToJob(long job, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) JobCommand command)
            implements ScenarioCuratorCommand {}
}
