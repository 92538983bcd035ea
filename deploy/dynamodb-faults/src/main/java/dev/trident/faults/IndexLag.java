package dev.trident.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Global secondary indexes that lag their table, as on real DynamoDB. Every write that goes through the proxy leaves
 * the item's image before and after it, with the time; a Query on a GSI then sees, for each item written within the
 * lag, its image as of (now - lag): absent if it was created since, its old index copy if it was updated, still there
 * if it was deleted. The target's real answer is kept for every other item, so only recent writes are lagged.
 */
final class IndexLag {

    /** The target, reached for the proxy's own reads with the credentials of the call being served. */
    @FunctionalInterface
    interface Target {
        /** The answer of a successful call; an IOException for any other. */
        ObjectNode call(String operation, ObjectNode body) throws IOException;
    }

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Pattern NAME_PLACEHOLDER = Pattern.compile("#[A-Za-z0-9_]+");
    private static final int BATCH_GET_LIMIT = 100;

    private final FaultSettings settings;
    /** Key schemas by scope (database and table), from DescribeTable to the target. */
    private final Map<String, TableShape> shapes = new ConcurrentHashMap<>();
    /** The recent writes by scope and key, least recently written first: forgetting stops at the first recent one. */
    private final LinkedHashMap<String, KeyHistory> history = new LinkedHashMap<>();

    IndexLag(FaultSettings settings) {
        this.settings = settings;
    }

    /** Forgets every recorded write and key schema (control API reset). */
    void reset() {
        synchronized (history) {
            history.clear();
        }
        shapes.clear();
    }

    /** Forgets a table's key schema and writes, when it is created, deleted or changed through the proxy. */
    void forgetTable(String database, String table) {
        String scope = scope(database, table);
        shapes.remove(scope);
        synchronized (history) {
            history.values().removeIf(h -> h.scope.equals(scope));
        }
    }

    // ---- writes ----

    /** One table key a write changes. */
    record WrittenKey(String scope, String table, TableShape shape, ObjectNode key) {
        /** The key's name in the history: its scope and its table key. */
        String id() {
            return scope + '\u0001' + shape.keyId(key);
        }
    }

    /**
     * Before a write is forwarded: the keys it writes, each with its image before the write recorded where no recent
     * write left one. Empty when no index lags or the write names no table this proxy can describe.
     */
    List<WrittenKey> beforeWrite(String operation, ObjectNode request, String database, Target target) {
        long lag = settings.indexLagMillis();
        if (lag == 0) {
            return List.of();
        }
        List<WrittenKey> keys = writtenKeys(operation, request, database, target);
        List<WrittenKey> unknown = new ArrayList<>();
        synchronized (history) {
            forgetOld(lag);
            for (WrittenKey key : keys) {
                if (!history.containsKey(key.id())) {
                    unknown.add(key);
                }
            }
        }
        if (!unknown.isEmpty()) {
            record(unknown, readImages(unknown, target));
        }
        return keys;
    }

    /** After a write succeeded: the images it left, from now on. */
    void afterWrite(List<WrittenKey> keys, Target target) {
        if (!keys.isEmpty()) {
            record(keys, readImages(keys, target));
        }
    }

    /** Appends the images as of now; nothing when they could not be read (that key then simply does not lag). */
    private void record(List<WrittenKey> keys, Map<String, ObjectNode> images) {
        if (images == null) {
            return;
        }
        synchronized (history) {
            long now = now();
            for (WrittenKey key : keys) {
                KeyHistory h = history.remove(key.id());
                if (h == null) {
                    h = new KeyHistory(key.scope(), key.shape().keyId(key.key()));
                }
                h.versions.add(new Version(now, images.get(key.id())));
                history.put(key.id(), h); // last written last
            }
        }
    }

