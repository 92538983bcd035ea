package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ShardMerge.ShardPage;
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

    /** A DynamoDB-like Query of one shard: after the exclusive start, at most queryLimit items. */
    static ShardPage<Item> query(List<Item> shard, String label, Map<String, String> start, int queryLimit,
            Random rnd) {
        int from = 0;
        if (start != null && !start.isEmpty()) {
            while (!shard.get(from).sk().equals(start.get("SK"))) {
                from++;
            }
            from++;
        }
        int to = Math.min(shard.size(), from + queryLimit);
        List<Item> items = shard.subList(from, to);
        // DynamoDB may return a LastEvaluatedKey even when nothing follows; model both.
        boolean more = to < shard.size() || (to == from + queryLimit && to > from && rnd.nextBoolean());
        return new ShardPage<>(label, items, more && !items.isEmpty() ? key(items.get(items.size() - 1)) : null,
                start);
    }

    @Test
    void pagesConcatenateToTheFullOrderWithoutLossOrDuplicates() {
        Random rnd = new Random(20260501L);
        for (int round = 0; round < 400; round++) {
            int shardCount = 1 + rnd.nextInt(6);
            List<List<Item>> shards = new ArrayList<>();
            List<Item> all = new ArrayList<>();
            int next = 0;
            for (int s = 0; s < shardCount; s++) {
                shards.add(new ArrayList<>());
            }
            int total = rnd.nextInt(60);
            for (int i = 0; i < total; i++) {
                Item item = new Item(rnd.nextInt(shardCount), String.format("%06d", next += 1 + rnd.nextInt(3)));
                shards.get(item.shard()).add(item);
                all.add(item);
            }
            shards.forEach(l -> l.sort(ORDER));
            all.sort(ORDER);

            List<Item> seen = new ArrayList<>();
            Map<String, Map<String, String>> open = new LinkedHashMap<>();
            for (int s = 0; s < shardCount; s++) {
                open.put(Integer.toString(s), Map.of());
            }
            int calls = 0;
            while (!open.isEmpty()) {
                assertTrue(++calls < 1000, "no progress");
                int limit = 1 + rnd.nextInt(8);
                // Usually query with the page limit; sometimes smaller, as a 1 MB cut would.
                List<ShardPage<Item>> pages = new ArrayList<>();
                for (Map.Entry<String, Map<String, String>> e : open.entrySet()) {
                    int q = rnd.nextInt(4) == 0 ? rnd.nextInt(limit) + 1 : limit;
                    pages.add(query(shards.get(Integer.parseInt(e.getKey())), e.getKey(), e.getValue(), q, rnd));
                }
                ShardMerge.Result<Item> r = ShardMerge.merge(pages, ORDER, ShardMergeTest::key, limit);
                assertTrue(r.items().size() <= limit);
                seen.addAll(r.items());
                open = r.openPositions();
                assertEquals(!open.isEmpty(), r.hasMore());
            }
            assertEquals(all, seen, "round " + round);
        }
    }

    @Test
    void fullPageWhenEveryShardIsQueriedWithTheLimit() {
        List<Item> a = List.of(new Item(0, "9"), new Item(0, "5"), new Item(0, "1"));
        List<Item> b = List.of(new Item(1, "8"), new Item(1, "7"), new Item(1, "2"));
        ShardMerge.Result<Item> r = ShardMerge.merge(List.of(
                new ShardPage<>("0", a, key(a.get(2)), null),
                new ShardPage<>("1", b, null, null)), ORDER, ShardMergeTest::key, 3);
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
        ShardMerge.Result<Item> r = ShardMerge.merge(List.of(
                new ShardPage<>("0", a, null, null),
                new ShardPage<>("1", List.of(), null, Map.of("PK", "S#1", "SK", "3"))), ORDER, ShardMergeTest::key, 5);
        assertEquals(a, r.items());
        assertFalse(r.hasMore());
        assertEquals(Map.of(), r.openPositions());
    }

    @Test
    void emptyPageWithMoreAdvancesToItsLastEvaluatedKey() {
        Map<String, String> lek = Map.of("PK", "S#0", "SK", "4");
        ShardMerge.Result<Item> r = ShardMerge.merge(List.of(new ShardPage<Item>("0", List.of(), lek, null)),
                ORDER, ShardMergeTest::key, 5);
        assertTrue(r.items().isEmpty());
        assertEquals(Map.of("0", lek), r.openPositions());
    }
}
