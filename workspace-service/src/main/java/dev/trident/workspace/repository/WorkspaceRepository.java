package dev.trident.workspace.repository;

import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.TableDefinition;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every access pattern of the workspace domain, one method each. */
@ApplicationScoped
public class WorkspaceRepository {

    private final DynamoDbAsyncClient dynamo;
    private final String table;

    WorkspaceRepository(DynamoDbAsyncClient dynamo, TableDefinition table) {
        this.dynamo = dynamo;
        this.table = table.tableName();
    }

    /** Workspace: one GetItem. Emits null when absent. */
    public Uni<Map<String, AttributeValue>> getWorkspace(String id) {
        return Uni.createFrom().completionStage(() -> dynamo.getItem(r -> r.tableName(table)
                        .key(WorkspaceKeys.workspace(id).toAttributes())))
                .map(response -> response.hasItem() ? response.item() : null);
    }
}
