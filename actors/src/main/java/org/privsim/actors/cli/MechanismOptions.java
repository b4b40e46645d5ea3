package org.privsim.actors.cli;

import java.util.Set;
import org.privsim.actors.cli.AccountTables.Output;
import picocli.CommandLine.Option;

/**
 * The options of {@code privsim account --mechanism fixed-cohort | tree | banded} and of the selection
 * among a random number of runs, and their checks: every option is parsed as text so that every
 * problem is one {@code error: --option: reason} line, exit 2, as for the other account modes.
 */
final class MechanismOptions {

    @Option(names = "--mechanism", paramLabel = "K", description = "gaussian (default: the modes above), fixed-cohort,"
            + " tree or banded: the federated mechanism accounted by RDP at dp_accounting's default orders.")
    String mechanism;

    @Option(names = "--users", paramLabel = "N", description = "fixed-cohort: the population n.")
    String users;

    @Option(names = "--cohort", paramLabel = "M", description = "fixed-cohort: users per round, drawn without replacement.")
    String cohort;

    @Option(names = "--epochs", paramLabel = "E", description = "tree: epochs, the tree restarted each (--steps rounds each).")
    String epochs;

    @Option(names = "--bands", paramLabel = "B", description = "banded: bands b of the factorization (cyclic participation).")
    String bands;

    @Option(names = "--select-mean", paramLabel = "K", description = "with --mechanism: also the epsilon of releasing the best"
            + " of a random number of runs of this mean (at least 1).")
    String selectMean;

    @Option(names = "--select-shape", paramLabel = "S", description = "with --select-mean: the number of runs' distribution,"
            + " 0 logarithmic, 1 geometric (default), other positive: truncated negative binomial, poisson: Poisson.")
    String selectShape;

    /** Whether a mechanism other than the default {@code gaussian} was chosen. */
    boolean chosen() {
        return mechanism != null && !mechanism.equals("gaussian");
    }

    /** Refuses the options only a chosen mechanism reads. */
    void checkUnused() throws AccountCommand.UsageException {
        String with = "--mechanism fixed-cohort, tree or banded";
        AccountCommand.forbid("--users", users, with);
        AccountCommand.forbid("--cohort", cohort, with);
        AccountCommand.forbid("--epochs", epochs, with);
        AccountCommand.forbid("--bands", bands, with);
        AccountCommand.forbid("--select-mean", selectMean, with);
        AccountCommand.forbid("--select-shape", selectShape, "--select-mean");
    }

    /** The chosen mechanism's account ({@link MechanismAccount}) from the shared options' text. */
    Output account(String delta, String noiseMultiplier, String steps, String samplingRate)
            throws AccountCommand.UsageException {
        double d = AccountCommand.parse("--delta", AccountCommand.require("--delta", delta));
        if (!(d > 0 && d < 1)) {
            throw new AccountCommand.UsageException("--delta: must be in (0, 1)");
        }
        double z = AccountCommand.positive("--noise-multiplier", AccountCommand.require("--noise-multiplier", noiseMultiplier));
        int n = AccountCommand.positiveInt("--steps", AccountCommand.require("--steps", steps));
        MechanismAccount.Selection selection = null;
        if (selectMean != null) {
            double mean = AccountCommand.parse("--select-mean", selectMean);
            if (!(mean >= 1 && mean < Double.POSITIVE_INFINITY)) {
                throw new AccountCommand.UsageException("--select-mean: must be at least 1 and finite");
            }
            double shape = selectShape == null ? 1 : selectShape.equals("poisson") ? Double.POSITIVE_INFINITY
                    : AccountCommand.parse("--select-shape", selectShape);
            if (!(shape >= 0)) {
                throw new AccountCommand.UsageException("--select-shape: must be 0, positive, or poisson");
            }
            selection = new MechanismAccount.Selection(mean, shape);
        } else {
            AccountCommand.forbid("--select-shape", selectShape, "--select-mean");
        }
        Set<String> takes = switch (mechanism) {
            case "fixed-cohort" -> Set.of("--users", "--cohort");
            case "tree" -> Set.of("--epochs");
            case "banded" -> Set.of("--sampling-rate", "--bands");
            default -> throw new AccountCommand.UsageException("--mechanism: expected gaussian, fixed-cohort, tree or banded, got '"
                    + mechanism + "'");
        };
        String[][] own = {{"--users", users}, {"--cohort", cohort}, {"--epochs", epochs}, {"--bands", bands},
            {"--sampling-rate", samplingRate}};
        for (String[] option : own) {
            if (option[1] != null && !takes.contains(option[0])) {
                throw new AccountCommand.UsageException(option[0] + ": not used with --mechanism " + mechanism);
            }
        }
        if (mechanism.equals("fixed-cohort")) {
            int population = AccountCommand.positiveInt("--users", AccountCommand.require("--users", users));
            int m = AccountCommand.positiveInt("--cohort", AccountCommand.require("--cohort", cohort));
            if (m > population) {
                throw new AccountCommand.UsageException("--cohort: must be at most --users (" + population + "), got " + m);
            }
            return MechanismAccount.fixedCohort(population, m, z, n, d, selection);
        }
        if (mechanism.equals("tree")) {
            return MechanismAccount.tree(z, n, AccountCommand.positiveInt("--epochs", AccountCommand.require("--epochs", epochs)), d, selection);
        }
        double q = AccountCommand.parse("--sampling-rate", AccountCommand.require("--sampling-rate", samplingRate));
        int b = AccountCommand.positiveInt("--bands", AccountCommand.require("--bands", bands));
        if (!(q > 0 && q * b <= 1)) {
            throw new AccountCommand.UsageException("--sampling-rate: must be positive, and times --bands at most 1");
        }
        return MechanismAccount.banded(q, b, z, n, d, selection);
    }
}
