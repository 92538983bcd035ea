package dev.trident.enrollment.rest;

import dev.trident.enrollment.repository.EnrollmentRepository;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

@Path("/students")
@Produces(MediaType.APPLICATION_JSON)
public class StudentResource {

    private final EnrollmentRepository repository;

    StudentResource(EnrollmentRepository repository) {
        this.repository = repository;
    }

    @GET
    @Path("/{studentId}")
    public Uni<Map<String, Object>> get(@PathParam("studentId") String studentId) {
        return repository.getStudent(studentId)
                .onItem().ifNull().failWith(() -> ProblemException.notFound("student " + studentId + " does not exist"))
                .map(item -> Map.of("studentId", studentId));
    }
}
