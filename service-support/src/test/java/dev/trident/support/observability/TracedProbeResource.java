package dev.trident.support.observability;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.TableDefinition;
import dev.trident.support.dynamo.PatternTags;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Test-only routes that each send one GetItem under an access pattern of their own, so each has its own meters; and
 * one that describes the request's own span.
 */
@Path("/traced-probe")
@PermitAll
public class TracedProbeResource {

    static final Map<String, AccessPattern> PATTERNS = Map.of(
            "one", AccessPattern.named("traced-probe-one"),
            "two", AccessPattern.named("traced-probe-two"),
            "three", AccessPattern.named("traced-probe-three"));

    private final DynamoDbAsyncClient dynamo;
    private final TableDefinition table;

    TracedProbeResource(DynamoDbAsyncClient dynamo, TableDefinition table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    @GET
    @Path("/{which}")
    public Uni<String> read(@PathParam("which") String which) {
        AccessPattern pattern = PATTERNS.get(which);
        return Uni.createFrom().completionStage(() -> dynamo.getItem(r -> r.tableName(table.tableName())
                        .key(Map.of("PK", AttributeValue.fromS("PROBE#" + which), "SK", AttributeValue.fromS("PROBE")))
                        .returnConsumedCapacity("TOTAL")
                        .overrideConfiguration(PatternTags.build(pattern))))
                .map(response -> response.hasItem() ? "found" : "absent");
    }

    /** The request's span as the code serving it sees it: {@code <trace id> recording|not-recording}. */
    @GET
    @Path("/current-span")
    public String currentSpan() {
        Span span = Span.current();
        SpanContext context = span.getSpanContext();
        return (context.isValid() ? context.getTraceId() : "invalid") + " "
                + (span.isRecording() ? "recording" : "not-recording");
    }
}
