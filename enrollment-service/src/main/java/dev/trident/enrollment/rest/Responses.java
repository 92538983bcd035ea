package dev.trident.enrollment.rest;

import dev.trident.support.http.ETags;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/** Single-item answers: the entity with its ETag, created (201 + Location) or not. */
final class Responses {

    private Responses() {
    }

    static Response ok(Object entity, long version) {
        return Response.ok(entity).header(HttpHeaders.ETAG, ETags.of(version)).build();
    }

    static Response createdOrOk(boolean created, String location, Object entity, long version) {
        Response.ResponseBuilder builder = created ? Response.created(URI.create(location)) : Response.ok();
        return builder.entity(entity).header(HttpHeaders.ETAG, ETags.of(version)).build();
    }
}
