package dev.trident.support.dynamo;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.TableSchema;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Placeholders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * A Query of a declared {@link AccessPattern} (its index, sort-key prefix, order and consistency), given the
 * partition, a narrower sort-key range, a projection and the page at each call. {@link DynamoTable} turns it into the
 * request, so no repository touches the SDK's request builder or spells a key condition. Each method returns a new
 * query.
 */
public final class KeyQuery {

    private enum Range { ALL, BEGINS_WITH, EQUAL, BETWEEN, AT_LEAST, AT_MOST, BELOW }

    private final AccessPattern pattern;
    private final String index;
    private final String partition;
    private final Range range;
    private final String from;
    private final String to;
    private final boolean newestFirst;
    private final boolean consistent;
    private final boolean countOnly;
    private final List<String> projection;
    private final Condition filter;
    private final Integer limit;
    private final Map<String, AttributeValue> startKey;

    private KeyQuery(AccessPattern pattern, String index, String partition, Range range, String from, String to,
            boolean newestFirst, boolean consistent, boolean countOnly, List<String> projection, Condition filter,
            Integer limit, Map<String, AttributeValue> startKey) {
        this.pattern = pattern;
        this.index = index;
        this.partition = partition;
        this.range = range;
        this.from = from;
        this.to = to;
        this.newestFirst = newestFirst;
        this.consistent = consistent;
        this.countOnly = countOnly;
        this.projection = projection;
        this.filter = filter;
        this.limit = limit;
        this.startKey = startKey;
    }

    /**
     * A Query of {@code pattern}: the index, the sort-key prefix, the order and the consistency are the declaration's;
     * give the partition, and the page, at each call.
     */
    public static KeyQuery of(AccessPattern pattern) {
        DynamoTable.requireRead(pattern);
        return new KeyQuery(pattern, pattern.index(), null,
                pattern.sortKeyPrefix() == null ? Range.ALL : Range.BEGINS_WITH, pattern.sortKeyPrefix(), null,
                pattern.isNewestFirst(), pattern.isConsistent(), false, null, null, null, null);
    }

    private KeyQuery with(String partition, Range range, String from, String to, boolean newestFirst,
            boolean consistent, boolean countOnly, List<String> projection, Condition filter, Integer limit,
            Map<String, AttributeValue> startKey) {
        return new KeyQuery(pattern, index, partition, range, from, to, newestFirst, consistent, countOnly, projection,
                filter, limit, startKey);
    }

    /** The items whose sort key begins with {@code prefix}. */
    public KeyQuery beginsWith(String prefix) {
        return with(partition, Range.BEGINS_WITH, prefix, null, newestFirst, consistent, countOnly, projection, filter,
                limit, startKey);
    }

    /** The one sort key {@code sortKey} (a lookup through an index whose keys are unique). */
    public KeyQuery sortKeyEquals(String sortKey) {
        return with(partition, Range.EQUAL, sortKey, null, newestFirst, consistent, countOnly, projection, filter,
                limit, startKey);
    }

    /** Sort keys from {@code low} to {@code high}, both included. */
    public KeyQuery between(String low, String high) {
        return with(partition, Range.BETWEEN, low, high, newestFirst, consistent, countOnly, projection, filter, limit,
                startKey);
    }

    /** Sort keys from {@code low} on. */
    public KeyQuery atLeast(String low) {
        return with(partition, Range.AT_LEAST, low, null, newestFirst, consistent, countOnly, projection, filter,
                limit, startKey);
    }

    /** Sort keys up to {@code high}, included. */
    public KeyQuery atMost(String high) {
        return with(partition, Range.AT_MOST, null, high, newestFirst, consistent, countOnly, projection, filter,
                limit, startKey);
    }

    /** Sort keys below {@code high}. */
    public KeyQuery below(String high) {
        return with(partition, Range.BELOW, null, high, newestFirst, consistent, countOnly, projection, filter, limit,
                startKey);
    }

    /** Only these attributes of each item. */
    public KeyQuery project(String... attributes) {
        return with(partition, range, from, to, newestFirst, consistent, countOnly, List.of(attributes), filter, limit,
                startKey);
    }

    /** Only the number of items ({@code Select COUNT}). */
    public KeyQuery countOnly() {
        return with(partition, range, from, to, newestFirst, consistent, true, projection, filter, limit, startKey);
    }

    /** Only the items read that meet {@code condition}; the items read still count towards the page and its cost. */
    public KeyQuery filter(Condition condition) {
        return with(partition, range, from, to, newestFirst, consistent, countOnly, projection, condition, limit,
                startKey);
    }

    /** The partition to read: its key on the table or on the index. */
    public KeyQuery in(String partitionKey) {
        return with(Objects.requireNonNull(partitionKey, "partition"), range, from, to, newestFirst, consistent,
                countOnly, projection, filter, limit, startKey);
    }

