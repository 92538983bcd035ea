package dev.trident.social.rest;

import dev.trident.support.http.ETags;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;

/** The shapes of single-item answers: 200/201 with the ETag from the item's version. */
final class Responses {

    private Responses() {
    }

    static Response ok(Object entity, long version) {
        return Response.ok(entity).header("ETag", ETags.of(version)).build();
    }

    static Response created(URI location, Object entity, long version) {
        return Response.created(location).entity(entity).header("ETag", ETags.of(version)).build();
    }

    static URI uri(String template, Object... values) {
        return UriBuilder.fromPath(template).build(values);
    }
}
