package org.privsim.core.privacy;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The per-participant currencies of a {@link Ledger}: each participant's spend is read from its
 * charge history — zCDP: the sum of the ρ of its releases, added in release order; pure ε: the
 * composition bound {@link CompositionBound#of}(its releases' ε in release order, δ). A release's
 * own cost is charged (its currency must be the ledger's).
 */
final class ParticipantSpending extends Spending {

    ParticipantSpending(Release.Currency currency, double budget, double delta) {
        super(currency, budget, delta);
    }

    @Override
    Release check(Release release, int[] participants, ChargeHistories histories, int charged) {
        requireCurrency(release, currency);
        if (currency == Release.Currency.ZCDP_RHO) {
            checkZcdp(release, participants, histories);
        } else {
            checkPure(release, participants, histories);
        }
        return release;
    }

    private void checkZcdp(Release release, int[] participants, ChargeHistories histories) {
        double rho = release.cost();
        int count = participants == null && histories.uniform() ? Math.min(1, release.participants())
                : release.participants();
        for (int k = 0; k < count; k++) {
            int user = participants == null ? k : participants[k];
            double wouldSpend = histories.spent(histories.node(user)) + rho;
            if (wouldSpend > budget * (1 + Ledger.RELATIVE_SLACK)) {
                throw new BudgetExceededException(describe(release), user, wouldSpend, budget);
            }
        }
    }

    private void checkPure(Release release, int[] participants, ChargeHistories histories) {
        Map<Integer, Double> byNode = new HashMap<>();
        for (int k = 0; k < release.participants(); k++) {
            int user = participants == null ? k : participants[k];
            double wouldSpend = byNode.computeIfAbsent(histories.node(user), node -> {
                double[] list = histories.costs(node);
                double[] extended = Arrays.copyOf(list, list.length + 1);
                extended[list.length] = release.cost();
                return CompositionBound.of(extended, delta);
            });
            if (!withinBudget(wouldSpend)) {
                throw new BudgetExceededException(describe(release), user, "ε spend (composition bound)",
                        wouldSpend, budget);
            }
        }
    }

    @Override
    double spent(int node, ChargeHistories histories, int charged) {
        return currency == Release.Currency.ZCDP_RHO ? histories.spent(node)
                : CompositionBound.of(histories.costs(node), delta);
    }
}
