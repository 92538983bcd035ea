package dev.trident.reference;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.Produces;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The reference's one route: GetItem by key, answered as JSON. It exists so that the DynamoDB client is built. */
@Path("/items/{pk}")
public class ItemResource {

    public record Item(String pk, boolean found) {
    }

    private final DynamoDbAsyncClient dynamo;
    private final String table;

    ItemResource(DynamoDbAsyncClient dynamo, @ConfigProperty(name = "reference.table", defaultValue = "trident") String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Item> get(@PathParam("pk") String pk) {
        return Uni.createFrom().completionStage(() -> dynamo.getItem(r -> r.tableName(table)
                        .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("PROFILE")))))
                .map(response -> new Item(pk, response.hasItem()));
    }
}
