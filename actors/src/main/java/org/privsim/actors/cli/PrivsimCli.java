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
        subcommands = {DemoCommand.class, RunCommand.class, ValidateCommand.class, SchemaCommand.class, AccountCommand.class, AuditBoundCommand.class, BenchCommand.class, NodeCommand.class,
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
        cl.setParameterExceptionHandler(PrivsimCli::parameterError);
        cl.setExecutionExceptionHandler((ex, line, parseResult) -> {
            line.getErr().println("error: " + failure(ex) + " (PRIVSIM_DEBUG=1 prints the details)");
            if (System.getenv("PRIVSIM_DEBUG") != null) {
                ex.printStackTrace(line.getErr());
            }
            return EXIT_FAILURE;
        });
        return cl;
    }

    /** One line about an unexpected failure: its message, never the exception's class name. */
    static String failure(Throwable ex) {
        String message = ex.getMessage();
        return "the command failed unexpectedly" + (message == null || message.isBlank() ? ""
                : ": " + message.lines().findFirst().orElse("").replaceAll("\\b(?:[a-z][a-z0-9_]*\\.)+([A-Z]\\w*)", "$1"));
    }

    /** The line for running out of heap: one line, how to ask for more. */
    static final String OUT_OF_MEMORY = "error: the JVM ran out of heap memory (set PRIVSIM_JAVA_OPTS=-Xmx<size>,"
            + " e.g. -Xmx8g, or make the scenario smaller)";

    /**
     * A command-line syntax error as {@code error: <option>: <reason>} and one line pointing at the
     * command's {@code --help}; exit {@link #EXIT_INVALID}.
     */
    private static int parameterError(CommandLine.ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        java.io.PrintWriter err = command.getErr();
        String option;
        String reason = ex.getMessage() == null ? "invalid" : ex.getMessage();
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            option = unmatched.getUnmatched().get(0);
            reason = option.startsWith("-") ? "unknown option" : "unexpected argument";
        } else if (ex instanceof CommandLine.MissingParameterException missing && !missing.getMissing().isEmpty()) {
            option = name(missing.getMissing().get(0));
            reason = "required" + (missing.getMissing().size() > 1 ? " (and " + missing.getMissing().stream().skip(1)
                    .map(PrivsimCli::name).collect(java.util.stream.Collectors.joining(", ")) + ")" : "")
                    + ", but missing";
        } else if (ex.getArgSpec() != null) {
            option = name(ex.getArgSpec());
            reason = reason.replaceFirst("^Invalid value for [^:]*?'[^']*': ", "")
                    .replaceFirst("^Expected parameter for option '[^']*' but found '([^']*)'",
                            "expects a value, found '$1'")
                    .replaceFirst("^Missing required parameter for option '[^']*' \\(([^)]*)\\)", "expects a value ($1)");
        } else {
            option = command.getCommandName();
        }
        err.println("error: " + option + ": " + reason);
        err.println("Run '" + command.getCommandSpec().qualifiedName() + " --help' for usage.");
        err.flush();
        return EXIT_INVALID;
    }

    private static String name(CommandLine.Model.ArgSpec spec) {
        return spec instanceof CommandLine.Model.OptionSpec option ? option.longestName() : spec.paramLabel();
    }

    /** Entry point. */
    public static void main(String[] args) {
        int code;
        try {
            code = commandLine().execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println(OUT_OF_MEMORY);
            code = EXIT_FAILURE;
        }
        System.exit(code);
    }
}
