package org.privsim.actors.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code privsim} command line. Exit codes: 0 success, 1 failure at run time (including a
 * completed run whose audits did not all meet their {@code expect}; its report is written first),
 * 2 invalid input (bad scenario, bad option) — invalid input is reported as
 * {@code error: <field>: <reason>} lines on stderr, never as a stack trace.
 */
@Command(name = "privsim", mixinStandardHelpOptions = true, version = "privsim 0.1.0",
        description = "Simulator for differentially private model personalization.",
        subcommands = {DemoCommand.class, RunCommand.class, ValidateCommand.class, AccountCommand.class, BenchCommand.class, NodeCommand.class,
            CommandLine.HelpCommand.class})
public final class PrivsimCli implements Runnable {

    /** Exit code for invalid input. */
    public static final int EXIT_INVALID = 2;
    /** Exit code for a failure at run time, or an audit whose verdict differs from its expect. */
    public static final int EXIT_FAILURE = 1;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    /** A configured command line (also used by tests). */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new PrivsimCli());
        cl.setExecutionExceptionHandler((ex, line, parseResult) -> {
            line.getErr().println("error: " + ex);
            if (System.getenv("PRIVSIM_DEBUG") != null) {
                ex.printStackTrace(line.getErr());
            }
            return EXIT_FAILURE;
        });
        return cl;
    }

    /** Entry point. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
