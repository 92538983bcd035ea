package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ShardMerge.Read;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShardMergeTest {
    record Item(int shard, String sk) {
    }

    // Newest first, like a descending Query; SKs are unique across shards.
    static final Comparator<Item> ORDER = Comparator.comparing(Item::sk).reversed();

    static Map<String, String> key(Item i) {
        return Map.of("PK", "S#" + i.shard, "SK", i.sk);
    }

    /** What one Query of a shard answered: its items and its LastEvaluatedKey (null: none). */
    record Answer(List<Item> items, Map<String, String> lastEvaluatedKey) {
    }

    /**
     * A DynamoDB-like Query of one shard: after the exclusive start, at most {@code limit} items, sometimes fewer
     * (as a 1 MB cut would) and sometimes a LastEvaluatedKey although nothing follows (as DynamoDB does when the
     * Limit is hit exactly).
     */
    static Answer query(List<Item> shard, Map<String, String> start, int limit, Random rnd) {
        int from = 0;
        if (start != null && !start.isEmpty()) {
            while (!shard.get(from).sk().equals(start.get("SK"))) {
                from++;
            }
            from++;
        }
        // A 1 MB cut still returns at least one item; only a filter could return none, and no list filters.
        int take = rnd != null && rnd.nextInt(5) == 0 ? 1 + rnd.nextInt(limit) : limit;
        int to = Math.min(shard.size(), from + take);
        List<Item> items = shard.subList(from, to);
        boolean more = to < shard.size() || (take == limit && to == from + limit && rnd != null && rnd.nextBoolean());
        return new Answer(items, more ? key(items.get(items.size() - 1)) : null);
    }

    /** Drives one page to completion against in-memory shards; returns the result and the reads it sent. */
    static ShardMerge.Result<Item> page(List<List<Item>> shards, Map<String, Map<String, String>> positions,
            int limit, Random rnd, List<List<Read>> rounds) {
        ShardMerge<Item> merge = ShardMerge.page(positions, ORDER, ShardMergeTest::key, limit);
        for (List<Read> reads = merge.nextReads(); !reads.isEmpty(); reads = merge.nextReads()) {
            assertTrue(rounds.size() < 200, "no progress");
            rounds.add(reads);
            for (Read r : reads) {
                Answer a = query(shards.get(Integer.parseInt(r.label())), r.startAfter(), r.limit(), rnd);
                merge.accept(r.label(), a.items(), a.lastEvaluatedKey());
            }
        }
        return merge.result();
    }

    static Map<String, Map<String, String>> fromTheStart(int shardCount) {
        Map<String, Map<String, String>> open = new LinkedHashMap<>();
        for (int s = 0; s < shardCount; s++) {
            open.put(Integer.toString(s), Map.of());
        }
        return open;
    }

    @Test
    void pagesConcatenateToTheFullOrderWithoutLossOrDuplicates() {
        Random rnd = new Random(20260501L);
        for (int round = 0; round < 400; round++) {
            int shardCount = 1 + rnd.nextInt(16);
            List<List<Item>> shards = new ArrayList<>();
            List<Item> all = new ArrayList<>();
            int next = 0;
            for (int s = 0; s < shardCount; s++) {
                shards.add(new ArrayList<>());
            }
            int total = rnd.nextInt(300);
            boolean skewed = rnd.nextBoolean(); // most items in shard 0, as a hot shard would hold them
            for (int i = 0; i < total; i++) {
                int shard = skewed && rnd.nextInt(4) > 0 ? 0 : rnd.nextInt(shardCount);
                Item item = new Item(shard, String.format("%06d", next += 1 + rnd.nextInt(3)));
                shards.get(item.shard()).add(item);
                all.add(item);
            }
            shards.forEach(l -> l.sort(ORDER));
            all.sort(ORDER);

            List<Item> seen = new ArrayList<>();
            Map<String, Map<String, String>> open = fromTheStart(shardCount);
            int pages = 0;
            while (!open.isEmpty()) {
                assertTrue(++pages < 1000, "no progress");
                int limit = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 100);
                List<List<Read>> rounds = new ArrayList<>();
                ShardMerge.Result<Item> r = page(shards, open, limit, rnd, rounds);
                assertTrue(r.items().size() <= limit);
                assertTrue(r.items().size() == limit || !r.hasMore(), "a page is short only at the end");
                assertFalse(r.items().isEmpty() && r.hasMore(), "never an empty page with a next cursor");
                assertTrue(rounds.stream().flatMap(List::stream).allMatch(read -> read.limit() >= 1
                        && read.limit() <= limit + 1), "every read asks for 1..limit+1 items");
                seen.addAll(r.items());
                open = r.openPositions();
                assertEquals(!open.isEmpty(), r.hasMore());
            }
            assertEquals(all, seen, "round " + round);
        }
    }

    @Test
    void theFirstRoundAsksEachShardForItsShareOfThePageNotTheWholePage() {
        ShardMerge<Item> sixteen = ShardMerge.page(fromTheStart(16), ORDER, ShardMergeTest::key, 100);
        List<Read> reads = sixteen.nextReads();
        assertEquals(16, reads.size());
        // 100 / 16 = 6.25 expected per shard, + 2 standard deviations (2 * 2.5) = 11.25 -> 12, not 101.
        assertTrue(reads.stream().allMatch(r -> r.limit() == 12 && r.startAfter().isEmpty()), reads.toString());

        ShardMerge<Item> four = ShardMerge.page(fromTheStart(4), ORDER, ShardMergeTest::key, 20);
        assertTrue(four.nextReads().stream().allMatch(r -> r.limit() == 10)); // 5 + 2 * 2.24

        // Small pages: at least MIN_READ (a read of fewer costs as much), never more than limit + 1.
        ShardMerge<Item> small = ShardMerge.page(fromTheStart(4), ORDER, ShardMergeTest::key, 5);
        assertTrue(small.nextReads().stream().allMatch(r -> r.limit() == 6));
        ShardMerge<Item> one = ShardMerge.page(fromTheStart(1), ORDER, ShardMergeTest::key, 100);
        assertEquals(List.of(new Read("0", Map.of(), 101)), one.nextReads());
    }

    @Test
    void aShardThatRunsOutBeforeThePageIsFullIsReadAgainAloneForWhatThePageStillNeeds() {
        // Shard 0 holds the 30 newest items, shard 1 the 30 older ones.
        List<Item> hot = new ArrayList<>();
        List<Item> cold = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            hot.add(new Item(0, String.format("%03d", 999 - i)));
            cold.add(new Item(1, String.format("%03d", 500 - i)));
        }
        ShardMerge<Item> merge = ShardMerge.page(fromTheStart(2), ORDER, ShardMergeTest::key, 20);
        List<Read> first = merge.nextReads();
        assertEquals(List.of(17, 17), first.stream().map(Read::limit).toList()); // 10 + 2 * 3.16
        for (Read r : first) {
            Answer a = query(r.label().equals("0") ? hot : cold, r.startAfter(), r.limit(), null);
            merge.accept(r.label(), a.items(), a.lastEvaluatedKey());
        }
        // 17 taken from shard 0, which may have more: only it is read, for the 3 still needed plus one.
        List<Read> second = merge.nextReads();
        assertEquals(List.of(new Read("0", key(hot.get(16)), 4)), second);
        Answer a = query(hot, second.get(0).startAfter(), 4, null);
        merge.accept("0", a.items(), a.lastEvaluatedKey());
        assertEquals(List.of(), merge.nextReads());

        ShardMerge.Result<Item> r = merge.result();
        assertEquals(hot.subList(0, 20), r.items());
        // Shard 0 resumes after its 20th item (the 21st was read and not taken); shard 1 from the start.
        assertEquals(Map.of("0", key(hot.get(19)), "1", Map.of()), r.openPositions());
    }

    @Test
    void fullPageWhenEveryShardIsQueriedWithTheLimit() {
        List<Item> a = List.of(new Item(0, "9"), new Item(0, "5"), new Item(0, "1"));
        List<Item> b = List.of(new Item(1, "8"), new Item(1, "7"), new Item(1, "2"));
        ShardMerge<Item> merge = ShardMerge.page(fromTheStart(2), ORDER, ShardMergeTest::key, 3);
        assertEquals(List.of(4, 4), merge.nextReads().stream().map(Read::limit).toList());
        merge.accept("0", a, key(a.get(2)));
        merge.accept("1", b, null);
        assertEquals(List.of(), merge.nextReads());
        ShardMerge.Result<Item> r = merge.result();
        assertEquals(List.of(a.get(0), b.get(0), b.get(1)), r.items());
        // Shard 0 advanced past "9" only; "5" and "1" are read again next time.
        assertEquals(key(a.get(0)), r.shards().get(0).position());
        assertEquals(key(b.get(1)), r.shards().get(1).position());
        assertFalse(r.shards().get(1).exhausted());
        assertTrue(r.hasMore());
    }

    @Test
    void exhaustedShardsLeaveTheCursor() {
        List<Item> a = List.of(new Item(0, "9"));
        Map<String, Map<String, String>> open = new LinkedHashMap<>();
        open.put("0", Map.of());
        open.put("1", Map.of("PK", "S#1", "SK", "3"));
        ShardMerge<Item> merge = ShardMerge.page(open, ORDER, ShardMergeTest::key, 5);
        List<Read> reads = merge.nextReads();
        assertEquals(Map.of("PK", "S#1", "SK", "3"), reads.get(1).startAfter());
        merge.accept("0", a, null);
        merge.accept("1", List.of(), null);
        assertEquals(List.of(), merge.nextReads());
        ShardMerge.Result<Item> r = merge.result();
        assertEquals(a, r.items());
        assertFalse(r.hasMore());
        assertEquals(Map.of(), r.openPositions());
    }

    @Test
    void anEmptyReadWithMoreIsReadAgainFromItsLastEvaluatedKey() {
        Map<String, String> lek = Map.of("PK", "S#0", "SK", "4");
        ShardMerge<Item> merge = ShardMerge.page(fromTheStart(1), ORDER, ShardMergeTest::key, 5);
        merge.nextReads();
        merge.accept("0", List.of(), lek);
        List<Read> again = merge.nextReads();
        assertEquals(List.of(new Read("0", lek, 6)), again);
        merge.accept("0", List.of(), null);
        assertEquals(List.of(), merge.nextReads());
        assertTrue(merge.result().items().isEmpty());
        assertFalse(merge.result().hasMore());
    }

    @Test
    void aFullPageWithNothingReadLeftReadsOneItemToProveThereIsMore() {
        List<Item> a = List.of(new Item(0, "9"), new Item(0, "8"), new Item(0, "7"), new Item(0, "6"));
        for (boolean moreExists : List.of(true, false)) {
            ShardMerge<Item> merge = ShardMerge.page(fromTheStart(2), ORDER, ShardMergeTest::key, 4);
            merge.nextReads();
            merge.accept("0", a, key(a.get(3))); // the Limit was not hit, yet DynamoDB may name a last key
            merge.accept("1", List.of(), null);
            assertEquals(List.of(new Read("0", key(a.get(3)), 1)), merge.nextReads());
            merge.accept("0", moreExists ? List.of(new Item(0, "5")) : List.of(), null);
            assertEquals(List.of(), merge.nextReads());
            ShardMerge.Result<Item> r = merge.result();
            assertEquals(a, r.items());
            assertEquals(moreExists ? Map.of("0", key(a.get(3))) : Map.of(), r.openPositions());
        }
    }

    @Test
    void everyReadMustBeAnsweredBeforeTheNext() {
        ShardMerge<Item> merge = ShardMerge.page(fromTheStart(2), ORDER, ShardMergeTest::key, 4);
        merge.nextReads();
        merge.accept("0", List.of(), null);
        assertThrows(IllegalStateException.class, merge::nextReads);
        assertThrows(IllegalStateException.class, () -> merge.accept("0", List.of(), null));
        assertThrows(IllegalArgumentException.class, () -> ShardMerge.page(fromTheStart(1), ORDER,
                ShardMergeTest::key, 0));
    }
}
