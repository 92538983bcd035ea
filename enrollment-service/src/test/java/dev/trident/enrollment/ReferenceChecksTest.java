package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.putStudent;
import static dev.trident.enrollment.Api.uniqueId;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.enrollment.dependencies.Dependencies;
import dev.trident.enrollment.dependencies.RealDependencies;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * References checked against the real social-service and workspace-service (started from their jars on the same
 * DynamoDB Local). RealDependencies applies to every test of the module, like DynamoDbLocalResource, so all
 * students are real users.
 */
@QuarkusTest
@QuarkusTestResource(RealDependencies.class)
class ReferenceChecksTest {

    @Test
    void aStudentIsASocialUserAndTakesTheProfilesDisplayNameAsName() {
        String userId = Dependencies.newUser("Grace Hopper");
        putStudent(userId, Map.of("year", 4, "major", "Mathematics"))
                .then().statusCode(201).body("studentId", equalTo(userId)).body("name", equalTo("Grace Hopper"));
        asStaff().get("/students/{id}", userId).then().statusCode(200).body("name", equalTo("Grace Hopper"));
    }

    @Test
    void replacingAStudentReadsTheNameAfreshFromTheProfile() {
        String userId = Dependencies.newUser("Ada Byron");
        putStudent(userId, Map.of("year", 1, "major", "Poetry")).then().statusCode(201);
        Dependencies.renameUser(userId, "Ada Lovelace");
        putStudent(userId, Map.of("year", 2, "major", "Mathematics"))
                .then().statusCode(200).header("ETag", "\"2\"").body("name", equalTo("Ada Lovelace"));
    }

    @Test
    void aStudentIdThatIsNoSocialUserIs422NamingStudentIdAndWritesNothing() {
        String id = uniqueId("nobody");
        DynamoDbCallRecorder.reset();
        putStudent(id, Map.of("year", 1, "major", "Art"))
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors[0].field", equalTo("studentId"))
                .body("detail", containsString(id));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().get("/students/{id}", id).then().statusCode(404);
    }

    @Test
    void aClientSentNameIs400NamingNameAndWritesNothing() {
        String userId = Dependencies.newUser("Real Name");
        DynamoDbCallRecorder.reset();
        putStudent(userId, Map.of("year", 1, "major", "Art", "name", "Chosen Name"))
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].field", equalTo("name"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().get("/students/{id}", userId).then().statusCode(404);
    }

    @Test
    void aCourseInAnExistingWorkspaceIsCreatedAndUpdated() {
        String workspaceId = Dependencies.newWorkspace("ws");
        String courseId = uniqueId("crs");
        Map<String, Object> body = course("Compilers", 6, "2026-fall", 40);
        body.put("workspaceId", workspaceId);
        putCourse(courseId, body).then().statusCode(201).body("workspaceId", equalTo(workspaceId));
        body.put("title", "Compilers II");
        putCourse(courseId, body).then().statusCode(200).body("workspaceId", equalTo(workspaceId))
                .body("title", equalTo("Compilers II"));
    }

    @Test
    void aCourseNamingAnUnknownWorkspaceIs422NamingWorkspaceIdAndWritesNothing() {
        String courseId = uniqueId("crs");
        String workspaceId = uniqueId("no-ws");
        Map<String, Object> body = course("Ghost Course", 3, "2026-fall", null);
        body.put("workspaceId", workspaceId);
        DynamoDbCallRecorder.reset();
        putCourse(courseId, body)
                .then().statusCode(422).contentType("application/problem+json")
                .body("errors[0].field", equalTo("workspaceId"))
                .body("detail", containsString(workspaceId));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().get("/courses/{id}", courseId).then().statusCode(404);
    }

    @Test
    void aWorkspaceTheRegistrarIsNotAMemberOfIs422LikeAnUnknownOneAndWritesNothing() {
        String strangersWorkspace = Dependencies.newWorkspace("ws", Dependencies.newUser("Stranger"));
        String courseId = uniqueId("crs");
        Map<String, Object> body = course("Not Yours", 3, "2026-fall", null);
        body.put("workspaceId", strangersWorkspace);
        DynamoDbCallRecorder.reset();
        putCourse(courseId, body).then().statusCode(422).contentType("application/problem+json")
                .body("errors[0].field", equalTo("workspaceId"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().get("/courses/{id}", courseId).then().statusCode(404);
    }

    @Test
    void movingACourseToAnUnknownWorkspaceIs422AndLeavesItAsItWas() {
        String courseId = newCourse("crs", 5);
        Map<String, Object> body = course("Moved", 3, "2026-fall", 5);
        body.put("workspaceId", uniqueId("no-ws"));
        putCourse(courseId, body).then().statusCode(422).body("errors[0].field", equalTo("workspaceId"));
        asStaff().get("/courses/{id}", courseId).then().statusCode(200).header("ETag", "\"1\"")
                .body("title", equalTo("Course " + courseId));
    }
}
