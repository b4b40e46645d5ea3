package org.privsim.actors.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.privsim.core.audit.OneRunBound;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code privsim audit-bound --canaries M --guesses R --correct V --delta D [--confidence C]
 * [--epsilon E] [--json]}: the ε lower bound of a privacy audit in one run ({@link OneRunBound}) from
 * its counts — M canaries, each included with probability 1/2, R inclusion guesses of which V were
 * right — at confidence C (default 0.95) against (ε, D)-DP; with {@code --epsilon} also the p-value
 * of that ε. For researchers who ran such an audit elsewhere, and to plan one (how many right guesses
 * a bound needs). Invalid or inconsistent options print one {@code error: --option: reason} line and
 * exit with 2; otherwise exit 0.
 */
@Command(name = "audit-bound", mixinStandardHelpOptions = true,
        description = "The epsilon lower bound of a one-run privacy audit (Steinke, Nasr, Jagielski 2023) from its"
                + " counts: canaries included with probability 1/2, guesses made, guesses right.")
final class AuditBoundCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--canaries", required = true, description = "M: canaries, each included independently with probability 1/2.")
    private int canaries;

    @Option(names = "--guesses", required = true, description = "R: inclusion guesses made (the rest abstained on), at most M.")
    private int guesses;

    @Option(names = "--correct", required = true, description = "V: guesses that were right, at most R.")
    private int correct;

    @Option(names = "--delta", required = true, description = "The delta of the (epsilon, delta)-DP claim audited.")
    private double delta;

    @Option(names = "--confidence", defaultValue = "0.95", description = "Confidence of the bound (default 0.95).")
    private double confidence;

    @Option(names = "--epsilon", description = "Also print the p-value of this epsilon (the probability of V or more"
            + " right guesses under (epsilon, delta)-DP).")
    private Double epsilon;

    @Option(names = "--json", description = "Print one JSON object instead of a line.")
    private boolean json;

    @Override
    public Integer call() throws JsonProcessingException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String problem = problem();
        if (problem != null) {
            err.println("error: " + problem);
            err.flush();
            return PrivsimCli.EXIT_INVALID;
        }
        double bound = OneRunBound.epsilonLowerBound(canaries, guesses, correct, delta, confidence);
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("canaries", canaries);
        values.put("guesses", guesses);
        values.put("correct", correct);
        values.put("delta", delta);
        values.put("confidence", confidence);
        values.put("epsilonLowerBound", bound);
        if (epsilon != null) {
            values.put("epsilon", epsilon);
            values.put("pValue", OneRunBound.pValue(canaries, guesses, correct, epsilon, delta));
        }
        if (json) {
            out.println(new ObjectMapper().writeValueAsString(values));
        } else {
            out.printf("epsilon >= %.4f at %s confidence (%d canaries, %d of %d guesses right, delta %s)%n", bound,
                    percent(confidence), canaries, correct, guesses, delta);
            if (epsilon != null) {
                out.printf("p-value of epsilon %s: %.6g%n", epsilon, values.get("pValue"));
            }
        }
        out.flush();
        return 0;
    }

    /** The first invalid or inconsistent option as "--option: reason", or null. */
    private String problem() {
        if (canaries < 1) {
            return "--canaries: must be at least 1, got " + canaries;
        }
        if (guesses < 0 || guesses > canaries) {
            return "--guesses: must be in 0.." + canaries + " (at most --canaries), got " + guesses;
        }
        if (correct < 0 || correct > guesses) {
            return "--correct: must be in 0.." + guesses + " (at most --guesses), got " + correct;
        }
        if (!(delta >= 0 && delta < 1)) {
            return "--delta: must be in [0, 1), got " + delta;
        }
        if (!(confidence > 0 && confidence < 1)) {
            return "--confidence: must be in (0, 1), got " + confidence;
        }
        if (epsilon != null && !(epsilon >= 0 && epsilon < Double.POSITIVE_INFINITY)) {
            return "--epsilon: must be finite and >= 0, got " + epsilon;
        }
        return null;
    }

    private static String percent(double confidence) {
        String p = String.valueOf(100 * confidence);
        return (p.endsWith(".0") ? p.substring(0, p.length() - 2) : p) + " %";
    }
}
