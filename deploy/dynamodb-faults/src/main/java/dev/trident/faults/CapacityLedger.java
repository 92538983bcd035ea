package dev.trident.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The capacity units DynamoDB would bill for the calls that pass through the proxy, per access pattern (the
 * {@value #PATTERN_HEADER} header the services send), table or index, and physical partition key value, by
 * DynamoDB's own rules rather than DynamoDB Local's approximate ConsumedCapacity:
 * <ul>
 * <li>an item write costs its size (attribute names and values) rounded up to 1 KB, the larger of its images before
 * and after; twice that inside TransactWriteItems; a write refused by its condition still costs 1 unit;</li>
 * <li>a global secondary index is written whenever the copy it holds of an item changes: key unchanged, one write of
 * the new copy's size; key changed, a delete of the old copy and a put of the new; the copy appearing, a put;
 * disappearing, a delete. Index writes are not doubled in a transaction;</li>
 * <li>reads cost the size read rounded up to 4 KB, half for an eventually consistent read, twice for a transactional
 * one (TransactGetItems, ConditionCheck); a Query adds up the items it returns before rounding.</li>
 * </ul>
 * What DynamoDB Local reported in ConsumedCapacity is kept beside it per pattern and target, for comparison.
 */
final class CapacityLedger {

    /** The request header that names the access pattern of a call. */
    static final String PATTERN_HEADER = "X-Trident-Pattern";
    static final String TABLE = "table";
    static final String UNNAMED = "unnamed";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int WRITE_UNIT = 1024;
    private static final int READ_UNIT = 4096;
    private static final int CONTAINER_OVERHEAD = 3;
    private static final Pattern EQUALS = Pattern.compile("([#A-Za-z0-9_.]+)\\s*=\\s*(:[A-Za-z0-9_]+)");

    /** One partition of the table ({@link #TABLE}) or of an index, as one access pattern used it. */
    record Entry(String pattern, String index, String partition) {
    }

    private static final class Units {
        final DoubleAdder write = new DoubleAdder();
        final DoubleAdder read = new DoubleAdder();
        final DoubleAdder itemWrites = new DoubleAdder();
    }

    private final Map<Entry, Units> units = new ConcurrentHashMap<>();
    /** DynamoDB Local's own ConsumedCapacity by pattern and target (table or index name), capacity units. */
    private final Map<String, DoubleAdder> reported = new ConcurrentHashMap<>();
    private final Map<String, DoubleAdder> calls = new ConcurrentHashMap<>();

    void reset() {
        units.clear();
        reported.clear();
        calls.clear();
    }

    // ---- writes ----

    /** A successful write: its keys' images before and after, by {@link IndexLag.WrittenKey#id()}. */
    void written(String pattern, String operation, List<IndexLag.WrittenKey> keys, Map<String, ObjectNode> before,
            Map<String, ObjectNode> after) {
        double factor = operation.equals("TransactWriteItems") ? 2 : 1;
        for (IndexLag.WrittenKey key : keys) {
            ObjectNode old = before.get(key.id());
            ObjectNode now = after.get(key.id());
            IndexLag.TableShape shape = key.shape();
            String partition = partitionOf(key.key(), shape.hashKey());
            int size = Math.max(size(old), size(now));
            add(pattern, TABLE, partition, factor * writeUnits(size), 0, 1);
            for (Map.Entry<String, IndexLag.IndexShape> index : shape.indexes().entrySet()) {
                indexWrite(pattern, index.getKey(), shape, index.getValue(), old, now);
            }
        }
    }

    private void indexWrite(String pattern, String indexName, IndexLag.TableShape table, IndexLag.IndexShape index,
            ObjectNode old, ObjectNode now) {
        ObjectNode oldCopy = copy(table, index, old);
        ObjectNode newCopy = copy(table, index, now);
        if (Objects.equals(oldCopy, newCopy)) {
            return; // not in the index, or its copy unchanged: DynamoDB writes nothing to the index
        }
        String oldPartition = oldCopy == null ? null : partitionOf(oldCopy, index.hashKey());
        String newPartition = newCopy == null ? null : partitionOf(newCopy, index.hashKey());
        boolean sameKey = oldCopy != null && newCopy != null
                && Objects.equals(oldCopy.get(index.hashKey()), newCopy.get(index.hashKey()))
                && (index.rangeKey() == null || Objects.equals(oldCopy.get(index.rangeKey()),
                        newCopy.get(index.rangeKey())));
        if (sameKey) {
            add(pattern, indexName, newPartition, writeUnits(size(newCopy)), 0, 1);
            return;
        }
        if (oldCopy != null) {
            add(pattern, indexName, oldPartition, writeUnits(size(oldCopy)), 0, 1);
        }
        if (newCopy != null) {
            add(pattern, indexName, newPartition, writeUnits(size(newCopy)), 0, 1);
        }
    }

    /** A single write (PutItem, UpdateItem, DeleteItem) refused by its condition: 1 unit on its table partition. */
    void refused(String pattern, List<IndexLag.WrittenKey> keys) {
        for (IndexLag.WrittenKey key : keys) {
            add(pattern, TABLE, partitionOf(key.key(), key.shape().hashKey()), 1, 0, 1);
        }
    }

    /**
     * A cancelled TransactWriteItems: DynamoDB bills the transactional attempt, here 2 units per item it would have
     * written (their sizes unknown, as nothing was written).
     */
    void cancelled(String pattern, List<IndexLag.WrittenKey> keys) {
        for (IndexLag.WrittenKey key : keys) {
            add(pattern, TABLE, partitionOf(key.key(), key.shape().hashKey()), 2, 0, 1);
        }
    }

    // ---- reads ----

    /** Read units of items read by key (GetItem, BatchGetItem, TransactGetItems, a ConditionCheck). */
    void readItem(String pattern, IndexLag.TableShape shape, JsonNode item, JsonNode key, boolean consistent,
            boolean transactional) {
        JsonNode partitionSource = item != null ? item : key;
        if (partitionSource == null || !partitionSource.has(shape.hashKey())) {
            return;
        }
        double read = readUnits(size(item)) * (transactional ? 2 : consistent ? 1 : 0.5);
        add(pattern, TABLE, partitionOf(partitionSource, shape.hashKey()), 0, read, 0);
    }

    /** A Query's read units: the items it returned, added up, rounded up to 4 KB; on the partition it names. */
    void query(String pattern, IndexLag.TableShape shape, ObjectNode request, ObjectNode answer) {
        String indexName = request.path("IndexName").asText(null);
        String hashKey = shape.hashKey();
        if (indexName != null) {
            IndexLag.IndexShape index = shape.indexes().get(indexName);
            if (index == null) {
                return; // a local secondary index: its partition is the table's
            }
            hashKey = index.hashKey();
        }
        String partition = queriedPartition(request, hashKey);
        if (partition == null) {
            return;
        }
        int bytes = 0;
        for (JsonNode item : answer.path("Items")) {
            bytes += size(item);
        }
        double read = readUnits(bytes) * (request.path("ConsistentRead").asBoolean(false) ? 1 : 0.5);
        add(pattern, indexName == null ? TABLE : indexName, partition, 0, read, 0);
    }

    /** The value the key condition gives the partition key, spelled as {@link #partitionOf} spells it. */
    static String queriedPartition(ObjectNode request, String hashKey) {
        Matcher m = EQUALS.matcher(request.path("KeyConditionExpression").asText(""));
        JsonNode names = request.path("ExpressionAttributeNames");
        JsonNode values = request.path("ExpressionAttributeValues");
        while (m.find()) {
            String name = m.group(1).startsWith("#") ? names.path(m.group(1)).asText(null) : m.group(1);
            if (hashKey.equals(name) && values.has(m.group(2))) {
                return scalar(values.get(m.group(2)));
            }
        }
        return null;
    }

    // ---- what DynamoDB Local reported ----

    /** Adds up the ConsumedCapacity of an answer (one object, or a list for batches and transactions). */
    void reported(String pattern, JsonNode consumed) {
        if (consumed == null) {
            return;
        }
        if (consumed.isArray()) {
            consumed.forEach(c -> reported(pattern, c));
            return;
        }
        boolean split = false;
        if (consumed.has("Table")) {
            addReported(pattern, TABLE, consumed.path("Table").path("CapacityUnits").asDouble());
            split = true;
        }
        for (Map.Entry<String, JsonNode> index : consumed.path("GlobalSecondaryIndexes").properties()) {
            addReported(pattern, index.getKey(), index.getValue().path("CapacityUnits").asDouble());
            split = true;
        }
        if (!split) {
            addReported(pattern, "total", consumed.path("CapacityUnits").asDouble());
        }
    }

    void call(String pattern, String operation) {
        calls.computeIfAbsent(pattern + '\u0000' + operation, k -> new DoubleAdder()).add(1);
    }

    private void addReported(String pattern, String target, double value) {
        reported.computeIfAbsent(pattern + '\u0000' + target, k -> new DoubleAdder()).add(value);
    }

    // ---- the ledger ----

    private void add(String pattern, String index, String partition, double write, double read, double items) {
        Units u = units.computeIfAbsent(new Entry(pattern, index, partition), k -> new Units());
        u.write.add(write);
        u.read.add(read);
        u.itemWrites.add(items);
    }

    /**
     * The control API's form: {@code entries} (pattern, index, partition, writeUnits, readUnits, itemWrites), the
     * totals, {@code calls} by pattern and operation, {@code reported} (DynamoDB Local's ConsumedCapacity) by pattern
     * and target.
     */
    ObjectNode toJson() {
        ObjectNode out = JSON.objectNode();
        double write = 0;
        double read = 0;
        ArrayNode entries = out.putArray("entries");
        List<Map.Entry<Entry, Units>> sorted = new ArrayList<>(units.entrySet());
        sorted.sort(Map.Entry.comparingByKey(Comparator.comparing(Entry::pattern).thenComparing(Entry::index)
                .thenComparing(Entry::partition)));
        for (Map.Entry<Entry, Units> e : sorted) {
            double w = e.getValue().write.sum();
            double r = e.getValue().read.sum();
            write += w;
            read += r;
            entries.addObject().put("pattern", e.getKey().pattern()).put("index", e.getKey().index())
                    .put("partition", e.getKey().partition()).put("writeUnits", w).put("readUnits", r)
                    .put("itemWrites", (long) e.getValue().itemWrites.sum());
        }
        out.put("writeUnits", write);
        out.put("readUnits", read);
        ObjectNode byPattern = out.putObject("calls");
        new TreeMap<>(calls).forEach((k, v) -> {
            String[] parts = k.split("\u0000", 2);
            byPattern.withObjectProperty(parts[0]).put(parts[1], (long) v.sum());
        });
        ObjectNode local = out.putObject("reported");
        new TreeMap<>(reported).forEach((k, v) -> {
            String[] parts = k.split("\u0000", 2);
            local.withObjectProperty(parts[0]).put(parts[1], v.sum());
        });
        return out;
    }

    // ---- DynamoDB's size rules ----

    static double writeUnits(int bytes) {
        return Math.max(1, (bytes + WRITE_UNIT - 1) / WRITE_UNIT);
    }

    static double readUnits(int bytes) {
        return Math.max(1, (bytes + READ_UNIT - 1) / READ_UNIT);
    }

    /** An item's size in DynamoDB JSON: its attribute names' UTF-8 bytes and its values' sizes; 0 for none. */
    static int size(JsonNode item) {
        if (item == null || !item.isObject()) {
            return 0;
        }
        int size = 0;
        for (Map.Entry<String, JsonNode> attribute : item.properties()) {
            size += utf8(attribute.getKey()) + valueSize(attribute.getValue());
        }
        return size;
    }

    /**
     * Strings their UTF-8 bytes, binaries their raw bytes, numbers one byte per two significant digits plus one,
     * booleans and nulls one byte, sets their elements; a list or map 3 bytes plus one per element (and a map's
     * element its name).
     */
    static int valueSize(JsonNode value) {
        Map.Entry<String, JsonNode> typed = value.properties().iterator().next();
        JsonNode v = typed.getValue();
        return switch (typed.getKey()) {
            case "S" -> utf8(v.asText());
            case "N" -> number(v.asText());
            case "B" -> Base64.getDecoder().decode(v.asText()).length;
            case "BOOL", "NULL" -> 1;
            case "SS" -> sum(v, e -> utf8(e.asText()));
            case "NS" -> sum(v, e -> number(e.asText()));
            case "BS" -> sum(v, e -> Base64.getDecoder().decode(e.asText()).length);
            case "L" -> CONTAINER_OVERHEAD + sum(v, e -> 1 + valueSize(e));
            case "M" -> {
                int s = CONTAINER_OVERHEAD;
                for (Map.Entry<String, JsonNode> e : v.properties()) {
                    s += 1 + utf8(e.getKey()) + valueSize(e.getValue());
                }
                yield s;
            }
            default -> 0;
        };
    }

    private static int sum(JsonNode array, ToIntFunction<JsonNode> each) {
        int s = 0;
        for (JsonNode e : array) {
            s += each.applyAsInt(e);
        }
        return s;
    }

    private static int number(String n) {
        String digits = new BigDecimal(n).unscaledValue().abs().toString().replaceAll("0+$", "");
        return ((digits.isEmpty() ? 1 : digits.length()) + 1) / 2 + 1;
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    // ---- keys and copies ----

    /** An item's copy in an index (all of it, or its keys and included attributes); null when it is not in it. */
    static ObjectNode copy(IndexLag.TableShape table, IndexLag.IndexShape index, ObjectNode image) {
        if (image == null || !image.has(index.hashKey()) || index.rangeKey() != null && !image.has(index.rangeKey())) {
            return null;
        }
        if (index.projection().equals("ALL")) {
            return image;
        }
        Set<String> kept = new HashSet<>(index.projection().equals("INCLUDE") ? index.nonKeyAttributes() : Set.of());
        for (String key : new String[] {table.hashKey(), table.rangeKey(), index.hashKey(), index.rangeKey()}) {
            if (key != null) {
                kept.add(key);
            }
        }
        return image.deepCopy().retain(kept);
    }

    /** The partition key value of an item or key: its string, number or base64 binary as sent. */
    static String partitionOf(JsonNode item, String hashKey) {
        return scalar(item.get(hashKey));
    }

    private static String scalar(JsonNode typed) {
        if (typed == null || !typed.isObject() || typed.isEmpty()) {
            return "?";
        }
        return typed.properties().iterator().next().getValue().asText();
    }

    /** The keys of a transaction's ConditionChecks, for their read units. */
    static List<JsonNode[]> conditionChecks(ObjectNode request) {
        List<JsonNode[]> checks = new ArrayList<>();
        for (JsonNode action : request.path("TransactItems")) {
            JsonNode check = action.get("ConditionCheck");
            if (check != null) {
                checks.add(new JsonNode[] {check.path("TableName"), check.get("Key")});
            }
        }
        return checks;
    }
}
