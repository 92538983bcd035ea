package dev.trident.support.table;

import dev.trident.keys.TableDefinition;
import dev.trident.support.dynamo.AccessPattern;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** Ready when the shared table is ACTIVE with exactly the key schema and indexes the code expects. */
@Readiness
@ApplicationScoped
public class TableReadinessCheck implements AsyncHealthCheck {

    private static final String NAME = "dynamodb-table";
    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final AccessPattern READINESS = AccessPattern.named("table-readiness");

    private final DynamoDbAsyncClient dynamo;
    private final TableDefinition table;

    TableReadinessCheck(DynamoDbAsyncClient dynamo, TableDefinition table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return Uni.createFrom().completionStage(() -> dynamo.describeTable(r -> r.tableName(table.tableName())
                        .overrideConfiguration(READINESS.tag())))
                .map(response -> verdict(table.mismatches(response.table())))
                .ifNoItem().after(TIMEOUT).recoverWithItem(() -> down("DescribeTable did not answer within " + TIMEOUT))
                .onFailure(ResourceNotFoundException.class).recoverWithItem(() -> down("table does not exist"))
                .onFailure().recoverWithItem(failure -> down("DescribeTable failed: " + failure.getMessage()));
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
