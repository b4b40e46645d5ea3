package org.privsim.core.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.indexedmean.IndexedMeanRows;
import org.privsim.core.family.multitask.MultitaskRows;
import org.privsim.core.family.ratings.RatingsRows;
import org.privsim.core.family.transfer.TransferRows;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.ExperimentResultRows;

/** The registry's row descriptions: each row type once, in report order, with files of their own. */
class RowDescriptionsTest {

    @Test
    void everyRowTypeIsDescribedOnceInReportOrder() {
        assertEquals(List.of(ExperimentResultRows.INSTANCE, IndexedMeanRows.INSTANCE, MultitaskRows.INSTANCE,
                TransferRows.INSTANCE, RatingsRows.INSTANCE), Families.ROWS);
        assertEquals(Families.ROWS.size(), Families.ROWS.stream().map(RowDescription::rowType).distinct().count());
    }

    @Test
    void theDescriptionsWriteDistinctFiles() {
        List<String> files = new ArrayList<>();
        for (RowDescription<?> description : Families.ROWS) {
            files.add(description.csvFile());
            description.plots().forEach(plot -> files.add(plot.file()));
        }
        assertEquals(files.size(), files.stream().distinct().count(), files.toString());
    }

    @Test
    void aRowOfNoDescribedTypeIsRefused() {
        assertThrows(IllegalStateException.class, () -> Families.describing("not a row"));
    }
}
