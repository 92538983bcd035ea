package dev.trident.explorer.rest;

import dev.trident.explorer.rest.ExplorerViews.EntityKinds;
import dev.trident.explorer.rest.ExplorerViews.EntityOverview;
import dev.trident.explorer.rest.ExplorerViews.ItemRow;
import dev.trident.explorer.service.ExplorerService;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The explorer's API, for the platform role {@code admin} only: the entity types it opens, an entity's collections
 * (with the routes that read each) and one page of one collection. The page under {@code /} is static and open; it
 * sends the token as {@code Authorization: Bearer} on these routes and nowhere else.
 */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Caller.ADMIN)
public class ExplorerResource {

    private final ExplorerService explorer;
    private final JsonWebToken token;

    ExplorerResource(ExplorerService explorer, JsonWebToken token) {
        this.explorer = explorer;
        this.token = token;
    }

    @GET
    @Path("/entities")
    public EntityKinds kinds() {
        return new EntityKinds(explorer.kinds());
    }

    @GET
    @Path("/entities/{entity}/{id}")
    public Uni<EntityOverview> overview(@PathParam("entity") String entity, @PathParam("id") String id) {
        return explorer.overview(entity, id);
    }

    @GET
    @Path("/entities/{entity}/{id}/collections/{view}")
    public Uni<Page<ItemRow>> items(@PathParam("entity") String entity, @PathParam("id") String id,
            @PathParam("view") String view, @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        // The grade rule of enrollment-service: admin is not registrar. Instructors see their courses' grades there.
        return explorer.items(entity, id, view, PageRequest.of(limit, cursor),
                Caller.of(token).hasRole(Caller.REGISTRAR));
    }
}
