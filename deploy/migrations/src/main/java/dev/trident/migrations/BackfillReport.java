package dev.trident.migrations;

import java.io.PrintStream;
import java.util.List;

/**
 * What a backfill run did: the items it read, migrated now, found already migrated, found changed meanwhile (left as
 * the other writer made them), and could not migrate (each with why); {@code finished} when every Scan segment
 * reached the end of the table.
 */
public record BackfillReport(long read, long written, long alreadyDone, long changedMeanwhile, List<String> left,
        boolean finished) {

    /**
     * The run's summary as the scripts print it, in the words of one migration: e.g. {@code items} "projects",
     * {@code done} "indexed", {@code notDone} "not indexable".
     */
    void print(PrintStream out, String items, String done, String notDone) {
        out.printf("%s read: %d, %s now: %d, already %s: %d, changed meanwhile: %d, %s: %d%n", items, read, done,
                written, done, alreadyDone, changedMeanwhile, notDone, left.size());
        left.forEach(item -> out.println("  " + notDone + ": " + item));
    }
}
