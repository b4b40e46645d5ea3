package org.privsim.actors.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.privsim.actors.cluster.ScenarioSource;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code privsim demo}: runs the bundled demo scenario (a copy of scenarios/demo.yaml). */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run the bundled demo scenario (scenarios/demo.yaml) and write its report to out/demo.")
final class DemoCommand implements Callable<Integer> {
    static final String RESOURCE = "/scenarios/demo.yaml";

    @Spec
    private CommandSpec spec;

    @Mixin
    private RunOptions options;

    @Override
    public Integer call() throws IOException {
        String text;
        try (InputStream in = DemoCommand.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("demo scenario missing from the jar: " + RESOURCE);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Scenario scenario;
        try {
            scenario = ScenarioParser.parse(text, "demo.yaml");
        } catch (ScenarioException e) {
            return ScenarioExecution.invalid(e, spec.commandLine().getErr());
        }
        return ScenarioExecution.execute(new ScenarioSource(text, "demo.yaml", null), scenario, options,
                spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
