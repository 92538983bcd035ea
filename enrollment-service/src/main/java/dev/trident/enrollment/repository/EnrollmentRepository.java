package dev.trident.enrollment.repository;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.TableDefinition;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every access pattern of the enrollment domain, one method each. */
@ApplicationScoped
public class EnrollmentRepository {

    private final DynamoDbAsyncClient dynamo;
    private final String table;

    EnrollmentRepository(DynamoDbAsyncClient dynamo, TableDefinition table) {
        this.dynamo = dynamo;
        this.table = table.tableName();
    }

    /** Student profile: GetItem {@code STU#<id>/PROFILE}. Emits null when absent. */
    public Uni<Map<String, AttributeValue>> getStudent(String studentId) {
        return Uni.createFrom().completionStage(() -> dynamo.getItem(r -> r.tableName(table)
                        .key(EnrollmentKeys.student(studentId).toAttributes())))
                .map(response -> response.hasItem() ? response.item() : null);
    }
}
