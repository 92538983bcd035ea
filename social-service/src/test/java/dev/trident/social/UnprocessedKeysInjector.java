package dev.trident.social;

import dev.trident.keys.TableSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Fault injection at the SDK boundary: DynamoDB Local rarely answers a BatchGetItem with UnprocessedKeys, so
 * when armed this moves half of a response's items back into UnprocessedKeys, as a throttled table would.
 * Inert unless a test arms it.
 */
public class UnprocessedKeysInjector implements ExecutionInterceptor {

    private static final AtomicInteger REMAINING = new AtomicInteger();
    private static volatile boolean dropEverything;

    /** The next {@code responses} BatchGetItem responses lose half their items to UnprocessedKeys. */
    public static void arm(int responses) {
        dropEverything = false;
        REMAINING.set(responses);
    }

    /** Every BatchGetItem response loses all its items to UnprocessedKeys, as a table throttled for long would. */
    public static void armForever() {
        dropEverything = true;
        REMAINING.set(Integer.MAX_VALUE);
    }

    public static void disarm() {
        REMAINING.set(0);
        dropEverything = false;
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        if (!(context.response() instanceof BatchGetItemResponse response) || REMAINING.getAndDecrement() <= 0) {
            return context.response();
        }
        Map<String, List<Map<String, AttributeValue>>> kept = new HashMap<>();
        Map<String, KeysAndAttributes> unprocessed = new HashMap<>(response.unprocessedKeys());
        response.responses().forEach((table, items) -> {
            List<Map<String, AttributeValue>> keep = new ArrayList<>();
            List<Map<String, AttributeValue>> drop = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                (!dropEverything && i % 2 == 0 ? keep : drop).add(items.get(i));
            }
            kept.put(table, keep);
            if (!drop.isEmpty()) {
                List<Map<String, AttributeValue>> keys = drop.stream()
                        .map(item -> Map.of(TableSchema.PK, item.get(TableSchema.PK), TableSchema.SK, item.get(TableSchema.SK))).toList();
                unprocessed.put(table, KeysAndAttributes.builder().keys(keys).build());
            }
        });
        return response.toBuilder().responses(kept).unprocessedKeys(unprocessed).build();
    }
}
