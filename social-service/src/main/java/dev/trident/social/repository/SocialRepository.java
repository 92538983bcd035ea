package dev.trident.social.repository;

import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every access pattern of the social domain, one method each. */
@ApplicationScoped
public class SocialRepository {

    private final DynamoDbAsyncClient dynamo;
    private final String table;

    SocialRepository(DynamoDbAsyncClient dynamo, TableDefinition table) {
        this.dynamo = dynamo;
        this.table = table.tableName();
    }

    /** User: one GetItem. Emits null when absent. */
    public Uni<Map<String, AttributeValue>> getUser(String id) {
        return Uni.createFrom().completionStage(() -> dynamo.getItem(r -> r.tableName(table)
                        .key(SocialKeys.userProfile(id).toAttributes())))
                .map(response -> response.hasItem() ? response.item() : null);
    }
}
