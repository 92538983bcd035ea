package dev.trident.enrollment.rest;

import dev.trident.enrollment.model.Student;
import dev.trident.enrollment.model.StudentWithCourses;
import dev.trident.enrollment.service.StudentDeletion;
import dev.trident.enrollment.service.StudentService;
import dev.trident.support.http.DeletionPending;
import dev.trident.support.http.ETags;
import dev.trident.support.http.Responses;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.support.validation.ValidId;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/students")
@Tag(name = "students")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = EnrollmentApplication.BEARER)
public class StudentResource {

    static final String INCLUDE_COURSES = "courses";

    private final StudentService service;
    private final StudentDeletion deletion;
    private final JsonWebToken token;

    StudentResource(StudentService service, StudentDeletion deletion, JsonWebToken token) {
        this.service = service;
        this.deletion = deletion;
        this.token = token;
    }

    @DELETE
    @Path("/{studentId}")
    @Operation(summary = "Delete a student: the profile and every enrolment (each course's enrolledCount goes down); "
            + "If-Match honoured (412)",
            description = "The student themselves or the registrar (403 otherwise). Graded enrolments are academic "
                    + "records only the registrar removes: a student (or a registrar deleting themselves) with a graded "
                    + "enrolment gets a 409 naming the courses, and nothing is deleted; an enrolment graded while such "
                    + "a deletion runs stays, graded. The profile goes first, with a task that finishes the rest: from "
                    + "then on the student is a 404 and the id is reserved (registering it again is a 409 with "
                    + "Retry-After) until every enrolment is gone. With If-Match, only the profile at that version "
                    + "(its ETag) is deleted (412 otherwise; a weak tag never matches).")
    @APIResponse(responseCode = "204", description = "Deleted, with every enrolment")
    @APIResponse(responseCode = "202", description = "Deleted; its enrolments are being removed by its task",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DeletionPending.class)))
    @APIResponse(responseCode = "403", description = "Neither the student themselves nor a registrar")
    @APIResponse(responseCode = "404", description = "No such student")
    @APIResponse(responseCode = "409", description = "The student has graded enrolments (named in the detail) and "
            + "the caller is not a registrar deleting another student")
    public Uni<Response> delete(@PathParam("studentId") @ValidId String studentId,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        Long expectedVersion = ETags.requiredVersion(ifMatch);
        return deletion.deleteStudent(Caller.of(token), studentId, expectedVersion)
                .map(finished -> Responses.deleted(finished, studentId));
    }

    @PUT
    @Path("/{studentId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register a student or replace their profile (201 when created, 200 when replaced)",
            description = "studentId must be an existing social-service user (422 naming studentId otherwise); the "
                    + "student's name is that user's displayName, read on every PUT (sending a name is a 400). "
                    + "social-service unavailable or slow: 503 with Retry-After, nothing written. Only the user "
                    + "themselves (sub = studentId) or the registrar may register a student (403 otherwise).")
    @APIResponse(responseCode = "201", description = "Registered (ETag, Location)",
            content = @Content(schema = @Schema(implementation = Student.class)))
    @APIResponse(responseCode = "200", description = "Profile replaced (ETag)",
            content = @Content(schema = @Schema(implementation = Student.class)))
    @APIResponse(responseCode = "403", description = "Neither the user themselves nor a registrar")
    @APIResponse(responseCode = "409", description = "A deletion of this student is still running: register again after "
            + "Retry-After")
    @APIResponse(responseCode = "422", description = "studentId is no social-service user")
    @APIResponse(responseCode = "502",
            description = "social-service refused the check of the user (a contract break between the services, "
            + "not an outage)")
    public Uni<Response> put(@PathParam("studentId") @ValidId String studentId,
            @Valid @NotNull PutStudentRequest body) {
        return service.putStudent(Caller.of(token), studentId, body.year(), body.major().strip())
                .map(outcome -> Responses.createdOrOk(outcome.created(), Responses.uri("/students/{studentId}",
                        studentId), outcome.value(), outcome.value().version()));
    }

    @GET
    @Path("/{studentId}")
    @Operation(summary = "A student's profile; with include=courses also the first page of their enrollments, "
            + "read together by one Query (continue the list at /students/{studentId}/courses with its cursor)",
            description = "Readable by the student themselves, the registrar and instructors (403 otherwise). With "
                    + "include=courses, grades are shown to the student themselves and the registrar (an instructor "
                    + "sees every grade null), and the answer is not stored (Cache-Control: no-store).")
    @APIResponse(responseCode = "200",
            description = "The student (ETag); with include=courses, the student and a page of their enrollments",
            content = @Content(schema = @Schema(allOf = { Student.class, StudentWithCourses.class },
                    description = "The student's fields; with include=courses only student and courses")))
    @APIResponse(responseCode = "403", description = "Neither the student themselves, a registrar nor an instructor")
    @APIResponse(responseCode = "404", description = "No such student")
    public Uni<Response> get(@PathParam("studentId") @ValidId String studentId,
            @Parameter(description = "'courses' to add the student's enrollments") @QueryParam("include") String include,
            @Parameter(description = "page size of the included list, 1..100 (default 20)") @QueryParam("limit") String limit,
            @Parameter(description = "not accepted here: continue the list at /students/{studentId}/courses")
            @QueryParam("cursor") String cursor) {
        if (include == null || include.isBlank()) {
            return service.student(Caller.of(token), studentId).map(student -> Responses.ok(student, student.version()));
        }
        if (!INCLUDE_COURSES.equals(include)) {
            throw ProblemException.badRequest("include", "must be '" + INCLUDE_COURSES + "'");
        }
        if (cursor != null) {
            throw ProblemException.badRequest("cursor", "continue the list at /students/{studentId}/courses");
        }
        PageRequest page = PageRequest.of(limit, null);
        return service.studentWithCourses(Caller.of(token), studentId, page.limit())
                .map(found -> Responses.notStored(Responses.ok(found, found.student().version())));
    }
}
