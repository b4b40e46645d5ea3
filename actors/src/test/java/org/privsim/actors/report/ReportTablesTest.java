package org.privsim.actors.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.RocCurve;
import org.privsim.core.family.indexedmean.IndexedMeanResult;
import org.privsim.core.family.indexedmean.IndexedMeanRows;
import org.privsim.core.report.Formats;
import org.privsim.core.run.Report;

/** The text renderings of a report: tables, CSV quoting, number formats, unmet-expect lines. */
class ReportTablesTest {

    private static AuditResult audit(int index, String collusion, Double point, String verdict, String expect) {
        return new AuditResult(index, "indexed-mean-jdp", "jdp", collusion, 2, 0, 1.0, 1e-5, "paper", 200,
                "clopper-pearson", 0.95, null, 1.0, 3, 4, 0.1, 0.12, null, null, null, 0.4102, point, 2.57, 0.5706, 0.7189,
                verdict, expect,
                expect == null || expect.equals(verdict), List.of(new RocCurve.RocPoint(0, 0),
                        new RocCurve.RocPoint(1, 1)), null, null, null, null);
    }

    private static IndexedMeanResult indexedMean(int persons) {
        return new IndexedMeanResult(0, "indexed-mean-billboard", 1.0, 1e-5, "paper", 0.01, 1.0, "billboard",
                persons, 30, 1, "distinct", "squared", 2.5, 5, 0.7, 0.05, 0.65, List.of());
    }

    private static Report report(List<IndexedMeanResult> rows, List<AuditResult> audits) {
        return Report.of("t", 1, "sequential", 0, rows, audits);
    }

    @Test
    void onlyTheTablesOfTheRowsPresentAreRendered() {
        String indexedOnly = ResultsTable.render(report(List.of(indexedMean(5), indexedMean(10)), List.of()));
        assertTrue(indexedOnly.contains("indexed-mean algorithm"), indexedOnly);
        assertFalse(indexedOnly.contains("pop. MSE"), indexedOnly);
        assertFalse(indexedOnly.contains("verdict"), indexedOnly);
        assertEquals(3, indexedOnly.lines().count());
        assertTrue(indexedOnly.contains("0.7000 ± 0.050"), indexedOnly);

        String auditsOnly = ResultsTable.render(report(List.of(), List.of(audit(0, "all-but-target", null,
                "consistent", "consistent"))));
        assertFalse(auditsOnly.contains("indexed-mean algorithm"), auditsOnly);
        assertTrue(auditsOnly.lines().skip(1).findFirst().orElseThrow().contains("∞"), auditsOnly);
        assertFalse(auditsOnly.contains(ResultsTable.UNMET), auditsOnly);
    }

    @Test
    void unmetExpectationsAreMarkedAndExplainedOneLineEach() {
        Report report = report(List.of(), List.of(audit(0, "none", 0.9, "consistent", "consistent"),
                audit(1, "none", 0.9, "consistent", "violated"), audit(2, "none", 0.9, "consistent", null)));
        List<String> table = ResultsTable.render(report).lines().toList();
        assertFalse(table.get(1).contains(ResultsTable.UNMET));
        assertTrue(table.get(2).endsWith(ResultsTable.UNMET), table.get(2));
        assertFalse(table.get(3).contains(ResultsTable.UNMET));
        assertEquals(List.of("audits[1]: expected violated, got consistent (empirical ε lower bound 0.41 ≤ claimed 1)"),
                AuditExpectations.unmet(report));
    }

    @Test
    void anUndefinedNumberIsAnEmptyCellAndNoOutputSaysNaN() {
        String csv = new Csv(List.of("a", "b", "c")).row(List.of(Double.NaN, 0.5, 1)).text();
        assertEquals("a,b,c\n,0.5,1\n", csv);
        assertEquals("n/a", Formats.brief(Double.NaN));
        assertEquals("1 experiment", Formats.counted(1, "experiment"));
        assertEquals("0 audits", Formats.counted(0, "audit"));
    }

    @Test
    void auditsCsvQuotesCellsWithCommasAndKeepsTheColumnCount() {
        String csv = AuditsCsv.render(report(List.of(), List.of(audit(0, "[1, 2]", null, "consistent", null))));
        List<String> lines = csv.lines().toList();
        assertEquals(2, lines.size());
        assertTrue(lines.get(1).startsWith("0,indexed-mean-jdp,jdp,\"[1, 2]\",2,"), lines.get(1));
        int columns = lines.get(0).split(",", -1).length;
        assertEquals(columns, lines.get(1).replace("\"[1, 2]\"", "x").split(",", -1).length);
        assertTrue(lines.get(1).endsWith(",,,,0.4102,,2.57,0.5706,0.7189,consistent,,true,,,"), lines.get(1));
    }

    @Test
    void briefNumbersIgnoreTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("0.41", Formats.brief(0.4102));
            assertEquals("1", Formats.brief(1.0));
            assertEquals("12300", Formats.brief(12345));
            assertEquals("1e-05", Formats.brief(1e-5));
            assertEquals("2.5e+06", Formats.brief(2.5e6));
            assertEquals("0", Formats.brief(0));
            assertEquals("∞", Formats.brief(Double.POSITIVE_INFINITY));
            String csv = Csv.of(IndexedMeanRows.INSTANCE, List.of(indexedMean(5)));
            assertTrue(csv.lines().skip(1).findFirst().orElseThrow().contains(",2.5,5,0.7,0.05,0.65"), csv);
        } finally {
            Locale.setDefault(saved);
        }
    }
}
