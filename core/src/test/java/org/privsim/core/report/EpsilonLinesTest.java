package org.privsim.core.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.report.Chart.Bar;
import org.privsim.core.report.Chart.Line;
import org.privsim.core.report.Chart.Series;
import org.privsim.core.report.EpsilonLines.Point;

/** The series of a utility-against-ε chart: lines per private experiment sorted by ε, then references. */
class EpsilonLinesTest {

    @Test
    void privateExperimentsAreSortedLinesWithBarsWhereAStandardErrorIsKnownThenReferences() {
        List<Point> points = List.of(new Point(0, 4.0, 0.2, 0.01, "a at 4"), new Point(1, null, 0.5, null, "baseline"),
                new Point(0, 1.0, 0.8, null, "a at 1"), new Point(2, 2.0, 0.0, 0.1, "b"));
        List<Series> series = EpsilonLines.series(points, new double[] {1, 4}, true);
        assertEquals(List.of("a at 1", "b", "baseline"), series.stream().map(Series::name).toList());
        Series a = series.get(0);
        assertArrayEquals(new double[] {1, 4}, a.x());
        assertArrayEquals(new double[] {0.8, 0.2}, a.y());
        assertEquals(Line.MARKED, a.line());
        assertEquals(List.of(new Bar(1, 0.2, 0.01)), a.bars());
        assertNull(a.companion());
        assertArrayEquals(new double[] {1e-12}, series.get(1).y(), "a zero sits on the log axis");
        assertEquals(List.of(new Bar(0, 0.0, 0.1)), series.get(1).bars(), "the bar keeps the mean");
        Series reference = series.get(2);
        assertEquals(Line.DASHED, reference.line());
        assertArrayEquals(new double[] {1, 4}, reference.x());
        assertArrayEquals(new double[] {0.5, 0.5}, reference.y());
    }

    @Test
    void aLinearAxisKeepsTheValues() {
        List<Series> series = EpsilonLines.series(List.of(new Point(0, 1.0, -0.5, null, "a")), new double[] {0.5, 2}, false);
        assertArrayEquals(new double[] {-0.5}, series.get(0).y());
    }

    @Test
    void theRangeSpansThePrivateEpsilonsAndWidensASingleOne() {
        assertEquals("[0.5, 8.0]", Arrays.toString(EpsilonLines.range(Arrays.asList(0.5, null, 8.0, 2.0))));
        assertEquals("[1.0, 4.0]", Arrays.toString(EpsilonLines.range(Arrays.asList(2.0, 2.0))));
        assertEquals("[0.1, 10.0]", Arrays.toString(EpsilonLines.range(Arrays.asList(null, null))));
    }
}
