package dev.trident.support.dynamo;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.ShardMerge;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.entity.EntitySchema;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One page of a list spread over several partitions, merged in {@code order}: {@link ShardMerge} plans the reads
 * (each partition for about its share of the page, again only for one that runs out before the page is full) and
 * merges what they return; this sends them, one Query each, those of one round in parallel. The page is exactly the
 * items one ordered list would give; each open partition's position (after its last item taken) is the slice's
 * resume, so only items read and not taken are read again by the next page. The caller declares the Queries (their
 * pattern gives the order) and the entity the items are read as; it never sees an item.
 *
 * @param <T> the entity listed
 */
public final class MergedQuery<T> {

    private final DynamoTable table;
    private final Map<String, KeyQuery> partitions;
    private final String indexName;
    private final Comparator<Map<String, AttributeValue>> order;
    private final EntitySchema<T> entity;

    /**
     * @param partitions label (as in the cursor) to the partition's Query, in a fixed order: one access pattern, one
     *     table or index (its keys are part of a position), each with its partition; start key and Limit come from
     *     the merge. The pages merge in the order the pattern reads each partition ({@link ItemOrder#of}).
     * @param entity how an item is read back
     */
    public MergedQuery(DynamoTable table, Map<String, KeyQuery> partitions, EntitySchema<T> entity) {
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("a merged list reads at least one partition");
        }
        AccessPattern pattern = partitions.values().iterator().next().pattern();
        if (partitions.values().stream().anyMatch(query -> query.pattern() != pattern)) {
            throw new IllegalArgumentException("a merged list reads its partitions under one access pattern");
        }
        this.table = table;
        this.partitions = partitions;
        this.indexName = pattern.index();
        this.order = ItemOrder.of(pattern).items();
        this.entity = entity;
    }

    /**
     * A page of at most {@code limit} items from {@code resume} (null: every partition from its start; a partition
     * absent from a cursor was exhausted). A cursor naming a partition this list does not have is a 400.
     */
    public Uni<Slice<T>> page(CursorState resume, int limit) {
        Map<String, Map<String, String>> open = new LinkedHashMap<>();
        if (resume == null) {
            partitions.keySet().forEach(label -> open.put(label, Map.of()));
        } else if (!partitions.keySet().containsAll(resume.positions().keySet())) {
            throw new InvalidCursorException("cursor does not fit this listing");
        } else {
            partitions.keySet().stream().filter(resume.positions()::containsKey)
                    .forEach(label -> open.put(label, resume.positions().get(label)));
        }
        if (open.isEmpty()) {
            return Uni.createFrom().item(Slice.last(List.of()));
        }
        ShardMerge<Map<String, AttributeValue>> merge = ShardMerge.page(open, order,
                item -> PageKey.of(item, indexName).cursorPosition(), limit);
        return readUntilComplete(merge).map(result -> new Slice<>(result.items().stream().map(entity::fromItem).toList(),
                result.hasMore() ? new CursorState(result.openPositions()) : null));
    }

    /** Sends the merge's reads a round at a time (each round's Queries in parallel) until the page is complete. */
    private Uni<ShardMerge.Result<Map<String, AttributeValue>>> readUntilComplete(
            ShardMerge<Map<String, AttributeValue>> merge) {
        List<ShardMerge.Read> reads = merge.nextReads();
        if (reads.isEmpty()) {
            return Uni.createFrom().item(merge.result());
        }
        List<Uni<QueryPage>> round = new ArrayList<>(reads.size());
        for (ShardMerge.Read read : reads) {
            round.add(table.query(partitions.get(read.label())
                    .after(read.startAfter().isEmpty() ? null : new PageKey(CursorState.keyAttributes(read.startAfter())))
                    .limit(read.limit())));
        }
        return Uni.join().all(round).andFailFast().chain(pages -> {
            for (int i = 0; i < reads.size(); i++) {
                QueryPage page = pages.get(i);
                merge.accept(reads.get(i).label(), page.items(),
                        page.hasNext() ? CursorState.keyStrings(page.next().key()) : null);
            }
            return readUntilComplete(merge);
        });
    }
}
