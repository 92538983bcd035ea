package dev.trident.migrations;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** What a backfill did with the items it read, counted from every Scan segment at once. */
final class BackfillTally {

    private final AtomicLong written = new AtomicLong();
    private final AtomicLong alreadyDone = new AtomicLong();
    private final AtomicLong changedMeanwhile = new AtomicLong();
    private final List<String> left = Collections.synchronizedList(new ArrayList<>());

    /** The item was migrated now. */
    void written() {
        written.incrementAndGet();
    }

    /** The item already had what the migration gives (a second run, or a write of this version). */
    void alreadyDone() {
        alreadyDone.incrementAndGet();
    }

    /** The write's condition found the item changed since the Scan read it: what the other writer did stands. */
    void changedMeanwhile() {
        changedMeanwhile.incrementAndGet();
    }

    /** The item cannot be migrated; {@code why} names it and the reason. */
    void left(String why) {
        left.add(why);
    }

    BackfillReport report(long read, boolean finished) {
        return new BackfillReport(read, written.get(), alreadyDone.get(), changedMeanwhile.get(), List.copyOf(left),
                finished);
    }
}