    /** At most {@code items} items read. */
    public KeyQuery limit(int items) {
        return with(partition, range, from, to, newestFirst, consistent, countOnly, projection, filter, items,
                startKey);
    }

    /** From where an earlier page of this query ended; null: from the start. */
    public KeyQuery after(PageKey page) {
        return startingAfter(page == null ? null : page.key());
    }

    private KeyQuery startingAfter(Map<String, AttributeValue> key) {
        return with(partition, range, from, to, newestFirst, consistent, countOnly, projection, filter, limit, key);
    }

    /**
     * From where a list's cursor left off (a single-partition cursor); null: from the start. A signed cursor is
     * already bound to its list; this also refuses one whose key is not in this query's partition (400).
     */
    public KeyQuery resumingAt(CursorState resume) {
        return resumingAfter(resume == null ? null : resume.singleKey());
    }

    /**
     * From after {@code key} (null: from the start), which may have come from a client (in a cursor) and so must be
     * in this query's partition (400).
     */
    public KeyQuery resumingAfter(PageKey key) {
        return resumingAfter(key == null ? null : key.key());
    }

    /** From after {@code key}, which a client sent (in a cursor) and so must be in this query's partition (400). */
    public KeyQuery resumingAfter(Map<String, AttributeValue> key) {
        if (key == null) {
            return startingAfter(null);
        }
        if (partition == null) {
            throw new IllegalStateException(pattern + ": give the partition before the cursor");
        }
        AttributeValue keyPartition = key.get(index == null ? TableSchema.PK : TableSchema.partitionKeyOf(index));
        if (keyPartition == null || !partition.equals(keyPartition.s())) {
            throw new InvalidCursorException("cursor does not fit this listing");
        }
        return startingAfter(key);
    }

    public AccessPattern pattern() {
        return pattern;
    }

    /** The index read, null for the base table. */
    public String index() {
        return index;
    }

    /** The request, tagged with the pattern; the table name and the capacity report are the table's to add. */
    QueryRequest.Builder request() {
        if (partition == null) {
            throw new IllegalStateException(pattern + ": no partition given");
        }
        String pk = index == null ? TableSchema.PK : TableSchema.partitionKeyOf(index);
        String sk = index == null ? TableSchema.SK : TableSchema.sortKeyOf(index);
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        names.put("#pk", pk);
        values.put(":pk", AttributeValue.fromS(partition));
        String keys = switch (range) {
            case ALL -> "#pk = :pk";
            case BEGINS_WITH -> "#pk = :pk AND begins_with(#sk, :prefix)";
            case EQUAL -> "#pk = :pk AND #sk = :sk";
            case BETWEEN -> "#pk = :pk AND #sk BETWEEN :from AND :to";
            case AT_LEAST -> "#pk = :pk AND #sk >= :from";
            case AT_MOST -> "#pk = :pk AND #sk <= :to";
            case BELOW -> "#pk = :pk AND #sk < :to";
        };
        if (range != Range.ALL) {
            names.put("#sk", sk);
        }
        switch (range) {
            case BEGINS_WITH -> values.put(":prefix", AttributeValue.fromS(from));
            case EQUAL -> values.put(":sk", AttributeValue.fromS(from));
            case BETWEEN -> {
                values.put(":from", AttributeValue.fromS(from));
                values.put(":to", AttributeValue.fromS(to));
            }
            case AT_LEAST -> values.put(":from", AttributeValue.fromS(from));
            case AT_MOST, BELOW -> values.put(":to", AttributeValue.fromS(to));
            default -> { }
        }
        QueryRequest.Builder request = QueryRequest.builder().keyConditionExpression(keys);
        Placeholders p = new Placeholders();
        if (filter != null) {
            request.filterExpression(filter.render(p));
        }
        if (projection != null) {
            List<String> projected = new ArrayList<>();
            for (String attribute : projection) {
                if (attribute.equals(pk) || attribute.equals(sk)) {
                    String placeholder = attribute.equals(pk) ? "#pk" : "#sk";
                    names.put(placeholder, attribute);
                    projected.add(placeholder);
                } else {
                    projected.add(p.name(attribute));
                }
            }
            request.projectionExpression(String.join(", ", projected));
        }
        if (countOnly) {
            request.select(Select.COUNT);
        }
        names.putAll(p.names());
        values.putAll(p.values());
        return request.indexName(index)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .scanIndexForward(newestFirst ? Boolean.FALSE : null)
                .consistentRead(consistent ? Boolean.TRUE : null)
                .limit(limit)
                .exclusiveStartKey(startKey);
    }

    @Override
    public String toString() {
        return pattern.name();
    }
}
