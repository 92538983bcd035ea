package dev.trident.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.faults.FaultControl;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The capacity plan on the shipped profile and measurement, and on small measurements whose figures are known by
 * hand; the measurement's shares and units per operation from ledger entries.
 */
class CapacityPlanTest {

    private static final Path SHIPPED_PROFILE = Path.of("../capacity/profile-1m.properties");
    private static final Path SHIPPED_UNITS = Path.of("../capacity/units.tsv");

    @Test
    void theDocumentedProfilePassesWithTheChosenShardCounts() throws IOException {
        CapacityPlan.Plan plan = CapacityPlan.plan(load(SHIPPED_PROFILE), Measurement.Stored.read(SHIPPED_UNITS));

        assertEquals(List.of(), plan.over());
        assertEquals(10_000, plan.logicalWrites(), 0.001);
        CapacityPlan.Line timeline = line(plan, "GSI2", "TIMELINE");
        assertEquals(timeline.writes() / 16, timeline.hotWrites(), 0.001);
    }

    @Test
    void anUnshardedTimelineIsOverTheWriteLimit() throws IOException {
        CapacityPlan.Plan plan = CapacityPlan.plan(load(Path.of("src/test/resources/capacity/unsharded-timeline"
                + ".properties")), Measurement.Stored.read(SHIPPED_UNITS));

        assertEquals(1, plan.over().size(), plan.over().toString());
        assertTrue(plan.over().get(0).startsWith("GSI2 TIMELINE"), plan.over().toString());
    }

    @Test
    void theBusiestEntityTakesTheHotFactorTimesTheAverageAndAShardAnEvenShare() {
        Measurement.Stored units = stored(
                new Measurement.Row("post", "table", "USER", 2, 0),
                new Measurement.Row("post", "GSI2", "TIMELINE", 1, 0));
        Properties p = profile("users", "1000", "hot.entity.factor", "10", "shards.timeline", "4", "rate.post", "100");

        CapacityPlan.Plan plan = CapacityPlan.plan(p, units);

        // 200 WCU/s over 1,000 users, the busiest ten times the average: 2 WCU/s; 100 WCU/s over 4 shards: 25.
        assertEquals(2, line(plan, "table", "USER").hotWrites(), 1e-9);
        assertEquals(25, line(plan, "GSI2", "TIMELINE").hotWrites(), 1e-9);
        assertEquals(300, plan.writeUnits(), 1e-9);
        // 300 WCU/s for 730 hours at $0.625 per million.
        assertEquals(300 * 730 * 3600 * 0.625 / 1e6, plan.monthlyCost(), 1e-6);
    }

    @Test
    void everyPollerReadsEveryWorkShardOnceAnIntervalWhateverTheWork() {
        Measurement.Stored units = stored(new Measurement.Row("post-delete", "table", "PENDING_WORK", 2, 0));
        Properties p = profile("shards.work", "16", "work.pollers", "30", "work.poll.interval.seconds", "5",
                "rate.post-delete", "0");

        CapacityPlan.Line work = line(CapacityPlan.plan(p, units), "table", "PENDING_WORK");

        // 30 replicas / 5 s = 6 polls a second, each a strongly consistent Query (1 unit at least) on 16 shards.
        assertEquals(6 * 16, work.reads(), 1e-9);
        assertEquals(6, work.hotReads(), 1e-9);
        assertEquals(0, work.writes(), 1e-9);
    }

    @Test
    void aListingOfAShardedFamilyCostsAQueryOnEveryShard() {
        Measurement.Stored units = stored(new Measurement.Row("timeline-read", "GSI2", "TIMELINE", 0, 0.5));
        Properties p = profile("shards.timeline", "16", "rate.timeline-read", "1000");

        CapacityPlan.Line timeline = line(CapacityPlan.plan(p, units), "GSI2", "TIMELINE");

        // Each listing queries all 16 shards at half a unit at least: every shard sees every listing.
        assertEquals(16 * 1000 * 0.5, timeline.reads(), 1e-9);
        assertEquals(1000 * 0.5, timeline.hotReads(), 1e-9);
    }

