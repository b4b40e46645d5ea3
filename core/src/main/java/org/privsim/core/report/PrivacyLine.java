package org.privsim.core.report;

/**
 * The cells of one row's line in the privacy table of {@code report.html} that depend on its family;
 * the page adds the row's experiment, target ε and δ and accounted ε. Numbers are Double (null: an
 * empty cell), the rest text (null: empty).
 *
 * @param algorithm   the algorithm as the results table names it
 * @param kind        the kind of row ({@code low-rank}, {@code ratings}, …)
 * @param calibration how (ε, δ) became ρ, or null
 * @param zcdpRho     the zCDP ρ charged, or null
 * @param classic     the other ε the row states (classic or basic composition), as shown
 * @param ledgerMax   the ledger's largest spend, as shown
 * @param note        what else the guarantee depends on
 */
public record PrivacyLine(String algorithm, String kind, String calibration, Double zcdpRho, String classic,
        String ledgerMax, String note) {}
