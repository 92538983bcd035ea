package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackfillReportTest {

    @Test
    void theSummarySpeaksTheMigrationsWordsAndNamesEveryItemLeft() {
        BackfillTally tally = new BackfillTally();
        tally.written();
        tally.written();
        tally.alreadyDone();
        tally.changedMeanwhile();
        tally.left("WS#x/PROJ#bad (no such workspace)");
        BackfillReport report = tally.report(5, true);
        assertEquals(new BackfillReport(5, 2, 1, 1, List.of("WS#x/PROJ#bad (no such workspace)"), true), report);

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8), "projects", "indexed", "not indexable");
        assertEquals("projects read: 5, indexed now: 2, already indexed: 1, changed meanwhile: 1, not indexable: 1\n"
                + "  not indexable: WS#x/PROJ#bad (no such workspace)\n", printed.toString(StandardCharsets.UTF_8));
    }
}