    /** The table keys a write names (a ConditionCheck writes nothing), for tables this proxy can describe. */
    List<WrittenKey> writtenKeys(String operation, ObjectNode request, String database, Target target) {
        List<WrittenKey> keys = new ArrayList<>();
        switch (operation) {
            case "PutItem" -> addKey(keys, request.path("TableName").asText(), request.get("Item"), database, target);
            case "UpdateItem", "DeleteItem" ->
                    addKey(keys, request.path("TableName").asText(), request.get("Key"), database, target);
            case "BatchWriteItem" -> {
                for (Map.Entry<String, JsonNode> table : request.path("RequestItems").properties()) {
                    for (JsonNode write : table.getValue()) {
                        JsonNode item = write.has("PutRequest") ? write.path("PutRequest").get("Item")
                                : write.path("DeleteRequest").get("Key");
                        addKey(keys, table.getKey(), item, database, target);
                    }
                }
            }
            case "TransactWriteItems" -> {
                for (JsonNode action : request.path("TransactItems")) {
                    // A ConditionCheck writes nothing.
                    JsonNode put = action.get("Put");
                    JsonNode change = put != null ? put : action.has("Update") ? action.get("Update")
                            : action.get("Delete");
                    if (change != null) {
                        addKey(keys, change.path("TableName").asText(), change.get(put != null ? "Item" : "Key"),
                                database, target);
                    }
                }
            }
            default -> { }
        }
        return keys;
    }

    private void addKey(List<WrittenKey> keys, String table, JsonNode item, String database, Target target) {
        TableShape shape = shape(database, table, target);
        ObjectNode key = shape == null || item == null ? null : shape.keyOf(item);
        if (key != null) {
            keys.add(new WrittenKey(scope(database, table), table, shape, key));
        }
    }

    /**
     * The current images of the keys (strongly consistent), by {@link WrittenKey#id()}, absent items mapping to null;
     * null when the target could not say.
     */
    static Map<String, ObjectNode> readImages(List<WrittenKey> keys, Target target) {
        Map<String, ObjectNode> images = new HashMap<>();
        Map<String, WrittenKey> byId = new LinkedHashMap<>();
        keys.forEach(k -> byId.putIfAbsent(k.id(), k));
        List<WrittenKey> distinct = new ArrayList<>(byId.values());
        Map<String, WrittenKey> tables = new HashMap<>();
        distinct.forEach(k -> tables.putIfAbsent(k.table(), k));
        try {
            if (distinct.size() == 1) {
                WrittenKey key = distinct.get(0);
                ObjectNode get = JSON.objectNode().put("TableName", key.table()).put("ConsistentRead", true);
                get.set("Key", key.key());
                images.put(key.id(), (ObjectNode) target.call("GetItem", get).get("Item"));
                return images;
            }
            for (int from = 0; from < distinct.size(); from += BATCH_GET_LIMIT) {
                ObjectNode requestItems = JSON.objectNode();
                for (WrittenKey key : distinct.subList(from, Math.min(distinct.size(), from + BATCH_GET_LIMIT))) {
                    images.put(key.id(), null);
                    ObjectNode table = requestItems.withObjectProperty(key.table());
                    table.put("ConsistentRead", true);
                    table.withArrayProperty("Keys").add(key.key());
                }
                // DynamoDB Local never leaves keys unprocessed; a few rounds cover a target that does.
                for (int round = 0; round < 5 && !requestItems.isEmpty(); round++) {
                    ObjectNode request = JSON.objectNode();
                    request.set("RequestItems", requestItems);
                    ObjectNode answer = target.call("BatchGetItem", request);
                    for (Map.Entry<String, JsonNode> table : answer.path("Responses").properties()) {
                        WrittenKey sample = tables.get(table.getKey());
                        for (JsonNode item : table.getValue()) {
                            String id = sample.scope() + '\u0001' + sample.shape().keyId(item);
                            if (byId.containsKey(id)) {
                                images.put(id, (ObjectNode) item);
                            }
                        }
                    }
                    JsonNode unprocessed = answer.get("UnprocessedKeys");
                    requestItems = unprocessed instanceof ObjectNode left ? left : JSON.objectNode();
                }
                if (!requestItems.isEmpty()) {
                    return null;
                }
            }
        } catch (IOException e) {
            return null;
        }
        return images;
    }

    // ---- queries ----

