package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.StandInPeer;
import dev.trident.testing.Tokens;
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
 * social-service down, slow, failing or refusing, played by a stand-in: every outage answers 503 quickly, a 401/403
 * is passed on and any other 4xx is a 502 (never a 503); only what is transient is retried, the breaker opens and
 * closes, and nothing is written.
 */
@QuarkusTest
@TestProfile(StandInSocialProfile.class)
class SocialServiceFailuresTest {

    private static final Logger LOG = Logger.getLogger(SocialServiceFailuresTest.class);
    private static final String BREAKER = "social-service";
    /** One call plus the two retries. */
    private static final int ATTEMPTS = 3;
    /** Far beyond the 500 ms per-attempt timeout. */
    private static final long SLOW_MILLIS = 3_000;

    StandInPeer standIn;

    @Inject
    CircuitBreakerMaintenance breakers;

    /** A healthy call first, so that no timing below includes the first use of the client in this JVM. */
    @BeforeEach
    void warmHealthyStandInAndClosedBreaker() {
        standIn.start();
        standIn.reset();
        createWorkspace("warm", "u-warm");
        standIn.reset();
        breakers.reset(BREAKER);
    }

    @AfterEach
    void restartTheStandIn() {
        standIn.start();
        standIn.reset();
    }

    @Test
    void aHealthyDependencyIsCalledOnceWithTheTraceContextAndTheCallersTokenAndItsNameIsStored() {
        String bearer = Tokens.user("u-fine").bearer();
        String ws = Api.uniqueId("fine");
        RestAssured.given().header("Authorization", bearer).contentType(ContentType.JSON)
                .body(workspacePost(ws, "u-fine")).post("/workspaces").then().statusCode(201);
        assertEquals(1, standIn.calls());
        assertEquals(bearer, standIn.lastAuthorization(), "the caller's token is passed on");
        String traceparent = standIn.lastTraceparent();
        assertNotNull(traceparent, "the W3C trace context travels with the call");
        assertTrue(traceparent.matches("00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]"), traceparent);
        Api.postProject(ws, "p", null, "u-fine").then().statusCode(201)
                .body("createdBy", equalTo("u-fine")).body("createdByName", equalTo("Stand-in u-fine"));
    }

    @Test
    void aHangingDependencyIs503WithinTwoSecondsAfterOneCallAndTwoRetriesAndNothingIsWritten() throws IOException {
        standIn.answerSlowly(SLOW_MILLIS);
        String id = Api.uniqueId("slow");
        long millis = timed503(workspacePost(id, "u-slow"), "1");
        record("hanging dependency, POST /workspaces", millis);
        assertTrue(millis < 2_000, "503 after " + millis + " ms");
        assertEquals(ATTEMPTS, standIn.calls());
        Api.as("u-slow").get("/workspaces/" + id).then().statusCode(404);
    }

    @Test
    void aHangingDependencyFailsAProjectCreateBeforeTheCounterMoves() throws IOException {
        String ws = createWorkspace("slowproj", "u-owner");
        breakers.reset(BREAKER);
        standIn.reset();
        standIn.answerSlowly(SLOW_MILLIS);
        long started = System.nanoTime();
        Api.postProject(ws, "p", null, "u-owner").then().statusCode(503).contentType(PROBLEM_JSON)
                .header("Retry-After", "1");
        long millis = (System.nanoTime() - started) / 1_000_000;
        record("hanging dependency, POST /workspaces/{id}/projects", millis);
        assertTrue(millis < 2_000, "503 after " + millis + " ms");
        assertEquals(ATTEMPTS, standIn.calls());

        standIn.answerHealthy();
        breakers.reset(BREAKER);
        Api.as("u-owner").get("/workspaces/" + ws + "/projects").then().statusCode(200).body("items.size()", equalTo(0));
        Api.postProject(ws, "p", null, "u-owner").then().statusCode(201).body("id", endsWith("-0001"));
    }

    @Test
    void serverErrorsAre503AfterOneCallAndTwoRetriesAndNothingIsWritten() throws IOException {
        standIn.answerStatus(500);
        String id = Api.uniqueId("fail");
        long millis = timed503(workspacePost(id, "u-fail"), "1");
        record("HTTP 500 from the dependency, POST /workspaces", millis);
        assertEquals(ATTEMPTS, standIn.calls());
        Api.as("u-fail").get("/workspaces/" + id).then().statusCode(404);
    }

    @Test
    void aRefusedConnectionIs503FastAndTheServiceRecoversWhenTheDependencyIsBack() throws IOException {
        standIn.stop();
        String id = Api.uniqueId("down");
        long millis = timed503(workspacePost(id, "u-down"), "1");
        record("connection refused, POST /workspaces", millis);
        assertTrue(millis < 1_000, "503 after " + millis + " ms");
        Api.as("u-down").get("/workspaces/" + id).then().statusCode(404);
        // A dependency that is down does not make this service unready (that would cascade) nor dead.
        RestAssured.given().get("/q/health/ready").then().statusCode(200);
        RestAssured.given().get("/q/health/live").then().statusCode(200);

        standIn.start();
        breakers.reset(BREAKER);
        Api.as("u-down").contentType(ContentType.JSON).body(workspacePost(id, "u-down")).post("/workspaces")
                .then().statusCode(201);
    }

