package dev.trident.enrollment;

import static io.restassured.RestAssured.given;

import dev.trident.enrollment.dependencies.Dependencies;
import dev.trident.testing.Tokens;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Small HTTP helpers shared by the route tests; every id is unique so tests never see each other's data. Requests
 * carry a bearer token: {@link #asStaff()} (a registrar who also teaches, allowed everything the rules allow) unless a
 * test names its caller with {@link #as(String, String...)}.
 */
final class Api {

    static final String REGISTRAR = "registrar";
    static final String INSTRUCTOR = "instructor";

    private Api() {
    }

    /** A request from the test registrar ({@link Dependencies#REGISTRAR_ID}), who also holds the instructor role. */
    static RequestSpecification asStaff() {
        return as(Dependencies.REGISTRAR_ID, REGISTRAR, INSTRUCTOR);
    }

    /** A request from {@code userId} with these roles (a fresh, valid token). */
    static RequestSpecification as(String userId, String... roles) {
        return given().header("Authorization", Tokens.user(userId).roles(roles).bearer());
    }

    static String uniqueId(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 12);
    }

    static Response putStudent(String studentId, Object body) {
        return asStaff().contentType(ContentType.JSON).body(body).when().put("/students/{id}", studentId);
    }

    /** Registers a new social-service user as a student; returns the id (the user's). */
    static String newStudent(String prefix) {
        String id = Dependencies.newUser("Student " + uniqueId(prefix));
        putStudent(id, Map.of("year", 2, "major", "Mathematics")).then().statusCode(201);
        return id;
    }

    /** The name a student was registered with (their social-service displayName). */
    static String studentName(String studentId) {
        return asStaff().when().get("/students/{id}", studentId).then().statusCode(200).extract().path("name");
    }

    static Map<String, Object> course(String title, int credits, String term, Integer capacity) {
        Map<String, Object> body = new HashMap<>();
        body.put("title", title);
        body.put("credits", credits);
        body.put("term", term);
        if (capacity != null) {
            body.put("capacity", capacity);
        }
        return body;
    }

    static Response putCourse(String courseId, Object body) {
        return asStaff().contentType(ContentType.JSON).body(body).when().put("/courses/{id}", courseId);
    }

    static String newCourse(String prefix, Integer capacity) {
        String id = uniqueId(prefix);
        putCourse(id, course("Course " + id, 5, "2026-fall", capacity)).then().statusCode(201);
        return id;
    }

    static Response enroll(String studentId, String courseId) {
        return asStaff().when().put("/students/{sid}/courses/{cid}", studentId, courseId);
    }

    static Response grade(String studentId, String courseId, String ifMatch, String grade) {
        var request = asStaff().contentType(ContentType.JSON).body(Map.of("grade", grade));
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return request.when().patch("/students/{sid}/courses/{cid}", studentId, courseId);
    }

    static int enrolledCount(String courseId) {
        return asStaff().when().get("/courses/{id}", courseId).then().statusCode(200)
                .extract().path("enrolledCount");
    }
}
