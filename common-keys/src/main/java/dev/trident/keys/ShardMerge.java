package dev.trident.keys;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One page of a list spread over several partitions (shards), merged in order, reading each partition only as far
 * as the page needs. It plans the reads and merges what they return; the caller sends them (one Query each, those
 * of one round in parallel) and hands each answer back:
 *
 * <pre>
 *   ShardMerge&lt;Item&gt; page = ShardMerge.page(positions, order, keyOf, limit);
 *   for (List&lt;Read&gt; reads = page.nextReads(); !reads.isEmpty(); reads = page.nextReads()) {
 *       for (Read r : reads) page.accept(r.label(), query(r.label(), r.startAfter(), r.limit()), lastEvaluatedKey);
 *   }
 *   Result&lt;Item&gt; result = page.result();   // items, and each open shard's position for the next cursor
 * </pre>
 *
 * <p>The first round reads every open shard for its expected share of the page plus a margin of
 * {@value #SPREAD} standard deviations ({@code limit / shards + 2 * sqrt(limit / shards)}, at least
 * {@value #MIN_READ} and at most {@code limit + 1}), not the whole page from each shard. An item is taken only while
 * the head of every open shard is known, so the page is exactly the unsharded order; when a shard runs out of read
 * items before the page is full and DynamoDB has more, only that shard is read again, for its share of what the page
 * still needs (from its rate so far) plus the margin, never more than that need plus one.
 *
 * <p>A shard's position only moves past items actually taken, so items read but not taken (at most the margins) are
 * read again by the next page: nothing is lost and nothing repeats. A full page whose shards hold no read item but
 * may hold more (a LastEvaluatedKey) reads one item from them, so that a next cursor is issued only when a next page
 * has something in it.
 */
public final class ShardMerge<T> {

    /** Margin over a shard's expected share of the page, in standard deviations of that share. */
    public static final double SPREAD = 2.0;
    /**
     * The fewest items a read asks for unless the page needs fewer: a Query is billed per 4 KB read, which holds
     * about ten projects, so a smaller read costs as much and only adds round trips.
     */
    public static final int MIN_READ = 8;

    /** One Query to send: the shard, where to start (empty: from the beginning) and its Limit. */
    public record Read(String label, Map<String, String> startAfter, int limit) {
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

    private final class Shard {
        private final String label;
        /** Resume after this key: the last item taken, or where the page began. */
        private Map<String, String> position;
        /** Where the next read starts: the last read's LastEvaluatedKey. */
        private Map<String, String> readFrom;
        private final ArrayDeque<T> unread = new ArrayDeque<>();
        private boolean more = true;
        private boolean reading;
        private int reads;
        private int taken;

        Shard(String label, Map<String, String> position) {
            this.label = label;
            this.position = position;
            this.readFrom = position;
        }

        boolean blocked() {
            return unread.isEmpty() && more;
        }
    }

    private final Comparator<? super T> order;
    private final Function<? super T, Map<String, String>> keyOf;
    private final int limit;
    private final Map<String, Shard> shards = new LinkedHashMap<>();
    private final List<T> items;

    private ShardMerge(Map<String, Map<String, String>> positions, Comparator<? super T> order,
            Function<? super T, Map<String, String>> keyOf, int limit) {
        this.order = Objects.requireNonNull(order, "order");
        this.keyOf = Objects.requireNonNull(keyOf, "keyOf");
        this.limit = limit;
        this.items = new ArrayList<>(limit);
        positions.forEach((label, position) -> shards.put(Objects.requireNonNull(label, "label"),
                new Shard(label, position == null ? Map.of() : Map.copyOf(position))));
    }

    /**
     * A page of at most {@code limit} items from the shards in {@code positions} (label to the key to resume after,
     * empty: from the start; only the shards still open), ordered by {@code order}; {@code keyOf} gives an item's
     * key attributes, the position to resume after it.
     */
    public static <T> ShardMerge<T> page(Map<String, Map<String, String>> positions, Comparator<? super T> order,
            Function<? super T, Map<String, String>> keyOf, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive");
        }
        return new ShardMerge<>(positions, order, keyOf, limit);
    }

    /**
     * The reads to send now, all at once; empty when the page is complete. Every read handed out must be answered
     * with {@link #accept} before this is called again.
     */
    public List<Read> nextReads() {
        List<Read> reads = new ArrayList<>();
        for (Shard s : shards.values()) {
            if (s.reading) {
                throw new IllegalStateException("shard " + s.label + " has a read not yet accepted");
            }
        }
        merge();
        boolean full = items.size() == limit;
        boolean anyUnread = shards.values().stream().anyMatch(s -> !s.unread.isEmpty());
        if (full && anyUnread) {
            return reads; // complete, and a next page certainly has an item
        }
        // Not full: the blocked shards hold back the merge. Full with nothing read left: only they can prove more.
        for (Shard s : shards.values()) {
            if (s.blocked()) {
                s.reading = true;
                reads.add(new Read(s.label, s.readFrom, readLimit(s)));
            }
        }
        return reads;
    }

    /** The answer to a read of {@code label}: its items in order and its LastEvaluatedKey (null or empty: none). */
    public void accept(String label, List<T> read, Map<String, String> lastEvaluatedKey) {
        Shard s = shards.get(label);
        if (s == null || !s.reading) {
            throw new IllegalStateException("no read of shard " + label + " is outstanding");
        }
        s.reading = false;
        s.reads++;
        s.unread.addAll(read);
        s.more = lastEvaluatedKey != null && !lastEvaluatedKey.isEmpty();
        if (s.more) {
            s.readFrom = Map.copyOf(lastEvaluatedKey);
        }
    }

    /** The page, once {@link #nextReads} returned nothing. */
    public Result<T> result() {
        List<ShardState> states = new ArrayList<>(shards.size());
        for (Shard s : shards.values()) {
            if (s.reading) {
                throw new IllegalStateException("shard " + s.label + " has a read not yet accepted");
            }
            // Everything read was taken: resume where the last read stopped (it may have advanced past nothing).
            Map<String, String> position = s.unread.isEmpty() && s.more ? s.readFrom : s.position;
            states.add(new ShardState(s.label, position, s.unread.isEmpty() && !s.more));
        }
        return new Result<>(List.copyOf(items), List.copyOf(states));
    }

    /** Takes items in order while the head of every open shard is known. */
    private void merge() {
        while (items.size() < limit) {
            Shard best = null;
            for (Shard s : shards.values()) {
                if (s.blocked()) {
                    return; // its next item is unknown and could sort before every other head
                }
                if (!s.unread.isEmpty() && (best == null || order.compare(s.unread.peekFirst(), best.unread.peekFirst()) < 0)) {
                    best = s;
                }
            }
            if (best == null) {
                return; // every shard exhausted
            }
            T item = best.unread.pollFirst();
            best.position = Map.copyOf(keyOf.apply(item));
            best.taken++;
            items.add(item);
        }
    }

    /**
     * What to ask a shard for: its expected share of what the page still needs plus {@value #SPREAD} standard
     * deviations, at least {@value #MIN_READ}, at most that need plus one (the one tells whether more follows). The
     * share is an even split on the first read; after that the shard's own rate so far, if higher.
     */
    private int readLimit(Shard s) {
        int open = shards.size();
        int needed = limit - items.size();
        double rate = 1.0 / open;
        if (s.reads > 0 && !items.isEmpty()) {
            rate = Math.max(rate, (double) s.taken / items.size());
        }
        double share = needed * rate;
        int wanted = (int) Math.ceil(share + SPREAD * Math.sqrt(share));
        return Math.min(needed + 1, Math.max(MIN_READ, wanted));
    }
}
