package dev.trident.enrollment.rest;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.CourseWithStudents;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.service.CourseDeletion;
import dev.trident.enrollment.service.CourseService;
import dev.trident.support.http.DeletionPending;
import dev.trident.support.http.ETags;
import dev.trident.support.http.Responses;
import dev.trident.support.paging.Page;
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
import org.jboss.resteasy.reactive.ResponseHeader;

@Path("/courses")
@Tag(name = "courses")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = EnrollmentApplication.BEARER)
public class CourseResource {

    static final String INCLUDE_STUDENTS = "students";
    private static final String GRADES_ON_ROSTER = " Grades: the registrar and the course's instructors (its "
            + "instructorIds) see every grade; anyone else sees only the grade of their own enrolment, every other "
            + "grade is null, and so are the version and updatedAt of every enrolment they may not see the grade of "
            + "(both move when a grade is set). Not stored (Cache-Control: no-store).";
    private static final String EVENTUALLY_CONSISTENT = " Read from the inverted index GSI1, which is eventually "
            + "consistent on DynamoDB: an enrolment or drop may take a moment (usually well under a second) to show.";

    private final CourseService service;
    private final CourseDeletion deletion;
    private final JsonWebToken token;

    CourseResource(CourseService service, CourseDeletion deletion, JsonWebToken token) {
        this.service = service;
        this.deletion = deletion;
        this.token = token;
    }

