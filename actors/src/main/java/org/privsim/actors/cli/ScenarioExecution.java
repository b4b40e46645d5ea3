package org.privsim.actors.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.privsim.actors.local.LocalRunner;
import org.privsim.actors.report.AuditExpectations;
import org.privsim.actors.report.ReportWriter;
import org.privsim.actors.report.ResultsTable;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.run.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;

/**
 * Runs a validated scenario with the chosen runner, prints the results tables and writes the report
 * files. Shared by {@code run} and {@code demo}.
 *
 * <p>Guarantee: the report is written whenever the run completes; only then, if an audit's verdict
 * differs from its {@code expect}, one {@code error: audits[i]: …} line per such audit goes to
 * stderr and the exit code is {@link PrivsimCli#EXIT_FAILURE}; otherwise it is 0.
 */
final class ScenarioExecution {
    private ScenarioExecution() {}

    /** The runner names {@code --runner} accepts. */
    static final List<String> RUNNERS = List.of(LocalRunner.NAME, SequentialRunner.NAME);

    /** Runs a scenario with a named runner (one of {@link #RUNNERS}). */
    static Report runWith(String runner, Scenario scenario, Progress progress) {
        return switch (runner) {
            case LocalRunner.NAME -> new LocalRunner(scenario).run(progress);
            case SequentialRunner.NAME -> new SequentialRunner(scenario).run(progress);
            default -> throw new IllegalArgumentException("unknown runner " + runner);
        };
    }

    static int execute(Scenario scenario, Path outDir, String runner, PrintWriter out, PrintWriter err) {
        if (!RUNNERS.contains(runner)) {
            err.println("error: --runner: unknown runner '" + runner + "' (expected one of: "
                    + String.join(", ", RUNNERS) + ")");
            return PrivsimCli.EXIT_INVALID;
        }
        Path dir = outDir != null ? outDir : Path.of("out", scenario.name());
        Report report;
        try (ProgressBarReporter progress = new ProgressBarReporter(System.err)) {
            report = runWith(runner, scenario, progress);
        }
        out.print(ResultsTable.render(report));
        List<Path> written = ReportWriter.write(report, dir);
        out.printf("runner %s, %d ms; wrote %s: %s%n", report.runner(), report.wallMillis(), dir,
                String.join(", ", written.stream().map(p -> p.getFileName().toString()).toList()));
        out.flush();
        List<String> unmet = AuditExpectations.unmet(report);
        if (unmet.isEmpty()) {
            return 0;
        }
        unmet.forEach(line -> err.println("error: " + line));
        err.flush();
        return PrivsimCli.EXIT_FAILURE;
    }

    static int invalid(ScenarioException e, PrintWriter err) {
        err.println(e.getMessage());
        err.flush();
        return PrivsimCli.EXIT_INVALID;
    }
}
