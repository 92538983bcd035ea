package dev.trident.support.client;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/**
 * The one kind of route a Trident service reads from a peer: {@code GET <collection>/{id}} as the caller. A peer's
 * REST client interface extends it, naming the collection ({@code @Path}), the peer's client config key, its guard
 * ({@code @ApplyGuard}, {@link PeerGuards}) and {@link RejectedByDependencyMapper}.
 */
public interface PeerResource<T> {

    /**
     * The entity {@code id}; a 4xx (404: none the caller may see) fails with {@link RejectedByDependency}.
     * {@code authorization} is the caller's own header, passed on so the peer applies its rules to the same caller
     * (an explicit parameter rather than header propagation, because retries run on other threads).
     */
    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    Uni<T> get(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization);
}
