package org.privsim.core.privacy;

/**
 * An accountant's account of a run of {@code count} identical steps (a DP-SGD run, the rounds of
 * DP-FedAvg), computed once and shared by the run's repeats: the ε at δ of all the steps, and a fresh
 * {@link Ledger} per run that charges the steps one by one.
 *
 * <p>Guarantee: {@link #epsilon} is the accountant's {@link PrivacyAccountant#epsilon} of the step
 * composed {@code count} times at δ, and every ledger refuses the step after which its ε at δ
 * would exceed the budget.
 */
public interface RunAccount {

    /** ε at δ of all the run's steps by the accountant. */
    double epsilon();

    /** An empty ledger for one run over {@code users} users with budget ε at the account's δ. */
    Ledger ledger(int users, double budgetEpsilon);
}
