package dev.trident.enrollment.rest;

import dev.trident.support.http.ETags;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/** Single-item answers: the entity with its ETag, created (201 + Location) or not. */
final class Responses {

    /**
     * For answers that carry enrolments (and so grades, or the fact that someone takes a course): private to the
     * caller, never kept by a browser or a shared cache. On the list routes it is set by {@code @ResponseHeader}.
     */
    static final String NO_STORE = "no-store";

    private Responses() {
    }

    static Response ok(Object entity, long version) {
        return Response.ok(entity).header(HttpHeaders.ETAG, ETags.of(version)).build();
    }

    /** {@link #ok} for an answer that carries enrolments: not stored. */
    static Response okNotStored(Object entity, long version) {
        return Response.ok(entity).header(HttpHeaders.ETAG, ETags.of(version))
                .header(HttpHeaders.CACHE_CONTROL, NO_STORE).build();
    }

    static Response createdOrOk(boolean created, String location, Object entity, long version) {
        Response.ResponseBuilder builder = created ? Response.created(URI.create(location)) : Response.ok();
        return builder.entity(entity).header(HttpHeaders.ETAG, ETags.of(version)).build();
    }

    /** A new enrolment: 201 with its Location and ETag, not stored. */
    static Response createdNotStored(String location, Object entity, long version) {
        return Response.created(URI.create(location)).entity(entity).header(HttpHeaders.ETAG, ETags.of(version))
                .header(HttpHeaders.CACHE_CONTROL, NO_STORE).build();
    }
}
