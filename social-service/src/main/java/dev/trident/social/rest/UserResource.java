package dev.trident.social.rest;

import dev.trident.social.repository.SocialRepository;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

@Path("/users")
@Produces(MediaType.APPLICATION_JSON)
public class UserResource {

    private final SocialRepository repository;

    UserResource(SocialRepository repository) {
        this.repository = repository;
    }

    @GET
    @Path("/{userId}")
    public Uni<Map<String, Object>> get(@PathParam("userId") String id) {
        return repository.getUser(id)
                .onItem().ifNull().failWith(() -> ProblemException.notFound("user " + id + " does not exist"))
                .map(item -> Map.of("userId", id));
    }
}
