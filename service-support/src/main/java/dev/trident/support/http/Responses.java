package dev.trident.support.http;

import dev.trident.support.problem.RetryAfter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;

/** The shapes of single-item answers: the entity with the ETag of its version, created (201 + Location) or not. */
public final class Responses {

    /**
     * Cache-Control of an answer private to its caller (grades, who takes what): kept by no browser or shared cache.
     */
    public static final String NO_STORE = "no-store";

    private Responses() {
    }

    public static Response ok(Object entity, long version) {
        return Response.ok(entity).header(HttpHeaders.ETAG, ETags.of(version)).build();
    }

    public static Response created(URI location, Object entity, long version) {
        return Response.created(location).entity(entity).header(HttpHeaders.ETAG, ETags.of(version)).build();
    }

    /** 201 with Location when this request created the item, 200 when it was already there (an idempotent PUT). */
    public static Response createdOrOk(boolean created, URI location, Object entity, long version) {
        return created ? created(location, entity, version) : ok(entity, version);
    }

    /**
     * The answer to a DELETE whose deletion runs on in a pending-work task: 204 when the request finished it, 202
     * with a {@link DeletionPending} when the rest is left to the task (the id stays reserved until then).
     */
    public static Response deleted(boolean finished, String id) {
        return finished ? Response.noContent().build()
                : Response.accepted(new DeletionPending(id, DeletionPending.DELETING,
                        RetryAfter.DELETION.seconds())).build();
    }

    /** The same answer with {@code Cache-Control: no-store} ({@link #NO_STORE}). */
    public static Response notStored(Response response) {
        response.getHeaders().putSingle(HttpHeaders.CACHE_CONTROL, NO_STORE);
        return response;
    }

    /** A path with its template filled in, each value encoded as a path segment. */
    public static URI uri(String template, Object... values) {
        return UriBuilder.fromPath(template).build(values);
    }
}
