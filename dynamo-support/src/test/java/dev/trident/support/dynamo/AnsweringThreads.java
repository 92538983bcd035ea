package dev.trident.support.dynamo;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * Notes the thread on which DynamoDB's answer to a probe's GetItem arrives: the event loop of the connection that
 * carried it (the SDK calls {@code afterTransmission} as the response headers are read, on that loop).
 */
public class AnsweringThreads implements ExecutionInterceptor {

    static final String PROBE_PREFIX = "PROBE#event-loop#";
    private static final Map<String, String> BY_PARTITION_KEY = new ConcurrentHashMap<>();

    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        if (context.request() instanceof GetItemRequest get) {
            AttributeValue pk = get.key().get("PK");
            if (pk != null && pk.s() != null && pk.s().startsWith(PROBE_PREFIX)) {
                BY_PARTITION_KEY.put(pk.s(), Thread.currentThread().getName());
            }
        }
    }

    /** The thread the answer to the probe GetItem of {@code partitionKey} arrived on. */
    static String of(String partitionKey) {
        return BY_PARTITION_KEY.get(partitionKey);
    }
}
