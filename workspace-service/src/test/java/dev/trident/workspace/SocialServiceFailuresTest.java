package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.Tokens;
import dev.trident.workspace.StandInSocialService.Mode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * social-service down, slow, failing or refusing, played by a stand-in: every case answers 503 (or passes a
 * 401/403 on) quickly, retries only what is transient, opens and closes the breaker, and writes nothing.
 */
@QuarkusTest
@TestProfile(StandInSocialService.Profile.class)
class SocialServiceFailuresTest {

    private static final Logger LOG = Logger.getLogger(SocialServiceFailuresTest.class);
    private static final String BREAKER = "social-service";
    /** One call plus the two retries. */
    private static final int ATTEMPTS = 3;

    @Inject
    CircuitBreakerMaintenance breakers;

    /** A healthy call first, so that no timing below includes the first use of the client in this JVM. */
    @BeforeEach
    void warmHealthyStandInAndClosedBreaker() {
        StandInSocialService.start();
        StandInSocialService.reset();
        createWorkspace("warm", "u-warm");
        StandInSocialService.reset();
        breakers.reset(BREAKER);
    }

    @AfterEach
    void restartTheStandIn() {
        StandInSocialService.start();
        StandInSocialService.reset();
    }

    @Test
    void aHealthyDependencyIsCalledOnceWithTheTraceContextAndTheCallersTokenAndItsNameIsStored() {
        String bearer = Tokens.user("u-fine").bearer();
        String ws = Api.uniqueId("fine");
        RestAssured.given().header("Authorization", bearer).contentType(ContentType.JSON)
                .body(workspacePost(ws, "u-fine")).post("/workspaces").then().statusCode(201);
        assertEquals(1, StandInSocialService.calls());
        assertEquals(bearer, StandInSocialService.lastAuthorization(), "the caller's token is passed on");
        String traceparent = StandInSocialService.lastTraceparent();
        assertNotNull(traceparent, "the W3C trace context travels with the call");
        assertTrue(traceparent.matches("00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]"), traceparent);
        Api.postProject(ws, "p", null, "u-fine").then().statusCode(201)
                .body("createdBy", equalTo("u-fine")).body("createdByName", equalTo("Stand-in u-fine"));
    }

    @Test
    void aHangingDependencyIs503WithinTwoSecondsAfterOneCallAndTwoRetriesAndNothingIsWritten() throws IOException {
        StandInSocialService.mode(Mode.SLOW);
        String id = Api.uniqueId("slow");
        long millis = timed503(workspacePost(id, "u-slow"), "1");
        record("hanging dependency, POST /workspaces", millis);
        assertTrue(millis < 2_000, "503 after " + millis + " ms");
        assertEquals(ATTEMPTS, StandInSocialService.calls());
        Api.as("u-slow").get("/workspaces/" + id).then().statusCode(404);
    }

    @Test
    void aHangingDependencyFailsAProjectCreateBeforeTheCounterMoves() throws IOException {
        String ws = createWorkspace("slowproj", "u-owner");
        breakers.reset(BREAKER);
        StandInSocialService.reset();
        StandInSocialService.mode(Mode.SLOW);
        long started = System.nanoTime();
        Api.postProject(ws, "p", null, "u-owner").then().statusCode(503).contentType(PROBLEM_JSON)
                .header("Retry-After", "1");
        long millis = (System.nanoTime() - started) / 1_000_000;
        record("hanging dependency, POST /workspaces/{id}/projects", millis);
        assertTrue(millis < 2_000, "503 after " + millis + " ms");
        assertEquals(ATTEMPTS, StandInSocialService.calls());

        StandInSocialService.mode(Mode.HEALTHY);
        breakers.reset(BREAKER);
        Api.as("u-owner").get("/workspaces/" + ws + "/projects").then().statusCode(200).body("items.size()", equalTo(0));
        Api.postProject(ws, "p", null, "u-owner").then().statusCode(201).body("id", endsWith("-0001"));
    }

    @Test
    void serverErrorsAre503AfterOneCallAndTwoRetriesAndNothingIsWritten() throws IOException {
        StandInSocialService.mode(Mode.SERVER_ERROR);
        String id = Api.uniqueId("fail");
        long millis = timed503(workspacePost(id, "u-fail"), "1");
        record("HTTP 500 from the dependency, POST /workspaces", millis);
        assertEquals(ATTEMPTS, StandInSocialService.calls());
        Api.as("u-fail").get("/workspaces/" + id).then().statusCode(404);
    }

    @Test
    void aRefusedConnectionIs503FastAndTheServiceRecoversWhenTheDependencyIsBack() throws IOException {
        StandInSocialService.stop();
        String id = Api.uniqueId("down");
        long millis = timed503(workspacePost(id, "u-down"), "1");
        record("connection refused, POST /workspaces", millis);
        assertTrue(millis < 1_000, "503 after " + millis + " ms");
        Api.as("u-down").get("/workspaces/" + id).then().statusCode(404);
        // A dependency that is down does not make this service unready (that would cascade) nor dead.
        RestAssured.given().get("/q/health/ready").then().statusCode(200);
        RestAssured.given().get("/q/health/live").then().statusCode(200);

        StandInSocialService.start();
        breakers.reset(BREAKER);
        Api.as("u-down").contentType(ContentType.JSON).body(workspacePost(id, "u-down")).post("/workspaces")
                .then().statusCode(201);
    }

