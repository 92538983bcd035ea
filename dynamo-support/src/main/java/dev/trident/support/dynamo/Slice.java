package dev.trident.support.dynamo;

import dev.trident.keys.cursor.CursorState;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a repository returns for a list: the items and where the list resumes (null at its end). Repositories do
 * not sign anything; the web layer's {@code Cursors.page} turns a slice into a page with a signed cursor, in one place.
 */
public record Slice<T>(List<T> items, CursorState resume) {

    public static <T> Slice<T> last(List<T> items) {
        return new Slice<>(items, null);
    }

    /**
     * A single-partition slice from the items of a Query made with {@code Limit = limit + 1}: the extra item only
     * proves there is more, so a list never resumes into an empty page. A Query that stopped early at DynamoDB's
     * 1 MB page size returns fewer items and the key it stopped at ({@code next}): the slice then resumes there, so
     * every item of a list is reached however large the items are.
     *
     * @param indexName null for the base table
     * @param next the Query's LastEvaluatedKey, null when it read to the end of what it matched
     */
    public static <T> Slice<T> fromQuery(List<Map<String, AttributeValue>> items, int limit, String indexName,
            PageKey next, Function<Map<String, AttributeValue>, T> mapper) {
        if (items.size() <= limit) {
            List<T> mapped = items.stream().map(mapper).toList();
            return next == null ? last(mapped) : new Slice<>(mapped, CursorState.single(next.key()));
        }
        List<Map<String, AttributeValue>> taken = items.subList(0, limit);
        return new Slice<>(taken.stream().map(mapper).toList(),
                CursorState.single(PageKey.of(taken.get(limit - 1), indexName).key()));
    }

    /**
     * A page of a list from the entries of a Query that read {@code limit + 1} items, the extra one only proving there
     * is more: the first {@code limit} values, mapped, resuming after the last one's key; a Query that stopped early
     * at 1 MB resumes where it stopped ({@code next}, as {@link #fromQuery}).
     */
    public static <E, T> Slice<T> fromEntries(List<EntityPage.Entry<E>> entries, int limit, PageKey next,
            Function<? super E, ? extends T> mapper) {
        List<T> values = entries.stream().limit(limit).<T>map(entry -> mapper.apply(entry.value())).toList();
        if (entries.size() <= limit) {
            return next == null ? last(values) : new Slice<>(values, CursorState.single(next.key()));
        }
        return new Slice<>(values, CursorState.single(entries.get(limit - 1).key().key()));
    }

    public boolean hasMore() {
        return resume != null;
    }

    public <R> Slice<R> map(Function<? super T, ? extends R> mapper) {
        return new Slice<>(items.stream().<R>map(mapper).toList(), resume);
    }
}
