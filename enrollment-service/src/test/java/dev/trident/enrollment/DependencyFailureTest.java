package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.putStudent;
import static dev.trident.enrollment.Api.uniqueId;
import static dev.trident.support.client.PeerGuards.SOCIAL_SERVICE;
import static dev.trident.support.client.PeerGuards.WORKSPACE_SERVICE;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.enrollment.dependencies.StandInDependencies;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.StandInPeer;
import dev.trident.testing.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The calls to social-service and workspace-service under failure, against a stand-in the test controls: a 503
 * with Retry-After within a bound, bounded retries, a breaker per dependency that opens and closes again, 4xx
 * answers neither retried nor held against the breaker (401/403 passed on, 404 a 422, any other 4xx a 502, never a
 * 503), the trace context and the caller's token passed on, and nothing written.
 */
@QuarkusTest
@TestProfile(StandInDependencies.class)
class DependencyFailureTest {

    private static final Logger LOG = Logger.getLogger(DependencyFailureTest.class);
    /** 1 attempt + 2 retries. */
    private static final int ATTEMPTS = 3;
    /**
     * 3 attempts of 500 ms plus 50 + 100 ms of backoff: about 1.65 s nominal. The bound leaves room for a loaded CI
     * machine and still fails without the per-attempt timeout (3 stand-in answers of 1.9 s each are 5.7 s).
     */
    private static final long SLOW_BOUND_MILLIS = 3_000;
    private static final long FAST_BOUND_MILLIS = 1_000;
    /** Longer than the 500 ms per-attempt timeout, shorter than the client's 2 s read timeout. */
    private static final long SLOW_MILLIS = 1_900;

    StandInPeer standIn;

    @Inject
    CircuitBreakerMaintenance breakers;

    /** Set once both clients have made a first call: timings measured later are not the JVM's cold start. */
    private static boolean warm;

    @BeforeEach
    void healthyAndClosed() {
        standIn.start();
        standIn.answerHealthy();
        if (!warm) {
            // A cold JVM's first requests may outlast the request deadline (503): warm until each route answers.
            warmUntilCreated(() -> registerStudent(uniqueId("warm")));
            warmUntilCreated(() -> putCourseIn(uniqueId("warm"), uniqueId("ws")));
            warm = true;
        }
        breakers.resetAll();
        standIn.resetCounts();
    }

    private static void warmUntilCreated(Supplier<Response> create) {
        int status = 0;
        for (int attempt = 0; attempt < 5 && status != 201; attempt++) {
            status = create.get().statusCode();
        }
        assertEquals(201, status, "the route never answered 201 while warming up");
    }

    private static Response registerStudent(String id) {
        return putStudent(id, Map.of("year", 1, "major", "Art"));
    }

    private static Response putCourseIn(String courseId, String workspaceId) {
        Map<String, Object> body = course("Stand-in course", 3, "2026-fall", null);
        body.put("workspaceId", workspaceId);
        return putCourse(courseId, body);
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static void assertUnavailable(Response response, String retryAfter) {
        response.then().statusCode(503).contentType("application/problem+json").header("Retry-After", retryAfter);
    }

    /** A peer that refused the request this service built: 502, and no Retry-After (retrying cannot help). */
    private static void assertBadGateway(Response response) {
        response.then().statusCode(502).contentType("application/problem+json")
                .body("type", equalTo("https://trident.dev/problems/bad-gateway")).header("Retry-After", nullValue());
    }

    @Test
    void aHealthyDependencyIsCalledOnceWithTheTraceContext() {
        String id = uniqueId("stu");
        registerStudent(id).then().statusCode(201).body("name", equalTo("Stand-in " + id));
        assertEquals(1, standIn.userCalls());
        assertTrue(standIn.traceparents().get(0).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]"),
                "traceparent: " + standIn.traceparents());
    }

    @Test
    void bothDependenciesGetTheCallersOwnTokenOnEveryAttempt() {
        String id = uniqueId("stu");
        String bearer = Tokens.user(id).bearer();
        given().header("Authorization", bearer).contentType(ContentType.JSON).body(Map.of("year", 1, "major", "Art"))
                .put("/students/{id}", id).then().statusCode(201);
        assertEquals(List.of(bearer), standIn.authorizations());

        standIn.answerStatus(500);
        standIn.resetCounts();
        String registrar = Tokens.user(uniqueId("reg")).roles("registrar").bearer();
        Map<String, Object> body = course("Stand-in course", 3, "2026-fall", null);
        body.put("workspaceId", uniqueId("ws"));
        assertUnavailable(given().header("Authorization", registrar).contentType(ContentType.JSON).body(body)
                .put("/courses/{id}", uniqueId("crs")), "1");
        assertEquals(Collections.nCopies(ATTEMPTS, registrar), standIn.authorizations(), "retries carry it too");
    }