    @Test
    void theBreakerOpensUnderRepeatedFailureAnswersAtOnceAndClosesWhenTheDependencyRecovers() throws Exception {
        StandInSocialService.mode(Mode.SERVER_ERROR);
        timed503(workspacePost(Api.uniqueId("cb"), "u-cb"), "1");
        assertEquals(ATTEMPTS, StandInSocialService.calls());
        // The fourth failed attempt fills the window (4 attempts, ratio 0.5): the breaker opens, no more retries.
        timed503(workspacePost(Api.uniqueId("cb"), "u-cb"), "5");
        assertEquals(StandInSocialService.Profile.BREAKER_VOLUME, StandInSocialService.calls());
        assertEquals(CircuitBreakerState.OPEN, breakers.currentState(BREAKER));

        String refused = Api.uniqueId("cb-open");
        long millis = timed503(workspacePost(refused, "u-cb"), "5");
        record("breaker open, POST /workspaces", millis);
        assertTrue(millis < 300, "an open breaker answers at once, took " + millis + " ms");
        assertEquals(StandInSocialService.Profile.BREAKER_VOLUME, StandInSocialService.calls(),
                "an open breaker does not call");
        Api.as("u-cb").get("/workspaces/" + refused).then().statusCode(404);

        StandInSocialService.mode(Mode.HEALTHY);
        Thread.sleep(StandInSocialService.Profile.BREAKER_DELAY_MILLIS + 200);
        Api.as("u-cb").contentType(ContentType.JSON).body(workspacePost(refused, "u-cb")).post("/workspaces")
                .then().statusCode(201);
        assertEquals(StandInSocialService.Profile.BREAKER_VOLUME + 1, StandInSocialService.calls());
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(BREAKER));
    }

    @Test
    void clientErrorsOfTheDependencyAreNotRetriedAndDoNotOpenTheBreaker() {
        StandInSocialService.mode(Mode.BAD_REQUEST);
        for (int i = 1; i <= 6; i++) {
            String id = Api.uniqueId("rejected");
            Api.as("u-400").contentType(ContentType.JSON).body(workspacePost(id, "u-400")).post("/workspaces")
                    .then().statusCode(503).contentType(PROBLEM_JSON).header("Retry-After", "1");
            assertEquals(i, StandInSocialService.calls(), "a 400 is not retried");
            Api.as("u-400").get("/workspaces/" + id).then().statusCode(404);
        }
        StandInSocialService.mode(Mode.FORBIDDEN);
        String id = Api.uniqueId("forbidden");
        Api.as("u-403").contentType(ContentType.JSON).body(workspacePost(id, "u-403")).post("/workspaces")
                .then().statusCode(403).contentType(PROBLEM_JSON);
        assertEquals(7, StandInSocialService.calls(), "a 403 is not retried");
        Api.as("u-403").get("/workspaces/" + id).then().statusCode(404);
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(BREAKER));

        StandInSocialService.mode(Mode.HEALTHY);
        Api.as("u-403").contentType(ContentType.JSON).body(workspacePost(id, "u-403")).post("/workspaces")
                .then().statusCode(201);
        assertEquals(8, StandInSocialService.calls());
    }

    @Test
    void aNotFoundAnswerIsAnUnknownReferenceNotAFailure() {
        StandInSocialService.mode(Mode.NOT_FOUND);
        for (int i = 0; i < 5; i++) {
            String id = Api.uniqueId("absent");
            Api.as("u-none").contentType(ContentType.JSON).body(workspacePost(id, "u-none")).post("/workspaces")
                    .then().statusCode(422).contentType(PROBLEM_JSON).body("errors[0].field", equalTo("ownerId"));
            Api.as("u-none").get("/workspaces/" + id).then().statusCode(404);
        }
        assertEquals(5, StandInSocialService.calls());
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(BREAKER));
    }

    private static Map<String, Object> workspacePost(String id, String ownerId) {
        return Api.workspaceBody(id, null, ownerId);
    }

    private static String createWorkspace(String prefix, String ownerId) {
        String id = Api.uniqueId(prefix);
        Api.as(ownerId).contentType(ContentType.JSON).body(workspacePost(id, ownerId)).post("/workspaces")
                .then().statusCode(201);
        return id;
    }

    /** Posts a workspace expecting a 503 problem with the given Retry-After; returns the time to the answer. */
    private static long timed503(Map<String, Object> body, String retryAfter) {
        long started = System.nanoTime();
        Response response = Api.as((String) body.get("ownerId")).contentType(ContentType.JSON).body(body)
                .post("/workspaces");
        long millis = (System.nanoTime() - started) / 1_000_000;
        response.then().statusCode(503).contentType(PROBLEM_JSON).header("Retry-After", retryAfter);
        return millis;
    }

    private static void record(String what, long millis) throws IOException {
        String line = what + ": 503 after " + millis + " ms";
        LOG.info(line);
        Files.writeString(Path.of("target", "dependency-failure-timings.txt"), line + "\n",
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
