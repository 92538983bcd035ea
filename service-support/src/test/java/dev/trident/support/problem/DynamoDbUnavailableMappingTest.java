package dev.trident.support.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.smallrye.mutiny.CompositeException;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;

/**
 * Every way a stalled, unreachable or throttling DynamoDB fails a call (docs/operations.md "When DynamoDB stalls") is a
 * 503 problem with Retry-After, however the failure is wrapped on its way to the mapper; never a 500.
 */
class DynamoDbUnavailableMappingTest {

    private final ProblemMappers mappers = new ProblemMappers();

    private static final SdkClientException CALL_TIMEOUT = ApiCallTimeoutException.create(1700);
    private static final SdkClientException ATTEMPT_TIMEOUT = ApiCallAttemptTimeoutException.create(700);
    private static final SdkClientException ACQUIRE_TIMEOUT = SdkClientException.create(
            "Unable to execute HTTP request: Acquire operation took longer than the configured maximum time.",
            new TimeoutException("Acquire operation took longer than 700 milliseconds."));
    private static final SdkClientException CONNECT_TIMEOUT = SdkClientException.create(
            "Unable to execute HTTP request: connection timed out: /127.0.0.1:8000",
            new java.net.ConnectException("connection timed out"));
    private static final DynamoDbException THROTTLED = (DynamoDbException) ProvisionedThroughputExceededException
            .builder().message("throttled").statusCode(400).build();
    private static final DynamoDbException THROTTLING_CODE = (DynamoDbException) DynamoDbException.builder()
            .message("rate exceeded").statusCode(400)
            .awsErrorDetails(AwsErrorDetails.builder().errorCode("ThrottlingException").build()).build();
    private static final DynamoDbException REQUEST_LIMIT = (DynamoDbException) RequestLimitExceededException
            .builder().message("limit").statusCode(400).build();
    private static final DynamoDbException SERVER_ERROR = (DynamoDbException) DynamoDbException.builder()
            .message("internal").statusCode(500).build();

    @Test
    void timeoutsOfACallAnAttemptAConnectionOrTheConnectionPoolAre503WithRetryAfter() {
        for (SdkClientException failure : new SdkClientException[] { CALL_TIMEOUT, ATTEMPT_TIMEOUT, ACQUIRE_TIMEOUT,
                CONNECT_TIMEOUT }) {
            assertUnavailable(mappers.sdkClient(failure), failure);
        }
    }

    @Test
    void throttlingAndServerErrorsAre503WithRetryAfter() {
        for (DynamoDbException failure : new DynamoDbException[] { THROTTLED, THROTTLING_CODE, REQUEST_LIMIT,
                SERVER_ERROR }) {
            assertUnavailable(mappers.dynamoDb(failure), failure);
        }
    }

    @Test
    void aFailureWrappedByStagesOrCombinedCallsIsMappedByWhatIsInside() {
        for (Function<Throwable, Response> wrapped : java.util.List.<Function<Throwable, Response>>of(
                e -> mappers.unwrap(new CompletionException(e)),
                e -> mappers.unwrap(new CompletionException(new CompletionException(e))),
                e -> mappers.unwrap(new CompletionException(new ExecutionException(e))),
                e -> mappers.composite(new CompositeException(e, new IllegalStateException("second"))))) {
            assertUnavailable(wrapped.apply(CALL_TIMEOUT), CALL_TIMEOUT);
            assertUnavailable(wrapped.apply(ACQUIRE_TIMEOUT), ACQUIRE_TIMEOUT);
            assertUnavailable(wrapped.apply(THROTTLED), THROTTLED);
        }
    }

    private static void assertUnavailable(Response response, Throwable failure) {
        assertEquals(503, response.getStatus(), failure::toString);
        assertEquals(Problem.MEDIA_TYPE, response.getMediaType().toString(), failure::toString);
        assertNotNull(response.getHeaderString("Retry-After"), failure::toString);
        assertEquals(503, ((Problem) response.getEntity()).status(), failure::toString);
    }
}
