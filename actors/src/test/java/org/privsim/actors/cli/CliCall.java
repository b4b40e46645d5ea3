package org.privsim.actors.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * One in-process call of the privsim command line, as the CLI tests make it: exit code and what
 * went to standard output and standard error.
 *
 * @param code exit code
 * @param out  standard output
 * @param err  standard error
 */
record CliCall(int code, String out, String err) {

    /** Both streams, standard output first. */
    String all() {
        return out + err;
    }

    /** Runs {@code privsim args…} in this JVM. */
    static CliCall of(String... args) {
        CommandLine cl = PrivsimCli.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new CliCall(code, out.toString(), err.toString());
    }
}
