package org.privsim.actors.cli;

import java.util.concurrent.Callable;
import org.privsim.core.scenario.ScenarioReference;
import org.privsim.core.scenario.ScenarioSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code privsim schema [--markdown]}: prints the scenario file's JSON Schema (draft 2020-12), or
 * the Markdown scenario reference, both written from the field declarations {@code validate} checks
 * with ({@link ScenarioSchema}). Exit 0; the output is the same for the same build.
 */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Print the scenario file's JSON Schema (draft 2020-12) or, with --markdown, the scenario"
                + " reference page.")
final class SchemaCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--markdown", description = "Print the Markdown reference (docs/scenario-reference.md) instead.")
    private boolean markdown;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(markdown ? ScenarioReference.markdown() : ScenarioSchema.text());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
