package dev.trident.explorer.rest;

import dev.trident.explorer.service.ExplorerService;
import dev.trident.explorer.service.ExplorerViews.CollectionPage;
import dev.trident.explorer.service.ExplorerViews.EntityKinds;
import dev.trident.explorer.service.ExplorerViews.EntityOverview;
import dev.trident.explorer.service.ExplorerViews.PartitionEntries;
import dev.trident.explorer.service.ExplorerViews.PartitionPage;
import dev.trident.explorer.service.WorkbenchModel;
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
import jakarta.ws.rs.core.Response;
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
    public Uni<CollectionPage> items(@PathParam("entity") String entity, @PathParam("id") String id,
            @PathParam("view") String view, @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        // The grade rule of enrollment-service: admin is not registrar. Instructors see their courses' grades there.
        return explorer.items(entity, id, view, PageRequest.of(limit, cursor), seesGrades());
    }

    /** The partitions to open without an id, and the key templates of every other kind of partition. */
    @GET
    @Path("/partitions")
    public PartitionEntries partitions() {
        return new PartitionEntries(explorer.partitionEntries());
    }

    /** Any partition of the table ({@code index=table}) or of GSI1/GSI2, by its key: one page, in key order. */
    @GET
    @Path("/partition")
    public Uni<PartitionPage> partition(@QueryParam("index") String index, @QueryParam("pk") String pk,
            @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return explorer.partition(index, pk, PageRequest.of(limit, cursor), seesGrades());
    }

    /**
     * The model as a NoSQL Workbench data-model file: the table, its indexes, a facet per entity type, sample items.
     */
    @GET
    @Path("/model/nosql-workbench")
    public Response workbenchModel() {
        return Response.ok(WorkbenchModel.of(explorer.tableName()))
                .header("Content-Disposition", "attachment; filename=\"trident-nosql-workbench.json\"")
                .build();
    }

    private boolean seesGrades() {
        return Caller.of(token).hasRole(Caller.REGISTRAR);
    }
}