    /**
     * A Query that the lag may change: on a global secondary index of a table written within the lag, in forms
     * {@link ConditionExpression} understands. Null when the query is to be forwarded and answered unchanged.
     */
    LaggedQuery plan(ObjectNode request, String database, Target target) {
        long lag = settings.indexLagMillis();
        String indexName = request.path("IndexName").asText(null);
        if (lag == 0 || indexName == null) {
            return null;
        }
        String table = request.path("TableName").asText();
        String scope = scope(database, table);
        synchronized (history) {
            forgetOld(lag);
            if (history.values().stream().noneMatch(h -> h.scope.equals(scope))) {
                return null;
            }
        }
        TableShape shape = shape(database, table, target);
        IndexShape index = shape == null ? null : shape.indexes().get(indexName);
        if (index == null) {
            return null; // a local secondary index is written with its table, and an unknown one fails anyway
        }
        try {
            for (String legacy : List.of("KeyConditions", "QueryFilter", "AttributesToGet", "ConditionalOperator")) {
                if (request.has(legacy)) {
                    throw new ConditionExpression.Unsupported(legacy);
                }
            }
            JsonNode names = request.get("ExpressionAttributeNames");
            JsonNode values = request.get("ExpressionAttributeValues");
            ConditionExpression keyCondition =
                    ConditionExpression.parse(request.path("KeyConditionExpression").asText(), names, values);
            ConditionExpression filter = request.has("FilterExpression")
                    ? ConditionExpression.parse(request.get("FilterExpression").asText(), names, values) : null;
            List<String> projection = projection(request.path("ProjectionExpression").asText(null), names);
            return new LaggedQuery(request, scope, shape, index, keyCondition, filter, projection, lag);
        } catch (ConditionExpression.Unsupported e) {
            settings.count("lagUnsupportedQueries");
            return null;
        }
    }

