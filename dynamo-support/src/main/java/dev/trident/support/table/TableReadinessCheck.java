package dev.trident.support.table;

import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.support.dynamo.PatternTags;
import dev.trident.support.dynamo.Throttled;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Ready when the shared table serves (ACTIVE, or UPDATING: an UpdateTable keeps every read and write working) with
 * exactly the key schema and indexes the code expects. Each probe asks
 * DynamoDB anew, within {@code trident.table.readiness-timeout} (1 s): a stalled or unreachable DynamoDB is DOWN
 * within that time, with a one-line reason naming the endpoint and the table, and the first probe after it answers
 * again is UP.
 */
@Readiness
@ApplicationScoped
public class TableReadinessCheck implements AsyncHealthCheck {

    private static final String NAME = "dynamodb-table";
    /** A safety net behind the SDK's own timeout, which is the one expected to fire. */
    private static final Duration GRACE = Duration.ofMillis(300);

    private final DynamoDbAsyncClient dynamo;
    private final TableDefinition table;
    private final Duration timeout;
    private final AwsRequestOverrideConfiguration probe;
    private final String endpoint;

    TableReadinessCheck(DynamoDbAsyncClient dynamo, TableDefinition table, TableSettings config) {
        this.dynamo = dynamo;
        this.table = table;
        this.timeout = config.readinessTimeout();
        // One attempt, no SDK retry inside the probe: the next probe is the retry.
        this.probe = PatternTags.build(TableSchema.TABLE_READINESS).toBuilder().apiCallTimeout(timeout)
                .apiCallAttemptTimeout(timeout).build();
        this.endpoint = endpointOf(dynamo);
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return Uni.createFrom().completionStage(() -> dynamo.describeTable(r -> r.tableName(table.tableName())
                        .overrideConfiguration(probe)))
                .map(response -> verdict(table.mismatches(response.table())))
                .ifNoItem().after(timeout.plus(GRACE)).recoverWithItem(() -> down(noAnswer()))
                .onFailure(ResourceNotFoundException.class).recoverWithItem(() -> down("table does not exist"))
                // DynamoDB answered, only not now: throttling is back-pressure, and taking every pod out of service
                // for it would turn a slow moment into an outage.
                .onFailure(f -> Throttled.isThrottling(f instanceof CompletionException && f.getCause() != null
                        ? f.getCause() : f)).recoverWithItem(() -> HealthCheckResponse.named(NAME).up()
                        .withData("table", table.tableName()).withData("note", "DescribeTable was throttled").build())
                .onFailure().recoverWithItem(failure -> down(reason(failure)));
    }

    /** One short line: the SDK's own messages run to a kilobyte and say less. */
    private String reason(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof ApiCallTimeoutException || cause instanceof ApiCallAttemptTimeoutException) {
            // A refused connection is retried by the SDK until the call's time is up: say it was refused.
            Throwable refused = connectFailure(cause, 0);
            return refused == null ? noAnswer() : unreachable(refused);
        }
        if (cause instanceof DynamoDbException dynamoFailure && dynamoFailure.awsErrorDetails() != null) {
            return "DescribeTable of table " + table.tableName() + " at " + endpoint + " failed: "
                    + dynamoFailure.awsErrorDetails().errorCode() + " (HTTP " + dynamoFailure.statusCode() + ")";
        }
        if (cause instanceof SdkClientException) {
            Throwable root = cause;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            Throwable refused = connectFailure(cause, 0);
            return unreachable(refused != null ? refused : root);
        }
        return "DescribeTable of table " + table.tableName() + " at " + endpoint + " failed ("
                + cause.getClass().getSimpleName() + ")";
    }

    private String unreachable(Throwable root) {
        return "DynamoDB at " + endpoint + " cannot be reached for table " + table.tableName() + " ("
                + root.getClass().getSimpleName() + ")";
    }

    /** A failure to connect among the causes and the earlier attempts the SDK attached (suppressed), if any. */
    private static Throwable connectFailure(Throwable failure, int depth) {
        if (failure == null || depth > 8) {
            return null;
        }
        if (failure instanceof java.net.ConnectException || failure instanceof java.net.UnknownHostException
                || failure instanceof java.nio.channels.UnresolvedAddressException) {
            return failure;
        }
        for (Throwable attempt : failure.getSuppressed()) {
            Throwable found = connectFailure(attempt, depth + 1);
            if (found != null) {
                return found;
            }
        }
        return failure.getCause() == failure ? null : connectFailure(failure.getCause(), depth + 1);
    }

    private String noAnswer() {
        return "DynamoDB at " + endpoint + " did not answer within " + timeout.toMillis() + " ms for table "
                + table.tableName();
    }

    /** The endpoint override (DynamoDB Local) or the region of the regional endpoint. */
    private static String endpointOf(DynamoDbAsyncClient dynamo) {
        var configuration = dynamo.serviceClientConfiguration();
        return configuration.endpointOverride().map(Object::toString)
                .orElseGet(() -> "region " + configuration.region());
    }

    private HealthCheckResponse verdict(List<String> mismatches) {
        return mismatches.isEmpty()
                ? HealthCheckResponse.named(NAME).up().withData("table", table.tableName()).build()
                : down(String.join("; ", mismatches));
    }

    private HealthCheckResponse down(String reason) {
        return HealthCheckResponse.named(NAME).down()
                .withData("table", table.tableName())
                .withData("reason", reason)
                .build();
    }
}
