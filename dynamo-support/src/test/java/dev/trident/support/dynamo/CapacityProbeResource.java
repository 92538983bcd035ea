package dev.trident.support.dynamo;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.TableSchema;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Test-only route that puts one item held by GSI1 under its own write pattern, through {@link DynamoTable}. */
@Path("/capacity-probe")
public class CapacityProbeResource {

    static final AccessPattern PATTERN = AccessPattern.named("capacity-probe-put");

    private final DynamoTable table;

    CapacityProbeResource(DynamoTable table) {
        this.table = table;
    }

    @POST
    @Path("/{id}")
    public Uni<String> put(@PathParam("id") String id) {
        Map<String, AttributeValue> item = Map.of(
                TableSchema.PK, AttributeValue.fromS("PROBE#capacity-" + id),
                TableSchema.SK, AttributeValue.fromS("PROBE"),
                TableSchema.GSI1PK, AttributeValue.fromS("PROBE#capacity-index-" + id),
                TableSchema.GSI1SK, AttributeValue.fromS("PROBE"));
        return table.put(PATTERN, "capacity-probe", item, null).replaceWith("put");
    }
}