    @Test
    void theBreakerOpensUnderRepeatedFailureAnswersAtOnceAndClosesWhenTheDependencyRecovers() throws Exception {
        standIn.answerStatus(500);
        timed503(workspacePost(Api.uniqueId("cb"), "u-cb"), "1");
        assertEquals(ATTEMPTS, standIn.calls());
        // The fourth failed attempt fills the window (4 attempts, ratio 0.5): the breaker opens, no more retries.
        timed503(workspacePost(Api.uniqueId("cb"), "u-cb"), "5");
        assertEquals(StandInSocialProfile.BREAKER_VOLUME, standIn.calls());
        assertEquals(CircuitBreakerState.OPEN, breakers.currentState(BREAKER));

        String refused = Api.uniqueId("cb-open");
        long millis = timed503(workspacePost(refused, "u-cb"), "5");
        record("breaker open, POST /workspaces", millis);
        assertTrue(millis < 300, "an open breaker answers at once, took " + millis + " ms");
        assertEquals(StandInSocialProfile.BREAKER_VOLUME, standIn.calls(),
                "an open breaker does not call");
        Api.as("u-cb").get("/workspaces/" + refused).then().statusCode(404);

        standIn.answerHealthy();
        Thread.sleep(StandInSocialProfile.BREAKER_DELAY_MILLIS + 200);
        Api.as("u-cb").contentType(ContentType.JSON).body(workspacePost(refused, "u-cb")).post("/workspaces")
                .then().statusCode(201);
        assertEquals(StandInSocialProfile.BREAKER_VOLUME + 1, standIn.calls());
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(BREAKER));
    }

    @Test
    void clientErrorsOfTheDependencyAreNotRetriedAndDoNotOpenTheBreaker() {
        standIn.answerStatus(400);
        for (int i = 1; i <= 6; i++) {
            String id = Api.uniqueId("rejected");
            Api.as("u-400").contentType(ContentType.JSON).body(workspacePost(id, "u-400")).post("/workspaces")
                    .then().statusCode(502).contentType(PROBLEM_JSON).header("Retry-After", nullValue());
            assertEquals(i, standIn.calls(), "a 400 is not retried");
            Api.as("u-400").get("/workspaces/" + id).then().statusCode(404);
        }
        standIn.answerStatus(403);
        String id = Api.uniqueId("forbidden");
        Api.as("u-403").contentType(ContentType.JSON).body(workspacePost(id, "u-403")).post("/workspaces")
                .then().statusCode(403).contentType(PROBLEM_JSON);
        assertEquals(7, standIn.calls(), "a 403 is not retried");
        Api.as("u-403").get("/workspaces/" + id).then().statusCode(404);
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(BREAKER));

        standIn.answerHealthy();
        Api.as("u-403").contentType(ContentType.JSON).body(workspacePost(id, "u-403")).post("/workspaces")
                .then().statusCode(201);
        assertEquals(8, standIn.calls());
    }

    @Test
    void aDependencyRefusingTheCallersTokenIsA401NotA503AndNothingIsWritten() {
        standIn.answerStatus(401);
        String id = Api.uniqueId("unauthorized");
        Api.as("u-401").contentType(ContentType.JSON).body(workspacePost(id, "u-401")).post("/workspaces")
                .then().statusCode(401).contentType(PROBLEM_JSON)
                .header("WWW-Authenticate", "Bearer error=\"invalid_token\"").header("Retry-After", nullValue());
        assertEquals(1, standIn.calls(), "a 401 is not retried");
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(BREAKER));
        Api.as("u-401").get("/workspaces/" + id).then().statusCode(404);
    }

    @Test
    void aDependencyAnswering405IsA502NamingItNotRetriedNotHeldAgainstTheBreakerAndNothingIsWritten() {
        String ws = createWorkspace("p405", "u-owner");
        standIn.resetCounts();
        standIn.answerStatus(405);
        String id = Api.uniqueId("not-allowed");
        Api.as("u-405").contentType(ContentType.JSON).body(workspacePost(id, "u-405")).post("/workspaces")
                .then().statusCode(502).contentType(PROBLEM_JSON).header("Retry-After", nullValue())
                .body("type", equalTo("https://trident.dev/problems/bad-gateway"))
                .body("detail", containsString("social-service")).body("detail", containsString("405"));
        Api.postProject(ws, "p", null, "u-owner").then().statusCode(502).contentType(PROBLEM_JSON);
        assertEquals(2, standIn.calls(), "a 405 is not retried");
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(BREAKER));
        Api.as("u-405").get("/workspaces/" + id).then().statusCode(404);
        Api.as("u-owner").get("/workspaces/" + ws + "/projects").then().statusCode(200).body("items.size()", equalTo(0));
    }

    @Test
    void aNotFoundAnswerIsAnUnknownReferenceNotAFailure() {
        standIn.answerStatus(404);
        for (int i = 0; i < 5; i++) {
            String id = Api.uniqueId("absent");
            Api.as("u-none").contentType(ContentType.JSON).body(workspacePost(id, "u-none")).post("/workspaces")
                    .then().statusCode(422).contentType(PROBLEM_JSON).body("errors[0].field", equalTo("ownerId"));
            Api.as("u-none").get("/workspaces/" + id).then().statusCode(404);
        }
        assertEquals(5, standIn.calls());
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
