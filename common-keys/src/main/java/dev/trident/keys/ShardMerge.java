package dev.trident.keys;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Ordered k-way merge of one page per shard (or per partition) into one page of at most {@code limit} items.
 *
 * <p>A shard's position only moves past items actually taken, so items read but not taken are read again next
 * time: nothing is lost and nothing repeats. The merge stops early when a shard that has more in DynamoDB ran
 * out of read items, because its next unseen item could sort before any other head. Query each shard with the
 * page limit and that only happens once the page is full (or, with a 1 MB cut, early: call again).
 */
public final class ShardMerge {
    private ShardMerge() {
    }

    /**
     * What one shard returned: its items in the wanted order, its LastEvaluatedKey as strings ({@code null} when
     * the shard has nothing more) and the position it was read from ({@code null} or empty: from the start).
     */
    public record ShardPage<T>(String label, List<T> items, Map<String, String> lastEvaluatedKey,
            Map<String, String> previousPosition) {
        public ShardPage {
            Objects.requireNonNull(label, "label");
            items = List.copyOf(items);
            lastEvaluatedKey = lastEvaluatedKey == null || lastEvaluatedKey.isEmpty()
                    ? null : Map.copyOf(lastEvaluatedKey);
            previousPosition = previousPosition == null ? Map.of() : Map.copyOf(previousPosition);
        }

        public boolean hasMore() {
            return lastEvaluatedKey != null;
        }
    }

    /** A shard after the merge: where to resume (empty = from the start) and whether it is exhausted. */
    public record ShardState(String label, Map<String, String> position, boolean exhausted) {
    }

    public record Result<T>(List<T> items, List<ShardState> shards) {
        /** True while any shard is not exhausted: the caller should issue a next cursor. */
        public boolean hasMore() {
            return shards.stream().anyMatch(s -> !s.exhausted());
        }

        /** Label -> resume position of every shard not exhausted, in input order; ready for a cursor. */
        public Map<String, Map<String, String>> openPositions() {
            Map<String, Map<String, String>> open = new LinkedHashMap<>();
            for (ShardState s : shards) {
                if (!s.exhausted()) {
                    open.put(s.label(), s.position());
                }
            }
            return open;
        }
    }

    public static <T> Result<T> merge(List<ShardPage<T>> pages, Comparator<? super T> order,
            Function<? super T, Map<String, String>> keyOf, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive");
        }
        int k = pages.size();
        int[] taken = new int[k];
        List<T> out = new ArrayList<>(limit);
        while (out.size() < limit) {
            int best = -1;
            boolean blocked = false;
            for (int s = 0; s < k; s++) {
                ShardPage<T> p = pages.get(s);
                if (taken[s] == p.items().size()) {
                    if (p.hasMore()) {
                        blocked = true; // its next item is unknown: nothing may be taken past this point
                        break;
                    }
                    continue;
                }
                if (best < 0 || order.compare(p.items().get(taken[s]), pages.get(best).items().get(taken[best])) < 0) {
                    best = s;
                }
            }
            if (blocked || best < 0) {
                break;
            }
            out.add(pages.get(best).items().get(taken[best]++));
        }
        List<ShardState> states = new ArrayList<>(k);
        for (int s = 0; s < k; s++) {
            ShardPage<T> p = pages.get(s);
            boolean allTaken = taken[s] == p.items().size();
            Map<String, String> position;
            if (allTaken && p.hasMore()) {
                position = p.lastEvaluatedKey(); // also advances past a page that returned no items
            } else if (taken[s] > 0) {
                position = Map.copyOf(keyOf.apply(p.items().get(taken[s] - 1)));
            } else {
                position = p.previousPosition();
            }
            states.add(new ShardState(p.label(), position, allTaken && !p.hasMore()));
        }
        return new Result<>(List.copyOf(out), List.copyOf(states));
    }
}
