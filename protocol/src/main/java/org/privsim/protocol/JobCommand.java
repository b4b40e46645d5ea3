package org.privsim.protocol;

import java.util.List;
import org.privsim.core.audit.AuditResult;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.Placement;

/**
 * Messages of one cluster job (a scenario being run on the curator's node): the end of its
 * simulation, and the loss of its submitter.
 *
 * <p>Guarantee: a job handles exactly one of {@link Completed} and {@link Aborted}, reports it to
 * the submitter and stops once the submitter is done with it, has left, or stayed silent too long,
 * so its stop never overtakes its report.
 */
public sealed interface JobCommand extends CborSerializable
        permits JobCommand.Completed, JobCommand.Aborted, JobCommand.SubmitterLeft, JobCommand.SubmitterSilent,
        JobCommand.SubmitterAlive, JobCommand.SubmitterDone {

    /**
     * Every job of the scenario finished.
     *
     * @param seam   the seam families' rows in {@link org.privsim.core.family.Families#cells} order
     *               (serialized with their class names)
     * @param audits audit rows in scenario order
     * @param placement where the seam experiments' participants ran
     */
    record Completed(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) List<ExperimentRow> seam, List<AuditResult> audits,
                     List<Placement> placement) implements JobCommand {}

    /**
     * The simulation failed.
     *
     * @param reason what went wrong
     */
    record Aborted(String reason) implements JobCommand {}

    /** The submitter (a member, watched) stopped or its node left: nobody wants the result any more. */
    record SubmitterLeft() implements JobCommand {}

    /**
     * The job's own timer: a member submitter has not left a while after the report, or a client
     * submitter has not been heard for the silence timeout; the job stops.
     */
    record SubmitterSilent() implements JobCommand {}

    /** A client submitter's heartbeat: it still waits; the job answers {@link SubmitterCommand.JobAlive}. */
    record SubmitterAlive() implements JobCommand {}

    /** The submitter has the report (or gave the job up) and stops: the job stops too. */
    record SubmitterDone() implements JobCommand {}
}