    @DELETE
    @Path("/{courseId}")
    @Operation(summary = "Delete a course and every enrolment in it (registrar only); If-Match honoured (412)",
            description = "The course goes first, with a task that finishes the rest: from then on the course is a 404 "
                    + "and its id is reserved (creating it again is a 409 with Retry-After) until every enrolment in it "
                    + "is gone. The request deletes what it can within its time and leaves the rest to the task. With "
                    + "If-Match, only the course at that version (its ETag) is deleted (412 otherwise; a weak tag "
                    + "never matches).")
    @APIResponse(responseCode = "204", description = "Deleted, with every enrolment")
    @APIResponse(responseCode = "202", description = "Deleted; its enrolments are being removed by its task",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DeletionPending.class)))
    @APIResponse(responseCode = "403", description = "Not the registrar")
    @APIResponse(responseCode = "404", description = "No such course")
    public Uni<Response> delete(@PathParam("courseId") @ValidId String courseId,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        Long expectedVersion = ETags.requiredVersion(ifMatch);
        return deletion.deleteCourse(Caller.of(token), courseId, expectedVersion)
                .map(finished -> Responses.deleted(finished, courseId));
    }

    @GET
    @Operation(summary = "A term's catalogue: its courses by course id, paged",
            description = "Any authenticated caller. One Query per shard on GSI2 (TERM#<term>#<shard>, "
                    + "trident.enrollment.catalogue.shards of them), in parallel, merged by course id; an unknown term "
                    + "lists empty. A cursor resumes only the term it was issued for. "
                    + "Read from the index GSI2, which is eventually consistent on DynamoDB: a course just created, "
                    + "or moved to another term, may take a moment (usually well under a second) to show or leave. "
                    + "The items carry no ETag: GET /courses/{courseId} for one.")
    public Uni<Page<Course>> catalogue(
            @Parameter(description = "the term, a code such as 2026-fall (letters, digits, '.', '_', '-'; required)")
            @QueryParam("term") @ValidId String term,
            @Parameter(description = "page size, 1..100 (default 20)") @QueryParam("limit") String limit,
            @Parameter(description = "the nextCursor of the previous page of the same term") @QueryParam("cursor") String cursor) {
        return service.termCatalogue(term, PageRequest.of(limit, cursor));
    }

    @PUT
    @Path("/{courseId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a course (201) or update it (200), keeping its enrolledCount; a capacity below "
            + "the current enrolledCount, or a new term while students are enrolled, is a 409",
            description = "Role registrar only (403 otherwise). A workspaceId must be a workspace of "
                    + "workspace-service that the caller is a member of (422 naming workspaceId otherwise: "
                    + "workspace-service hides other workspaces as absent); workspace-service unavailable or slow: "
                    + "503 with Retry-After, nothing written. instructorIds names the instructors who grade the "
                    + "course and see its grades (a PUT without it leaves the course with none: only the registrar "
                    + "grades it). Courses and rosters are readable by any caller, the grades on a roster are not. "
                    + "The term changes only while no student is enrolled: every enrolment is listed under its "
                    + "course's term (GET /students/{studentId}/courses?term=).")
    @APIResponse(responseCode = "201", description = "created", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Course.class)))
    @APIResponse(responseCode = "200", description = "updated", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Course.class)))
    @APIResponse(responseCode = "403", description = "The caller is not a registrar")
    @APIResponse(responseCode = "409", description = "capacity is below the course's enrolledCount, the term would "
            + "change while students are enrolled, or a deletion of this course is still running (create it again "
            + "after Retry-After)")
    @APIResponse(responseCode = "422", description = "workspaceId names no workspace the caller belongs to")
    @APIResponse(responseCode = "502",
            description = "workspace-service refused the check of workspaceId (a contract break between the services, "
            + "not an outage)")
    public Uni<Response> put(@PathParam("courseId") @ValidId String courseId, @Valid @NotNull PutCourseRequest body) {
        return service.putCourse(Caller.of(token), courseId, body.toChanges())
                .map(outcome -> Responses.createdOrOk(outcome.created(), Responses.uri("/courses/{courseId}",
                        courseId), outcome.value(), outcome.value().version()));
    }

    @GET
    @Path("/{courseId}")
    @Operation(summary = "A course's metadata; with include=students also the first page of its roster, read "
            + "together by one Query on GSI1 (continue at /courses/{courseId}/students with its cursor).",
            description = "Without include: one strongly consistent GetItem, with the course's ETag. With "
                    + "include=students:" + EVENTUALLY_CONSISTENT + " So that answer carries no ETag (GET the course "
                    + "alone for one)." + GRADES_ON_ROSTER)
    @APIResponse(responseCode = "200", description = "the course; with include=students, {course, students}",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(allOf = { Course.class, CourseWithStudents.class },
                    description = "The course's fields; with include=students only course and students")))
    @APIResponse(responseCode = "404", description = "No such course")
    public Uni<Response> get(@PathParam("courseId") @ValidId String courseId,
            @Parameter(description = "'students' to add the roster") @QueryParam("include") String include,
            @Parameter(description = "page size of the included roster, 1..100 (default 20)") @QueryParam("limit") String limit,
            @Parameter(description = "not accepted here: continue the list at /courses/{courseId}/students")
            @QueryParam("cursor") String cursor) {
        if (include == null || include.isBlank()) {
            return service.course(courseId).map(course -> Responses.ok(course, course.version()));
        }
        if (!INCLUDE_STUDENTS.equals(include)) {
            throw ProblemException.badRequest("include", "must be '" + INCLUDE_STUDENTS + "'");
        }
        if (cursor != null) {
            throw ProblemException.badRequest("cursor", "continue the list at /courses/{courseId}/students");
        }
        PageRequest page = PageRequest.of(limit, null);
        // No ETag: the course comes from the index (eventually consistent), so its version may be behind the item's.
        return service.courseWithStudents(Caller.of(token), courseId, page.limit())
                .map(found -> Responses.notStored(Response.ok(found).build()));
    }

    @GET
    @Path("/{courseId}/students")
    @Operation(summary = "A course's roster, by student id", description = "One Query on GSI1 (for an instructor, "
            + "also the course's instructors, read in parallel)." + EVENTUALLY_CONSISTENT + GRADES_ON_ROSTER)
    @ResponseHeader(name = HttpHeaders.CACHE_CONTROL, value = Responses.NO_STORE)
    public Uni<Page<Enrollment>> roster(@PathParam("courseId") @ValidId String courseId,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return service.courseRoster(Caller.of(token), courseId, PageRequest.of(limit, cursor));
    }
}
