package dev.trident.support.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.support.problem.ProblemException;
import dev.trident.support.problem.RetryAfter;
import dev.trident.testing.StandInPeer;
import dev.trident.testing.StandInPeerResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The shared social-service lookup with the production fault-tolerance values (service-support's config, no test
 * overrides), against a stand-in: 3 attempts per request, a breaker that one failing request does not open (a window
 * of 10 attempts) but a failure rate does, and each peer answer mapped as DependencyFailures says.
 */
@QuarkusTest
@TestProfile(SocialUsersTest.StandInSocialService.class)
class SocialUsersTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String BEARER = "Bearer caller-token";

    public static class StandInSocialService implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(StandInPeerResource.class,
                    StandInPeerResource.playing("social-service")));
        }
    }

    @Inject
    SocialUsers users;

    @Inject
    CircuitBreakerMaintenance breakers;

    StandInPeer standIn;

    @BeforeEach
    void healthyAndClosed() {
        standIn.reset();
        breakers.resetAll(); // the named breaker exists once its guard has been used
    }

    private ProblemException refusal(String userId) {
        return assertThrows(ProblemException.class, () -> users.require("ownerId", userId, BEARER).await().atMost(WAIT));
    }

    @Test
    void aUserIsReadOnceWithTheCallersToken() {
        SocialUser user = users.require("ownerId", "u-ada", BEARER).await().atMost(WAIT);
        assertEquals(new SocialUser("u-ada", "Stand-in u-ada"), user);
        assertEquals(List.of(BEARER), standIn.authorizations());
    }

    @Test
    void aFailingPeerIsTriedThreeTimesPerRequestAndOnlyAFailureRateOpensTheBreaker() {
        standIn.answerStatus(500);
        ProblemException first = refusal("u-1");
        assertEquals(503, first.status());
        assertEquals(1, first.retryAfterSeconds());
        assertEquals(3, standIn.userCalls(), "1 attempt + 2 retries");
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(PeerGuards.SOCIAL_SERVICE),
                "one failing request (3 attempts) does not fill the window of 10");
        refusal("u-2");
        refusal("u-3");
        assertEquals(9, standIn.userCalls());
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(PeerGuards.SOCIAL_SERVICE));
        // The 10th failed attempt fills the window: the breaker opens, and the retry after it meets it (Retry-After 5).
        assertEquals(RetryAfter.OUTAGE.seconds(), refusal("u-4").retryAfterSeconds());
        assertEquals(10, standIn.userCalls());
        assertEquals(CircuitBreakerState.OPEN, breakers.currentState(PeerGuards.SOCIAL_SERVICE));
    }

    @Test
    void aPeer401403And405AreAnsweredAs401403And502AfterOneCall() {
        int[][] answers = { { 401, 401 }, { 403, 403 }, { 405, 502 }, { 404, 422 } };
        for (int[] answer : answers) {
            standIn.resetCounts();
            standIn.answerStatus(answer[0]);
            assertEquals(answer[1], refusal("u-x").status(), "peer answered " + answer[0]);
            assertEquals(1, standIn.userCalls(), "peer answered " + answer[0] + ": not retried");
        }
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState(PeerGuards.SOCIAL_SERVICE));
    }
}