    /** The top-level attribute names of a projection expression; null for none. */
    private static List<String> projection(String expression, JsonNode names) throws ConditionExpression.Unsupported {
        if (expression == null) {
            return null;
        }
        List<String> attributes = new ArrayList<>();
        for (String part : expression.split(",")) {
            String name = part.trim();
            if (name.startsWith("#")) {
                JsonNode named = names == null ? null : names.get(name);
                if (named == null) {
                    throw new ConditionExpression.Unsupported("no name for " + name);
                }
                name = named.asText();
            } else if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new ConditionExpression.Unsupported("projection of " + name);
            }
            attributes.add(name);
        }
        return attributes;
    }

    /** A Query on a lagging index: what to forward, and how to rewrite its answer. */
    final class LaggedQuery {
        private final ObjectNode request;
        private final String scope;
        private final TableShape shape;
        private final IndexShape index;
        private final ConditionExpression keyCondition;
        private final ConditionExpression filter;
        private final List<String> projection;
        private final long lag;
        private final Comparator<JsonNode> order;

        private LaggedQuery(ObjectNode request, String scope, TableShape shape, IndexShape index,
                ConditionExpression keyCondition, ConditionExpression filter, List<String> projection, long lag) {
            this.request = request;
            this.scope = scope;
            this.shape = shape;
            this.index = index;
            this.keyCondition = keyCondition;
            this.filter = filter;
            this.projection = projection;
            this.lag = lag;
            Comparator<JsonNode> forward = (a, b) -> {
                for (String attribute : new String[] {index.rangeKey(), shape.hashKey(), shape.rangeKey()}) {
                    if (attribute != null) {
                        Integer c = ConditionExpression.compare(a.get(attribute), b.get(attribute));
                        if (c != null && c != 0) {
                            return c;
                        }
                    }
                }
                return 0;
            };
            this.order = request.path("ScanIndexForward").asBoolean(true) ? forward : forward.reversed();
        }

        /**
         * The request to forward: without its projection and COUNT, so that the answer holds whole index copies to
         * merge with the lagged ones (both are applied again to the merged page), and without the attribute names
         * only the projection used, which DynamoDB would refuse as unused.
         */
        ObjectNode forwarded() {
            ObjectNode forwarded = request.deepCopy();
            forwarded.remove("ProjectionExpression");
            String select = forwarded.path("Select").asText("");
            if (select.equals("COUNT") || select.equals("SPECIFIC_ATTRIBUTES")) {
                forwarded.remove("Select");
            }
            JsonNode names = forwarded.get("ExpressionAttributeNames");
            if (names != null) {
                Set<String> used = new HashSet<>();
                for (String expression : List.of("KeyConditionExpression", "FilterExpression")) {
                    Matcher m = NAME_PLACEHOLDER.matcher(forwarded.path(expression).asText(""));
                    while (m.find()) {
                        used.add(m.group());
                    }
                }
                ((ObjectNode) names).retain(used);
                if (names.isEmpty()) {
                    forwarded.remove("ExpressionAttributeNames");
                }
            }
            return forwarded;
        }

        /** The answer as the lagging index gives it; counts the query when that differs from the target's. */
        ObjectNode rewrite(ObjectNode answer) {
            Map<String, ObjectNode> lagged = recentImages(scope, lag);
            List<JsonNode> real = new ArrayList<>();
            answer.path("Items").forEach(real::add);
            int scanned = answer.path("ScannedCount").asInt(real.size());
            JsonNode lastKey = answer.get("LastEvaluatedKey");
            JsonNode startKey = request.get("ExclusiveStartKey");

            List<JsonNode> kept = new ArrayList<>();
            for (JsonNode item : real) {
                if (!lagged.containsKey(shape.keyId(item))) {
                    kept.add(item);
                }
            }
            List<JsonNode> candidates = new ArrayList<>();
            for (ObjectNode image : lagged.values()) {
                JsonNode copy = image == null ? null : indexCopy(image);
                if (copy != null && keyCondition.matches(copy)
                        && (startKey == null || order.compare(copy, startKey) > 0)
                        && (lastKey == null || order.compare(copy, lastKey) <= 0)) {
                    candidates.add(copy);
                }
            }
            candidates.sort(order);
            List<JsonNode> merged = new ArrayList<>(kept);
            for (JsonNode copy : candidates) {
                if (filter == null || filter.matches(copy)) {
                    int at = 0;
                    while (at < merged.size() && order.compare(merged.get(at), copy) <= 0) {
                        at++;
                    }
                    merged.add(at, copy);
                }
            }
            ObjectNode unchanged = page(answer, real, scanned, lastKey);
            ObjectNode rewritten = page(answer, merged, scanned - (real.size() - kept.size()) + candidates.size(),
                    lastKey);
            if (!rewritten.equals(unchanged)) {
                settings.count("laggedQueries");
            }
            return rewritten;
        }

        /** The index's copy of an item, or null when the item is not in the index (a key attribute missing). */
        private JsonNode indexCopy(ObjectNode image) {
            if (!image.has(index.hashKey()) || index.rangeKey() != null && !image.has(index.rangeKey())) {
                return null;
            }
            if (index.projection().equals("ALL")) {
                return image;
            }
            Set<String> kept = new HashSet<>(index.nonKeyAttributes());
            kept.add(shape.hashKey());
            kept.add(index.hashKey());
            if (shape.rangeKey() != null) {
                kept.add(shape.rangeKey());
            }
            if (index.rangeKey() != null) {
                kept.add(index.rangeKey());
            }
            return image.deepCopy().retain(kept);
        }

        /** The answer for these items: Limit, LastEvaluatedKey, projection, COUNT, Count and ScannedCount. */
        private ObjectNode page(ObjectNode answer, List<JsonNode> items, int scanned, JsonNode lastKey) {
            JsonNode limit = request.get("Limit");
            List<JsonNode> page = items;
            // As DynamoDB does, a page that reaches the Limit says where the next one starts, even when none follows.
            if (limit != null && !items.isEmpty() && items.size() >= limit.asInt()) {
                page = items.subList(0, limit.asInt());
                scanned -= items.size() - page.size();
                lastKey = keyOf(page.get(page.size() - 1));
            }
            ObjectNode out = answer.deepCopy();
            out.remove(List.of("Items", "Count", "ScannedCount", "LastEvaluatedKey"));
            if (!request.path("Select").asText("").equals("COUNT")) {
                ArrayNode projected = out.putArray("Items");
                for (JsonNode item : page) {
                    projected.add(projection == null ? item : ((ObjectNode) item.deepCopy()).retain(projection));
                }
            }
            out.put("Count", page.size());
            out.put("ScannedCount", Math.max(scanned, page.size()));
            if (lastKey != null) {
                out.set("LastEvaluatedKey", lastKey);
            }
            return out;
        }

        /** The index and table key attributes of an item: where the next page starts. */
        private ObjectNode keyOf(JsonNode item) {
            ObjectNode key = JSON.objectNode();
            for (String attribute : new String[] {shape.hashKey(), shape.rangeKey(), index.hashKey(),
                    index.rangeKey()}) {
                if (attribute != null && item.has(attribute)) {
                    key.set(attribute, item.get(attribute));
                }
            }
            return key;
        }
    }

    /** The image as of (now - lag) of every key of the scope written within the lag, by key id (null: absent then). */
    private Map<String, ObjectNode> recentImages(String scope, long lag) {
        Map<String, ObjectNode> images = new HashMap<>();
        synchronized (history) {
            long horizon = forgetOld(lag);
            for (KeyHistory h : history.values()) {
                if (h.scope.equals(scope)) {
                    images.put(h.keyId, h.imageAt(horizon));
                }
            }
        }
        return images;
    }

    /** Forgets the writes that every index has caught up with (older than the lag); returns now - lag. */
    private long forgetOld(long lag) {
        long horizon = now() - lag;
        for (Iterator<KeyHistory> it = history.values().iterator(); it.hasNext(); ) {
            KeyHistory h = it.next();
            if (h.lastAt() > horizon) {
                break;
            }
            it.remove();
        }
        for (KeyHistory h : history.values()) {
            while (h.versions.size() > 1 && h.versions.get(1).at() <= horizon) {
                h.versions.remove(0);
            }
        }
        return horizon;
    }

    private static long now() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime());
    }

    private record Version(long at, ObjectNode image) {
    }

    /** One key's images, oldest first; the first stands for every moment before the second. */
    private static final class KeyHistory {
        final String scope;
        final String keyId;
        final List<Version> versions = new ArrayList<>();

        KeyHistory(String scope, String keyId) {
            this.scope = scope;
            this.keyId = keyId;
        }

        long lastAt() {
            return versions.get(versions.size() - 1).at();
        }

        ObjectNode imageAt(long time) {
            ObjectNode image = versions.get(0).image();
            for (Version v : versions) {
                if (v.at() <= time) {
                    image = v.image();
                }
            }
            return image;
        }
    }

    // ---- key schemas ----

    record IndexShape(String hashKey, String rangeKey, String projection, Set<String> nonKeyAttributes) {
    }

    record TableShape(String hashKey, String rangeKey, Map<String, IndexShape> indexes) {

        /** The table key of an item or key map; null when it lacks one. */
        ObjectNode keyOf(JsonNode item) {
            if (!item.has(hashKey) || rangeKey != null && !item.has(rangeKey)) {
                return null;
            }
            ObjectNode key = JSON.objectNode().set(hashKey, item.get(hashKey));
            if (rangeKey != null) {
                key.set(rangeKey, item.get(rangeKey));
            }
            return key;
        }

        /** One string per table key, the same however a number is spelled. */
        String keyId(JsonNode item) {
            return canonical(item.get(hashKey)) + '\u0000' + (rangeKey == null ? "" : canonical(item.get(rangeKey)));
        }

        private static String canonical(JsonNode value) {
            if (value != null && value.has("N")) {
                return "N" + new BigDecimal(value.get("N").asText()).stripTrailingZeros().toPlainString();
            }
            return String.valueOf(value);
        }
    }

    /** A table's key schema and indexes, described once per scope; null when the table cannot be described. */
    TableShape shape(String database, String table, Target target) {
        String scope = scope(database, table);
        TableShape known = shapes.get(scope);
        if (known != null) {
            return known;
        }
        ObjectNode description;
        try {
            description = (ObjectNode) target.call("DescribeTable", JSON.objectNode().put("TableName", table))
                    .path("Table");
        } catch (IOException | ClassCastException e) {
            return null; // no such table (yet): the call fails on its own
        }
        Map<String, IndexShape> indexes = new HashMap<>();
        for (JsonNode gsi : description.path("GlobalSecondaryIndexes")) {
            Set<String> nonKey = new HashSet<>();
            gsi.path("Projection").path("NonKeyAttributes").forEach(a -> nonKey.add(a.asText()));
            indexes.put(gsi.path("IndexName").asText(), new IndexShape(keyAttribute(gsi, "HASH"),
                    keyAttribute(gsi, "RANGE"), gsi.path("Projection").path("ProjectionType").asText("ALL"), nonKey));
        }
        TableShape shape = new TableShape(keyAttribute(description, "HASH"), keyAttribute(description, "RANGE"),
                Map.copyOf(indexes));
        shapes.put(scope, shape);
        return shape;
    }

    private static String keyAttribute(JsonNode described, String keyType) {
        for (JsonNode element : described.path("KeySchema")) {
            if (element.path("KeyType").asText().equals(keyType)) {
                return element.path("AttributeName").asText();
            }
        }
        return null;
    }

    /** DynamoDB Local keeps one database per access key and region (unless started with -sharedDb). */
    static String scope(String database, String table) {
        return database + '\u0001' + table;
    }
}
