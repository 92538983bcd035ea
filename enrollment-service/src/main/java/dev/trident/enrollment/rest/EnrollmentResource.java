package dev.trident.enrollment.rest;

import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.service.EnrollmentService;
import dev.trident.keys.KeyParts;
import dev.trident.support.dynamo.ListArguments;
import dev.trident.support.http.ETags;
import dev.trident.support.http.Responses;
import dev.trident.support.idempotency.Idempotency;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.Problem;
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
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.ResponseHeader;

/** The enrollment edge, addressed from the student's side. */
@Path("/students/{studentId}/courses")
@Tag(name = "enrollments")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = EnrollmentApplication.BEARER)
public class EnrollmentResource {

    private static final String EDGE = "/students/{studentId}/courses/{courseId}";
    private static final String TERM = "term";
    private static final String READ_RULE = "Readable by the student themselves, the registrar and instructors "
            + "(403 otherwise). Not stored (Cache-Control: no-store).";
    private static final String LIST_GRADES = " Grades are shown to the student themselves and the registrar; an "
            + "instructor sees the list with every grade null (their own course's grades are on its roster).";

    private final EnrollmentService service;
    private final Idempotency idempotency;
    private final JsonWebToken token;

    EnrollmentResource(EnrollmentService service, Idempotency idempotency, JsonWebToken token) {
        this.service = service;
        this.idempotency = idempotency;
        this.token = token;
    }

