package dev.trident.support.observability;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Without a trace exporter (the default build) a request's spans are not recorded unless its caller sampled it, yet
 * every request still has a trace id of its own for its log lines and its calls to other services.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class UnexportedSpansTest {

    private static final String CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    @Inject
    DynamoDbAsyncClient dynamo;

    @Test
    void aRequestWithoutTraceparentHasATraceIdButIsNotRecorded() {
        String first = currentSpan(null);
        String second = currentSpan(null);
        assertTrue(first.matches("[0-9a-f]{32} not-recording"), first);
        assertTrue(second.matches("[0-9a-f]{32} not-recording"), second);
        assertNotEquals(first, second, "each request has a trace of its own");
    }

    @Test
    void aRequestItsCallerSampledIsRecordedInTheCallersTrace() {
        assertEquals(CALLER_TRACE + " recording", currentSpan("00-" + CALLER_TRACE + "-00f067aa0ba902b7-01"));
    }

    @Test
    void aRequestItsCallerDidNotSampleStaysInTheCallersTraceUnrecorded() {
        assertEquals(CALLER_TRACE + " not-recording", currentSpan("00-" + CALLER_TRACE + "-00f067aa0ba902b7-00"));
    }

    /** RequestTraceContextTest proves the converse: built with an exporter, each DynamoDB call has its client span. */
    @Test
    void theDynamoDbClientHasNoTracingInterceptorWithoutAnExporter() {
        var interceptors = dynamo.serviceClientConfiguration().overrideConfiguration().executionInterceptors();
        assertTrue(interceptors.stream().noneMatch(i -> i.getClass().getName().startsWith("io.opentelemetry.")),
                interceptors.toString());
    }

    private static String currentSpan(String traceparent) {
        var request = given();
        if (traceparent != null) {
            request = request.header("traceparent", traceparent);
        }
        return request.get("/traced-probe/current-span").then().statusCode(200).extract().asString();
    }
}