    @Test
    void aFamilyNoShardOrPopulationSpreadsIsOnOnePartitionAndCanBeOverTheLimit() {
        Measurement.Stored units = stored(new Measurement.Row("post", "table", "COUNTERS#*", 1, 0));

        CapacityPlan.Plan plan = CapacityPlan.plan(profile("rate.post", "1500"), units);

        assertEquals(1500, line(plan, "table", "COUNTERS#*").hotWrites(), 1e-9);
        assertEquals(1, plan.over().size());
    }

    @Test
    void aProfileKeyThePlanDoesNotKnowIsRefused() {
        Measurement.Stored units = stored(new Measurement.Row("post", "table", "USER", 1, 0));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CapacityPlan.plan(profile("rate.psot", "1"), units));
        assertTrue(e.getMessage().contains("rate.psot"), e.getMessage());
    }

    @Test
    void partitionsAreNamedByTheirItemCollectionOrElseTheirPrefix() {
        assertEquals("TIMELINE", Measurement.family("GSI2", "TIMELINE#2026-11"));
        assertEquals("USER", Measurement.family("table", "USER#u1"));
        assertEquals("SOMETHING#*", Measurement.family("table", "SOMETHING#new#3"));
    }

    @Test
    void theMeasurementGivesSharesAndUnitsPerOperation() {
        List<FaultControl.LedgerEntry> entries = List.of(
                new FaultControl.LedgerEntry("post-create", "table", "USER#a", 4, 0, 1),
                new FaultControl.LedgerEntry("post-create", "table", "USER#b", 4, 0, 1),
                new FaultControl.LedgerEntry("post-create", "GSI2", "TIMELINE#2026-11", 2, 0, 2),
                new FaultControl.LedgerEntry("table-readiness", "table", "USER#a", 0, 1, 0));
        Measurement m = new Measurement(entries, Map.of("post", 2L));

        assertEquals(0.4, m.hottestShare(), 1e-9);
        assertEquals(List.of(
                new Measurement.Row("other", "table", "USER", 0, 0.5),
                new Measurement.Row("post", "GSI2", "TIMELINE", 1, 0),
                new Measurement.Row("post", "table", "USER", 4, 0)), m.rows());
    }

    @Test
    void aMeasurementThatDriftsFromTheCommittedOneIsReported() {
        Measurement m = new Measurement(List.of(
                new FaultControl.LedgerEntry("post-create", "GSI2", "TIMELINE#2026-11", 60, 0, 60)),
                Map.of("post", 30L));
        Measurement.Stored committed = new Measurement.Stored(
                Map.of("post\tGSI2\tTIMELINE", new Measurement.Row("post", "GSI2", "TIMELINE", 1, 0)),
                Map.of("post", 30L, "other", 30L));

        List<String> differences = m.differences(committed, 0.3, 20);

        assertEquals(1, differences.size(), differences.toString());
        assertTrue(differences.get(0).contains("measured 2.000, committed 1.000"), differences.get(0));
        assertEquals(List.of(), m.differences(committed, 0.3, 31), "too few operations to compare");
    }

    private static CapacityPlan.Line line(CapacityPlan.Plan plan, String target, String family) {
        return plan.lines().stream().filter(l -> l.target().equals(target) && l.family().equals(family)).findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + target + " " + family + ": " + plan.lines()));
    }

    private static Measurement.Stored stored(Measurement.Row... rows) {
        Map<String, Measurement.Row> byKey = new TreeMap<>();
        Map<String, Long> counts = new TreeMap<>();
        for (Measurement.Row r : rows) {
            byKey.put(r.key(), r);
            counts.put(r.op(), 100L);
        }
        return new Measurement.Stored(byKey, counts);
    }

    private static Properties profile(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return p;
    }
}
