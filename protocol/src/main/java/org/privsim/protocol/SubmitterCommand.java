package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.audit.AuditResult;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.privsim.core.run.ExperimentRow;
import java.util.List;
import org.privsim.core.run.Placement;

/**
 * Messages a scenario submitter handles: acceptance, progress, the results one job at a time (so
 * no single message grows with the scenario), and the end.
 *
 * <p>Guarantee: results arrive in plan order, before {@link Finished}, over one connection (Artery
 * keeps the order of messages between a pair of actors).
 */
public sealed interface SubmitterCommand extends CborSerializable
        permits SubmitterCommand.Accepted, SubmitterCommand.Rejected, SubmitterCommand.ProgressUpdate,
        SubmitterCommand.SeamPart, SubmitterCommand.AuditPart,
        SubmitterCommand.Finished, SubmitterCommand.Failed, SubmitterCommand.AcceptTimeout,
        SubmitterCommand.JobLost, SubmitterCommand.JobNodeReachability, SubmitterCommand.JobNodeUnreachableTimeout,
        SubmitterCommand.JobAlive, SubmitterCommand.Tick {

    /**
     * The curator accepted the scenario as job {@code job}.
     *
     * @param job    job id
     * @param jobRef the job actor (watched by a member submitter, sent heartbeats by a client, so
     *               that losing its node ends the wait)
     */
    record Accepted(long job, ActorRef<JobCommand> jobRef) implements SubmitterCommand {}

    /**
     * The curator refused the scenario.
     *
     * @param reason why (invalid scenario, another job running)
     */
    record Rejected(String reason) implements SubmitterCommand {}

    /**
     * Scenario-wide progress.
     *
     * @param done    steps done
     * @param total   steps in all
     * @param message what is happening
     */
    record ProgressUpdate(long done, long total, String message) implements SubmitterCommand {}

    /**
     * One seam cell's row.
     *
     * @param index  cell index in {@link org.privsim.core.family.Families#cells} order
     * @param result the row (serialized with its class name)
     */
    record SeamPart(int index, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) ExperimentRow result)
            implements SubmitterCommand {}

    /**
     * One audit's row.
     *
     * @param index  audit index in scenario order
     * @param result the row
     */
    record AuditPart(int index, AuditResult result) implements SubmitterCommand {}

    /**
     * The job finished; every result was sent before this.
     *
     * @param seam   number of seam cells sent
     * @param audits number of audits sent
     * @param placement where the seam experiments' participants ran
     */
    record Finished(int seam, int audits, List<Placement> placement) implements SubmitterCommand {}

    /**
     * The job failed.
     *
     * @param reason what went wrong
     */
    record Failed(String reason) implements SubmitterCommand {}

    /** The submitter's own timer: no curator answered the submission in time. */
    record AcceptTimeout() implements SubmitterCommand {}

    /** The job actor stopped (its node left the cluster) before the job finished. */
    record JobLost() implements SubmitterCommand {}

    /**
     * The submitter's own notice (a submitting member's failure detector): a member became
     * unreachable or reachable again.
     *
     * @param address   the member's address
     * @param reachable whether it is reachable now
     */
    record JobNodeReachability(String address, boolean reachable) implements SubmitterCommand {}

    /** The submitter's own timer: the job's node stayed unreachable too long to be waited for. */
    record JobNodeUnreachableTimeout() implements SubmitterCommand {}

    /** The job's answer to a client's {@link JobCommand.SubmitterAlive}: it still runs. */
    record JobAlive() implements SubmitterCommand {}

    /**
     * A client submitter's own timer: send the submission again (to the next seed node) until one
     * answers, then the heartbeat to the job, and check that the job was heard recently.
     */
    record Tick() implements SubmitterCommand {}
}
