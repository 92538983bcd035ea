package dev.trident.support;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.support.http.ETags;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.validation.ValidId;
import io.quarkus.security.Authenticated;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.eclipse.microprofile.jwt.JsonWebToken;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/** A test-only resource that provokes each kind of failure the shared mappers must render. */
@Path("/probe")
@Produces(MediaType.APPLICATION_JSON)
public class ProbeResource {

    public enum Colour { RED, BLUE }

    private final JsonWebToken caller;

    ProbeResource(JsonWebToken caller) {
        this.caller = caller;
    }

    public record Body(@NotBlank String title, @NotNull @Min(0) Integer credits, Colour colour) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Map<String, Object> post(@Valid @NotNull Body body) {
        return Map.of("title", body.title());
    }

    public record Ids(@NotNull List<@NotNull @ValidId(optional = true) String> ids) {
    }

    @POST
    @Path("/ids")
    @Consumes(MediaType.APPLICATION_JSON)
    public Map<String, Object> ids(@Valid @NotNull Ids body) {
        return Map.of("ids", body.ids());
    }

    @GET
    @Path("/ids/{id}")
    public Map<String, String> id(@PathParam("id") @ValidId String id) {
        return Map.of("id", id);
    }

    @GET
    @Path("/keys/{id}")
    public Map<String, String> key(@PathParam("id") String id) {
        return Map.of("pk", EnrollmentKeys.student(id).pk());
    }

    @GET
    @Path("/page")
    public Map<String, Object> page(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return Map.of("limit", PageRequest.of(limit, cursor).limit());
    }

    @GET
    @Path("/if-match")
    public Map<String, Object> ifMatch(@HeaderParam("If-Match") String ifMatch) {
        Long version = ETags.requiredVersion(ifMatch);
        return Map.of("version", version == null ? "any" : version);
    }

    @GET
    @Path("/throttled")
    public Map<String, Object> throttled() {
        throw new CompletionException(ProvisionedThroughputExceededException.builder().message("slow down").build());
    }

    @GET
    @Path("/conflict")
    public Map<String, Object> conflict() {
        throw ProblemException.conflict("already there");
    }

    @GET
    @Path("/bug")
    public Map<String, Object> bug() {
        throw new IllegalStateException("internal detail that must not leak");
    }

    @GET
    @Path("/registrar")
    @RolesAllowed("registrar")
    public Map<String, Object> registrar() {
        return Map.of("sub", caller.getSubject());
    }

    @GET
    @Path("/caller")
    @Authenticated
    public Map<String, Object> authenticatedCaller() {
        return Map.of("sub", caller.getSubject());
    }

    @GET
    @Path("/open")
    @PermitAll
    public Map<String, Object> open() {
        return Map.of("open", true);
    }
}