    @Test
    void aSocialServiceRefusingTheTokenIs401AndWritesNothing() {
        standIn.answerStatus(401);
        String id = uniqueId("stu");
        registerStudent(id).then().statusCode(401).contentType("application/problem+json");
        assertEquals(1, standIn.userCalls(), "a 401 is not retried");
        asStaff().get("/students/{id}", id).then().statusCode(404);
    }

    /** A 4xx answer is a peer that is up: both breakers stay closed; the refused student and course are not there. */
    private void assertPeersUpAndNothingWritten(String studentId, String courseId) {
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(SOCIAL_SERVICE));
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(WORKSPACE_SERVICE));
        asStaff().get("/students/{id}", studentId).then().statusCode(404);
        asStaff().get("/courses/{id}", courseId).then().statusCode(404);
    }

    @Test
    void aPeerRefusingTheCallerIsPassedOnAsThe401Or403ItAnsweredNeverA503AndNothingIsWritten() {
        standIn.answerStatus(403);
        DynamoDbCallRecorder.reset();
        String id = uniqueId("stu");
        registerStudent(id).then().statusCode(403).contentType("application/problem+json");
        assertEquals(1, standIn.userCalls(), "a 403 is not retried");

        standIn.answerStatus(401);
        String courseId = uniqueId("crs");
        putCourseIn(courseId, uniqueId("ws")).then().statusCode(401).contentType("application/problem+json")
                .header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
        assertEquals(1, standIn.workspaceCalls(), "a 401 is not retried");
        assertPeersUpAndNothingWritten(id, courseId);
    }

    @Test
    void aPeerAnswering405IsA502NamingThePeerNotRetriedNotHeldAgainstTheBreakerAndNothingIsWritten() {
        standIn.answerStatus(405);
        DynamoDbCallRecorder.reset();
        String id = uniqueId("stu");
        Response student = registerStudent(id);
        assertBadGateway(student);
        student.then().body("detail", containsString("social-service")).body("detail", containsString("405"));
        String courseId = uniqueId("crs");
        Response course = putCourseIn(courseId, uniqueId("ws"));
        assertBadGateway(course);
        course.then().body("detail", containsString("workspace-service"));
        assertEquals(1, standIn.userCalls(), "a 405 is not retried");
        assertEquals(1, standIn.workspaceCalls(), "a 405 is not retried");
        assertPeersUpAndNothingWritten(id, courseId);
    }

    @Test
    void aSlowSocialServiceIs503WithinTheBoundAfterBoundedRetriesAndNothingIsWritten() {
        standIn.answerSlowly(SLOW_MILLIS);
        String id = uniqueId("stu");
        DynamoDbCallRecorder.reset();
        long start = System.nanoTime();
        Response response = registerStudent(id);
        long elapsed = millisSince(start);
        LOG.infof("slow social-service: 503 after %d ms; calls arrived at %s ms", elapsed,
                standIn.arrivals().stream().map(t -> (t - start) / 1_000_000).toList());
        assertUnavailable(response, "1");
        assertTrue(elapsed < SLOW_BOUND_MILLIS, "503 took " + elapsed + " ms");
        assertEquals(ATTEMPTS, standIn.userCalls());
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().get("/students/{id}", id).then().statusCode(404);
    }

    @Test
    void aSlowWorkspaceServiceIs503WithinTheBoundAndNothingIsWritten() {
        standIn.answerSlowly(SLOW_MILLIS);
        String courseId = uniqueId("crs");
        DynamoDbCallRecorder.reset();
        long start = System.nanoTime();
        Response response = putCourseIn(courseId, uniqueId("ws"));
        long elapsed = millisSince(start);
        LOG.infof("slow workspace-service: 503 after %d ms", elapsed);
        assertUnavailable(response, "1");
        assertTrue(elapsed < SLOW_BOUND_MILLIS, "503 took " + elapsed + " ms");
        assertEquals(ATTEMPTS, standIn.workspaceCalls());
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().get("/courses/{id}", courseId).then().statusCode(404);
    }

    @Test
    void serverErrorsAreRetriedABoundedNumberOfTimesThen503() {
        standIn.answerStatus(500);
        String id = uniqueId("stu");
        long start = System.nanoTime();
        assertUnavailable(registerStudent(id), "1");
        LOG.infof("failing (500) social-service: 503 after %d ms", millisSince(start));
        assertEquals(ATTEMPTS, standIn.userCalls());
        asStaff().get("/students/{id}", id).then().statusCode(404);

        String courseId = uniqueId("crs");
        assertUnavailable(putCourseIn(courseId, uniqueId("ws")), "1");
        assertEquals(ATTEMPTS, standIn.workspaceCalls());
        asStaff().get("/courses/{id}", courseId).then().statusCode(404);
    }

    @Test
    void aDependencyThatRefusesConnectionsIsAFast503AndNothingIsWritten() {
        standIn.stop();
        String id = uniqueId("stu");
        long start = System.nanoTime();
        Response response = registerStudent(id);
        long elapsed = millisSince(start);
        LOG.infof("social-service refusing connections: 503 after %d ms", elapsed);
        assertUnavailable(response, "1");
        assertTrue(elapsed < FAST_BOUND_MILLIS, "503 took " + elapsed + " ms");
        String courseId = uniqueId("crs");
        assertUnavailable(putCourseIn(courseId, uniqueId("ws")), "1");
        standIn.start();
        asStaff().get("/students/{id}", id).then().statusCode(404);
        asStaff().get("/courses/{id}", courseId).then().statusCode(404);
    }

    @Test
    void theBreakerOpensUnderRepeatedFailureAnswersAtOnceAndClosesWhenTheDependencyRecovers() throws Exception {
        standIn.answerStatus(500);
        assertUnavailable(registerStudent(uniqueId("stu")), "1"); // 3 failed attempts
        // The 4th failure fills the test's window of 4 and opens the breaker: the retry after it meets the open breaker
        // (Retry-After 5), calls no one.
        assertUnavailable(registerStudent(uniqueId("stu")), "5");
        assertEquals(CircuitBreakerState.OPEN, breakers.currentState(SOCIAL_SERVICE));
        int callsSoFar = standIn.userCalls();
        assertEquals(ATTEMPTS + 1, callsSoFar);

        String id = uniqueId("stu");
        long start = System.nanoTime();
        Response open = registerStudent(id);
        long elapsed = millisSince(start);
        LOG.infof("social-service breaker open: 503 after %d ms", elapsed);
        assertUnavailable(open, "5");
        assertTrue(elapsed < 200, "an open breaker answers at once, took " + elapsed + " ms");
        assertEquals(callsSoFar, standIn.userCalls(), "an open breaker calls no one");
        asStaff().get("/students/{id}", id).then().statusCode(404);

        // One breaker per dependency: workspace-service is still called.
        standIn.answerHealthy();
        putCourseIn(uniqueId("crs"), uniqueId("ws")).then().statusCode(201);
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(WORKSPACE_SERVICE));

        Thread.sleep(StandInDependencies.BREAKER_DELAY_MILLIS + 200);
        registerStudent(id).then().statusCode(201);
        assertEquals(callsSoFar + 1, standIn.userCalls());
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(SOCIAL_SERVICE));
    }

    @Test
    void otherClientErrorsAreNotRetriedAndDoNotOpenTheBreaker() {
        standIn.answerStatus(400);
        for (int i = 0; i < 5; i++) {
            String id = uniqueId("stu");
            assertBadGateway(registerStudent(id));
            asStaff().get("/students/{id}", id).then().statusCode(404);
        }
        assertEquals(5, standIn.userCalls(), "one call per request: a 400 is not retried");
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(SOCIAL_SERVICE));

        standIn.answerStatus(403);
        standIn.resetCounts();
        for (int i = 0; i < 5; i++) {
            putCourseIn(uniqueId("crs"), uniqueId("ws")).then().statusCode(403)
                    .contentType("application/problem+json");
        }
        assertEquals(5, standIn.workspaceCalls(), "one call per request: a 403 is not retried");
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(WORKSPACE_SERVICE));
    }

    @Test
    void aMissingReferenceIsA422ThatNeitherRetriesNorOpensTheBreaker() {
        standIn.answerStatus(404);
        for (int i = 0; i < 5; i++) {
            String id = uniqueId("stu");
            registerStudent(id).then().statusCode(422).body("errors[0].field", equalTo("studentId"));
        }
        assertEquals(5, standIn.userCalls());
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(SOCIAL_SERVICE));
        putCourseIn(uniqueId("crs"), uniqueId("ws")).then().statusCode(422)
                .body("errors[0].field", equalTo("workspaceId"));
        assertEquals(1, standIn.workspaceCalls());
    }

    @Test
    void aCourseWithoutWorkspaceCallsNoOneEvenWhenWorkspaceServiceIsDown() {
        standIn.stop();
        String courseId = uniqueId("crs");
        putCourse(courseId, course("Standalone", 3, "2026-fall", null)).then().statusCode(201)
                .body("workspaceId", org.hamcrest.Matchers.nullValue());
        assertFalse(standIn.workspaceCalls() > 0);
        asStaff().get("/courses/{id}", courseId).then().statusCode(200).header("ETag", notNullValue());
    }
}
