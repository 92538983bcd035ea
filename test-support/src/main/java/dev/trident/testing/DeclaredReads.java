package dev.trident.testing;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.TableSchema;
import dev.trident.keys.pattern.CollectionReads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The run-time half of keeping the access pattern catalogues true: in a service's tests, a read made under one of
 * the service's declared patterns must hit one of the collections the declaration names, or
 * {@link DynamoDbCallRecorder} refuses the request (as it refuses a Scan), naming what to declare. A pattern made
 * outside the catalogues is the explorer's PatternCataloguesTest's to find (it reads the sources); reads without a
 * pattern are a test's own look at the table.
 */
final class DeclaredReads {

    /** The name service-support's AccessPattern gives its execution attribute (a reloaded class adds "#N"). */
    private static final String PATTERN_ATTRIBUTE = "trident.access-pattern";
    private static final Pattern EQUALS = Pattern.compile("(#?\\w+)\\s*=\\s*(:\\w+)");

    private DeclaredReads() {
    }

    /** The refusal of a read its service's catalogue does not declare; empty when it does (or does not apply). */
    static Optional<String> refusal(String service, SdkRequest request, ExecutionAttributes attributes) {
        if (service == null || !CollectionReads.SERVICES.contains(service)) {
            return Optional.empty();
        }
        String name = patternName(attributes);
        AccessPattern pattern = name == null ? null : CollectionReads.declared(service, name);
        if (pattern == null) {
            return Optional.empty();
        }
        for (String[] partition : partitions(request)) {
            Optional<ItemCollection> collection = ItemCollection.classify(partition[0], partition[1]);
            if (collection.isEmpty() || !pattern.collections().contains(collection.get())) {
                return Optional.of(service + " read " + (partition[0] == null ? "" : partition[0] + " ")
                        + partition[1] + " (" + collection.map(ItemCollection::name).orElse("no known collection")
                        + ") under access pattern " + name + ", which its catalogue in common-keys declares "
                        + (pattern.collections().isEmpty() ? "as reading no collection"
                                : "only for " + pattern.collections())
                        + ": declare the read there (the explorer shows it)");
            }
        }
        return Optional.empty();
    }

    private static String patternName(ExecutionAttributes attributes) {
        for (Map.Entry<ExecutionAttribute<?>, Object> e : attributes.getAttributes().entrySet()) {
            String name = e.getKey().toString();
            if ((name.equals(PATTERN_ATTRIBUTE) || name.startsWith(PATTERN_ATTRIBUTE + "#"))
                    && e.getValue() instanceof String value) {
                return value;
            }
        }
        return null;
    }

    /** The (index or null, partition key value) pairs a read request reads. */
    static List<String[]> partitions(SdkRequest request) {
        List<String[]> out = new ArrayList<>();
        if (request instanceof GetItemRequest get) {
            addKey(out, get.key());
        } else if (request instanceof BatchGetItemRequest batch) {
            for (KeysAndAttributes keys : batch.requestItems().values()) {
                keys.keys().forEach(key -> addKey(out, key));
            }
        } else if (request instanceof QueryRequest query) {
            String index = query.indexName();
            String pkAttribute = index == null ? TableSchema.PK : TableSchema.partitionKeyOf(index);
            String expression = query.keyConditionExpression();
            if (expression != null) {
                Matcher m = EQUALS.matcher(expression);
                while (m.find()) {
                    String name = m.group(1).startsWith("#") && query.hasExpressionAttributeNames()
                            ? query.expressionAttributeNames().get(m.group(1)) : m.group(1);
                    AttributeValue value = query.hasExpressionAttributeValues()
                            ? query.expressionAttributeValues().get(m.group(2)) : null;
                    if (pkAttribute.equals(name) && value != null && value.s() != null) {
                        out.add(new String[] {index, value.s()});
                    }
                }
            }
        }
        return out;
    }

    private static void addKey(List<String[]> out, Map<String, AttributeValue> key) {
        AttributeValue pk = key == null ? null : key.get(TableSchema.PK);
        if (pk != null && pk.s() != null) {
            out.add(new String[] {null, pk.s()});
        }
    }
}
