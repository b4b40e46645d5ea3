package org.privsim.actors.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options shared by the commands that run a scenario, {@code run} and {@code demo} (a
 * picocli mixin): where the report goes and which runner executes it.
 */
final class RunOptions {

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: out/<scenario name>).")
    Path out;

    @Option(names = "--runner", paramLabel = "NAME", defaultValue = "local",
            description = "Runner: local (actors in this JVM) or sequential (default: ${DEFAULT-VALUE}).")
    String runner;
}
