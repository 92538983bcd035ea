package dev.trident.support.http;

import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of a 202 to a DELETE: the item is gone for every reader, the rest of its items are being removed by its
 * pending-work task, and its id cannot be created again before that is done (a create meanwhile is a 409 with
 * Retry-After). It leaves as a {@code Response} entity, which the native build cannot see in a resource signature:
 * registered for reflection here, once for every service.
 */
@RegisterForReflection
@Schema(description = "A deletion accepted and still removing the rest of the item's data",
        example = "{\"id\": \"acme\", \"status\": \"DELETING\", \"retryAfterSeconds\": 2}")
public record DeletionPending(String id, String status, int retryAfterSeconds) {

    public static final String DELETING = "DELETING";
}
