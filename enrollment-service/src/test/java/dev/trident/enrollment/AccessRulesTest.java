package dev.trident.enrollment;

import static dev.trident.enrollment.Api.INSTRUCTOR;
import static dev.trident.enrollment.Api.REGISTRAR;
import static dev.trident.enrollment.Api.as;
import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.enrolledCount;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.uniqueId;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.trident.enrollment.dependencies.Dependencies;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Who may do what (service/AccessRules): a token matrix on every mutating route, ownership, roles and the read rules.
 * Every refusal is checked to have made no DynamoDB call at all and to have left the data as it was.
 */
@QuarkusTest
class AccessRulesTest {

    /** The mutating routes, each aimed at the shared fixture so that a write, if one slipped through, would show. */
    enum Route {
        REGISTER_STUDENT, PUT_COURSE, ENROLL, GRADE, DROP;

        Response send(RequestSpecification request) {
            RequestSpecification json = request.contentType(ContentType.JSON);
            return switch (this) {
                case REGISTER_STUDENT -> json.body(Map.of("year", 1, "major", "Law"))
                        .put("/students/{id}", fixture.newcomer);
                case PUT_COURSE -> json.body(course("Refused", 3, "2026-fall", null))
                        .put("/courses/{id}", fixture.unwrittenCourse);
                case ENROLL -> request.put("/students/{sid}/courses/{cid}", fixture.student, fixture.emptyCourse);
                case GRADE -> json.body(Map.of("grade", "A"))
                        .patch("/students/{sid}/courses/{cid}", fixture.student, fixture.course);
                case DROP -> request.delete("/students/{sid}/courses/{cid}", fixture.student, fixture.course);
            };
        }
    }

    /**
     * A registered student enrolled (ungraded) in {@code course}; an empty course; a social user not registered yet;
     * a course id never written. Refused calls must leave all of it exactly so.
     */
    record Fixture(String student, String course, String emptyCourse, String newcomer, String unwrittenCourse,
            String otherStudent) {
    }

    private static Fixture fixture;

    @BeforeEach
    void fixture() {
        if (fixture == null) {
            String student = newStudent("own");
            String course = newCourse("crs", null);
            Api.enroll(student, course).then().statusCode(201);
            fixture = new Fixture(student, course, newCourse("empty", null), Dependencies.newUser("Newcomer"),
                    uniqueId("never"), newStudent("other"));
        }
    }

