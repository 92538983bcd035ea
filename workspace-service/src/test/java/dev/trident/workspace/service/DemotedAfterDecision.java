package dev.trident.workspace.service;

import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.security.Caller;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.repository.WorkspaceRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The caller's membership as the service reads it, after which the caller's edge is re-roled (or deleted) in the
 * table when a test asked for it: the decision is made on the role read, the write meets the role stored, which is
 * the race of a demotion landing between the two, made certain. A singleton: the class it stands in for has no
 * constructor a client proxy could use.
 */
@Alternative
@Singleton
public class DemotedAfterDecision extends CallerMembership {

    private static final Map<String, MemberRole> DEMOTIONS = new ConcurrentHashMap<>();
    /** A demotion to no role at all: the caller's edge is deleted. */
    private static final String REMOVED = "removed";
    private static final Map<String, String> REMOVALS = new ConcurrentHashMap<>();

    private final DynamoDbAsyncClient dynamo;
    private final TableDefinition table;

    @Inject
    DemotedAfterDecision(WorkspaceRepository workspaces, DynamoDbAsyncClient dynamo, TableDefinition table) {
        super(workspaces);
        this.dynamo = dynamo;
        this.table = table;
    }

    /** The next manager decision of {@code userId} in {@code wsId} is followed by their edge taking {@code role}. */
    public static void demoteAfterNextDecision(String wsId, String userId, MemberRole role) {
        DEMOTIONS.put(wsId + "/" + userId, role);
    }

    /** The next manager decision of {@code userId} in {@code wsId} is followed by their edge's deletion. */
    public static void removeAfterNextDecision(String wsId, String userId) {
        REMOVALS.put(wsId + "/" + userId, REMOVED);
    }

    @Override
    Uni<Access> manager(Caller caller, String wsId) {
        String key = wsId + "/" + caller.userId();
        return super.manager(caller, wsId).call(() -> {
            MemberRole role = DEMOTIONS.remove(key);
            if (role != null) {
                return Uni.createFrom().completionStage(() -> dynamo.updateItem(r -> r.tableName(table.tableName())
                        .key(WorkspaceKeys.member(wsId, caller.userId()).toAttributes())
                        .updateExpression("SET #role = :role")
                        .expressionAttributeNames(Map.of("#role", "role"))
                        .expressionAttributeValues(Map.of(":role", AttributeValue.fromS(role.value())))));
            }
            if (REMOVALS.remove(key) != null) {
                return Uni.createFrom().completionStage(() -> dynamo.deleteItem(r -> r.tableName(table.tableName())
                        .key(WorkspaceKeys.member(wsId, caller.userId()).toAttributes())));
            }
            return Uni.createFrom().voidItem();
        });
    }
}