    @GET
    @Operation(summary = "A student's courses, by course id descending; with term, only that term's (one Query on "
            + "the student's partition, or with term one Query on GSI2 STU#<studentId>#TERM#<term>)",
            description = READ_RULE + LIST_GRADES + " With term, only the enrolments in courses of that term are "
                    + "read: the term is part of the key, not a filter. That list is read from the index GSI2, "
                    + "eventually consistent on DynamoDB: an enrolment just made or dropped may take a moment to "
                    + "show or leave. A cursor continues only the list (and term) it came from.")
    @ResponseHeader(name = HttpHeaders.CACHE_CONTROL, value = Responses.NO_STORE)
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "403", description = "Neither the student themselves, a registrar nor an instructor")
    public Uni<Page<Enrollment>> list(@PathParam("studentId") @ValidId String studentId,
            @Parameter(description = "only the enrolments in courses of this term, a code such as 2026-fall "
                    + "(letters, digits, '.', '_', '-')") @QueryParam(TERM) @ValidId(optional = true) String term,
            @Parameter(description = "page size, 1..100 (default 20)") @QueryParam("limit") String limit,
            @Parameter(description = "the nextCursor of the previous page of the same list") @QueryParam("cursor") String cursor,
            @Context UriInfo uri) {
        if (term == null && uri.getQueryParameters().containsKey(TERM)) {
            // An empty ?term= arrives as no value at all: a term left blank is a bad term, not the whole list.
            throw ProblemException.badRequest(TERM, "must not be empty");
        }
        Caller caller = Caller.of(token);
        PageRequest page = PageRequest.of(limit, cursor);
        return service.studentCourses(caller, studentId, ListArguments.none().and(KeyParts.TERM, term), page);
    }

    @PUT
    @Path("/{courseId}")
    @Operation(summary = "Enrol the student in the course: 201 with the edge; 409 when already enrolled or the "
            + "course is full; 404 naming the missing student or course. The edge and the course's enrolledCount "
            + "change in one transaction",
            description = "A student enrols only themselves (sub = studentId); the registrar enrols anyone (403 "
                    + "otherwise).")
    @APIResponseSchema(value = Enrollment.class, responseCode = "201", responseDescription = "Enrolled (ETag, Location)")
    @APIResponse(responseCode = "403", description = "Neither the student themselves nor a registrar")
    @APIResponse(responseCode = "404", description = "No such student or course (the detail names which)")
    @APIResponse(responseCode = "409", description = "Already enrolled, the course is full, or the Idempotency-Key is still in flight")
    public Uni<Response> enroll(@PathParam("studentId") @ValidId String studentId,
            @PathParam("courseId") @ValidId String courseId,
            @HeaderParam(Idempotency.HEADER) @Parameter(description = Idempotency.HEADER_DOC) String idempotencyKey) {
        Caller caller = Caller.of(token);
        // The answer is private to its caller: no-store on the first answer and on every replay.
        return idempotency.create(caller, idempotencyKey, null, Enrollment.class,
                edge -> Responses.created(Responses.uri(EDGE, studentId, courseId), edge, edge.version()),
                () -> service.enroll(caller, studentId, courseId))
                .map(Responses::notStored);
    }

    @GET
    @Path("/{courseId}")
    @Operation(summary = "One enrollment (enrolledOn, grade)", description = READ_RULE + " The grade is shown to "
            + "the student themselves, the registrar and the course's instructors (its instructorIds; for an "
            + "instructor the course is read in parallel); another instructor sees it null, and with it no version, "
            + "updatedAt or ETag (they move when a grade is set).")
    @APIResponseSchema(value = Enrollment.class, responseCode = "200", responseDescription = "The enrollment (ETag)")
    @APIResponse(responseCode = "403", description = "Neither the student themselves, a registrar nor an instructor")
    @APIResponse(responseCode = "404", description = "Not enrolled")
    public Uni<Response> get(@PathParam("studentId") @ValidId String studentId,
            @PathParam("courseId") @ValidId String courseId) {
        // No ETag where the version is withheld with the grade (a caller who may not see it).
        return service.enrollment(Caller.of(token), studentId, courseId)
                .map(edge -> Responses.notStored(edge.version() == null ? Response.ok(edge).build()
                        : Responses.ok(edge, edge.version())));
    }

    @PATCH
    @Path("/{courseId}")
    @Consumes({MediaType.APPLICATION_JSON, "application/merge-patch+json"})
    @Operation(summary = "Set the grade; If-Match with the edge's ETag makes it conditional (412 when stale)",
            description = "The registrar grades any course (one conditional UpdateItem); an instructor only a course "
                    + "whose instructorIds name them (403 otherwise, and for a course naming none), checked on the "
                    + "course item in the grade's own transaction (a consistent GetItem of the enrolment, then "
                    + "TransactWriteItems). Never the student: grading one's own enrolment is a 403 whatever the "
                    + "roles. Not stored (Cache-Control: no-store).")
    @APIResponseSchema(value = Enrollment.class, responseCode = "200", responseDescription = "The graded enrollment (ETag)")
    @APIResponse(responseCode = "403", description = "Not a registrar nor an instructor of the course, or the student themselves")
    @APIResponse(responseCode = "404", description = "Not enrolled")
    public Uni<Response> grade(@PathParam("studentId") @ValidId String studentId,
            @PathParam("courseId") @ValidId String courseId, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @Valid @NotNull UpdateEnrollmentRequest body) {
        Long expectedVersion = ETags.requiredVersion(ifMatch);
        return service.grade(Caller.of(token), studentId, courseId, body.grade(), expectedVersion)
                .map(edge -> Responses.notStored(Responses.ok(edge, edge.version())));
    }

    @DELETE
    @Path("/{courseId}")
    // 204 has no body: a client that accepts only problem+json (its error answers) is served, not refused (406).
    @Produces({ MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE })
    @Operation(summary = "Drop the course: 204; the course's enrolledCount goes down in the same transaction; "
            + "404 when not enrolled; If-Match honoured (412)",
            description = "A student drops only their own courses (sub = studentId); the registrar drops anyone's "
                    + "(403 otherwise). A graded enrolment is dropped only by the registrar (never their own): "
                    + "anyone else's drop of it is a 409 and changes nothing, a condition of the drop's own "
                    + "transaction.")
    @APIResponse(responseCode = "204", description = "Dropped")
    @APIResponse(responseCode = "403", description = "Neither the student themselves nor a registrar")
    @APIResponse(responseCode = "404", description = "Not enrolled")
    @APIResponse(responseCode = "409", description = "The enrollment is graded: only a registrar drops it")
    public Uni<Response> drop(@PathParam("studentId") @ValidId String studentId,
            @PathParam("courseId") @ValidId String courseId, @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        Long expectedVersion = ETags.requiredVersion(ifMatch);
        return service.drop(Caller.of(token), studentId, courseId, expectedVersion)
                .map(ignored -> Response.noContent().build());
    }
}