    /** Each broken token is the staff caller's (allowed everything): only the token itself can be the reason. */
    static Stream<Arguments> brokenTokens() {
        String staff = Dependencies.REGISTRAR_ID;
        return Stream.of(
                arguments("no token", null),
                arguments("garbage", "Bearer " + Tokens.garbage()),
                arguments("not a bearer", "Basic dXNlcjpwYXNz"),
                arguments("wrong signature", Tokens.user(staff).roles(REGISTRAR, INSTRUCTOR).signedByAnotherKey().bearer()),
                arguments("alg none", Tokens.user(staff).roles(REGISTRAR, INSTRUCTOR).algNone().bearer()),
                arguments("expired", Tokens.user(staff).roles(REGISTRAR, INSTRUCTOR).expired().bearer()),
                arguments("not yet valid", Tokens.user(staff).roles(REGISTRAR, INSTRUCTOR).notYetValid().bearer()),
                arguments("wrong issuer", Tokens.user(staff).roles(REGISTRAR, INSTRUCTOR)
                        .issuer("https://someone-else.example").bearer()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenTokens")
    void everyMutatingRouteAnswers401ToABrokenTokenAndWritesNothing(String name, String authorization) {
        for (Route route : Route.values()) {
            RequestSpecification request = given();
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            DynamoDbCallRecorder.reset();
            route.send(request).then().statusCode(401).contentType("application/problem+json")
                    .header("WWW-Authenticate", startsWith("Bearer"));
            assertEquals(List.of(), DynamoDbCallRecorder.operations(), route + " with " + name);
        }
        assertNothingWritten();
    }

    /** Valid tokens of callers without the right: another user, or a missing role. */
    static Stream<Arguments> refusedCallers() {
        return Stream.of(
                arguments(Route.REGISTER_STUDENT, "another user", (Caller) f -> as(f.otherStudent)),
                arguments(Route.REGISTER_STUDENT, "an instructor", (Caller) f -> as(uniqueId("teacher"), INSTRUCTOR)),
                arguments(Route.PUT_COURSE, "a student", (Caller) f -> as(f.student)),
                arguments(Route.PUT_COURSE, "an instructor", (Caller) f -> as(uniqueId("teacher"), INSTRUCTOR)),
                arguments(Route.ENROLL, "another student", (Caller) f -> as(f.otherStudent)),
                arguments(Route.ENROLL, "an instructor", (Caller) f -> as(uniqueId("teacher"), INSTRUCTOR)),
                arguments(Route.GRADE, "the student", (Caller) f -> as(f.student)),
                arguments(Route.GRADE, "the student holding the instructor role", (Caller) f -> as(f.student, INSTRUCTOR)),
                arguments(Route.GRADE, "the student holding the registrar role", (Caller) f -> as(f.student, REGISTRAR)),
                arguments(Route.GRADE, "another student", (Caller) f -> as(f.otherStudent)),
                arguments(Route.DROP, "another student", (Caller) f -> as(f.otherStudent)),
                arguments(Route.DROP, "an instructor", (Caller) f -> as(uniqueId("teacher"), INSTRUCTOR)));
    }

    interface Caller {
        RequestSpecification request(Fixture fixture);
    }

    @ParameterizedTest(name = "{0} by {1}")
    @MethodSource("refusedCallers")
    void aCallerWithoutTheRightIs403AndWritesNothing(Route route, String who, Caller caller) {
        RequestSpecification request = caller.request(fixture);
        DynamoDbCallRecorder.reset();
        route.send(request).then().statusCode(403).contentType("application/problem+json");
        assertEquals(List.of(), DynamoDbCallRecorder.operations(), "refused before any DynamoDB call");
        assertNothingWritten();
    }

    @Test
    void aStudentRegistersEnrollsReadsAndDropsThemselves() {
        String me = Dependencies.newUser("Self Service");
        String courseId = newCourse("self", null);
        as(me).contentType(ContentType.JSON).body(Map.of("year", 1, "major", "Physics"))
                .put("/students/{id}", me).then().statusCode(201).body("name", equalTo("Self Service"));
        as(me).put("/students/{sid}/courses/{cid}", me, courseId).then().statusCode(201);
        as(me).get("/students/{id}?include=courses", me).then().statusCode(200)
                .body("courses.items[0].courseId", equalTo(courseId));
        as(me).get("/students/{sid}/courses/{cid}", me, courseId).then().statusCode(200);
        as(me).delete("/students/{sid}/courses/{cid}", me, courseId).then().statusCode(204);
        assertEquals(0, enrolledCount(courseId));
    }

    @Test
    void studentACannotRegisterEnrollOrDropStudentB() {
        String a = Dependencies.newUser("Student A");
        String b = newStudent("b");
        String courseId = newCourse("ab", null);
        Api.enroll(b, courseId).then().statusCode(201);
        String otherCourse = newCourse("ab2", null);

        as(a).contentType(ContentType.JSON).body(Map.of("year", 9, "major", "Nothing"))
                .put("/students/{id}", b).then().statusCode(403);
        as(a).put("/students/{sid}/courses/{cid}", b, otherCourse).then().statusCode(403);
        as(a).delete("/students/{sid}/courses/{cid}", b, courseId).then().statusCode(403);

        asStaff().get("/students/{id}", b).then().statusCode(200).body("year", equalTo(2)).body("version", equalTo(1));
        asStaff().get("/students/{sid}/courses/{cid}", b, otherCourse).then().statusCode(404);
        asStaff().get("/students/{sid}/courses/{cid}", b, courseId).then().statusCode(200);
        assertEquals(1, enrolledCount(courseId));
        assertEquals(0, enrolledCount(otherCourse));
    }

    @Test
    void anInstructorGradesAndAPlainRegistrarEnrollsAndDropsAnyone() {
        String student = newStudent("graded");
        // Contract change (enrollment-service/README.md): an instructor grades only a course that names them among its
        // instructorIds.
        String teacher = uniqueId("teacher");
        String courseId = uniqueId("graded");
        Map<String, Object> taught = course("Course " + courseId, 5, "2026-fall", null);
        taught.put("instructorIds", List.of(teacher));
        Api.putCourse(courseId, taught).then().statusCode(201);
        as(uniqueId("registrar"), REGISTRAR).put("/students/{sid}/courses/{cid}", student, courseId)
                .then().statusCode(201);
        as(teacher, INSTRUCTOR).contentType(ContentType.JSON).body(Map.of("grade", "B+"))
                .patch("/students/{sid}/courses/{cid}", student, courseId).then().statusCode(200)
                .body("grade", equalTo("B+"));
        as(uniqueId("registrar"), REGISTRAR).contentType(ContentType.JSON).body(Map.of("grade", "A-"))
                .patch("/students/{sid}/courses/{cid}", student, courseId).then().statusCode(200)
                .body("grade", equalTo("A-"));
        as(uniqueId("registrar"), REGISTRAR).delete("/students/{sid}/courses/{cid}", student, courseId)
                .then().statusCode(204);
    }

    @Test
    void aStudentsProfileAndCoursesAreReadByThemselvesStaffAndInstructorsOnly() {
        String student = fixture.student;
        String stranger = fixture.otherStudent;
        for (String path : List.of("/students/" + student, "/students/" + student + "?include=courses",
                "/students/" + student + "/courses", "/students/" + student + "/courses/" + fixture.course)) {
            as(stranger).get(path).then().statusCode(403).contentType("application/problem+json");
            as(student).get(path).then().statusCode(200);
            as(uniqueId("teacher"), INSTRUCTOR).get(path).then().statusCode(200);
            as(uniqueId("registrar"), REGISTRAR).get(path).then().statusCode(200);
        }
        // The same 403 whether the student exists or not: a refusal reveals nothing.
        as(stranger).get("/students/{id}", uniqueId("ghost")).then().statusCode(403);
    }

    @Test
    void anyAuthenticatedCallerReadsCoursesAndRostersButNotWithoutAToken() {
        String anyone = uniqueId("anyone");
        as(anyone).get("/courses/{id}", fixture.course).then().statusCode(200).header("ETag", notNullValue());
        as(anyone).get("/courses/{id}?include=students", fixture.course).then().statusCode(200);
        as(anyone).get("/courses/{id}/students", fixture.course).then().statusCode(200)
                .body("items[0].studentId", equalTo(fixture.student));
        given().get("/courses/{id}", fixture.course).then().statusCode(401).contentType("application/problem+json");
        given().get("/courses/{id}/students", fixture.course).then().statusCode(401);
    }

    @Test
    void healthMetricsAndOpenApiStayOpenAndTheDocumentDeclaresTheBearerScheme() {
        given().get("/q/health/ready").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
        given().get("/q/openapi?format=json").then().statusCode(200)
                .body("components.securitySchemes.bearer.type", equalTo("http"))
                .body("components.securitySchemes.bearer.scheme", equalTo("bearer"))
                .body("components.securitySchemes.bearer.bearerFormat", equalTo("JWT"))
                .body("paths.'/students/{studentId}/courses/{courseId}'.patch.security[0]", hasKey("bearer"))
                .body("paths.'/courses/{courseId}'.put.security[0]", hasKey("bearer"));
    }

    private static void assertNothingWritten() {
        asStaff().get("/students/{id}", fixture.newcomer).then().statusCode(404);
        asStaff().get("/courses/{id}", fixture.unwrittenCourse).then().statusCode(404);
        asStaff().get("/students/{sid}/courses/{cid}", fixture.student, fixture.emptyCourse).then().statusCode(404);
        assertEquals(0, enrolledCount(fixture.emptyCourse));
        asStaff().get("/students/{sid}/courses/{cid}", fixture.student, fixture.course).then().statusCode(200)
                .body("version", equalTo(1)).body("grade", nullValue());
        assertEquals(1, enrolledCount(fixture.course));
    }
}
