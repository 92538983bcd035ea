package dev.trident.workspace;

import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every date the service writes, and the year a project number is counted in, come from the injected clock: with it
 * stopped at the last millisecond of 2031, that is what workspaces, members and projects carry.
 */
@QuarkusTest
@TestProfile(StoppedClockTest.Stopped.class)
class StoppedClockTest {

    private static final String LAST_MILLISECOND_OF_2031 = "2031-12-31T23:59:59.999Z";

    /** The clock of this test's application instead of the system's. */
    @Alternative
    @Singleton
    public static class StoppedClock {
        @Produces
        @Singleton
        Clock clock() {
            return Clock.fixed(Instant.parse(LAST_MILLISECOND_OF_2031), ZoneOffset.UTC);
        }
    }

    public static class Stopped implements QuarkusTestProfile {
        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(StoppedClock.class);
        }
    }

    @Test
    void workspacesMembersAndProjectsAreDatedAndNumberedByTheInjectedClock() {
        String ws = Api.createWorkspace("stopped", null);
        Api.given().get("/workspaces/" + ws).then().statusCode(200)
                .body("createdAt", equalTo(LAST_MILLISECOND_OF_2031))
                .body("updatedAt", equalTo(LAST_MILLISECOND_OF_2031));
        Api.given().contentType(ContentType.JSON).body(Map.of("seatLimit", 3)).patch("/workspaces/" + ws)
                .then().statusCode(200).body("updatedAt", equalTo(LAST_MILLISECOND_OF_2031));

        Api.postProject(ws, "Last of the year", null).then().statusCode(201)
                .body("projectId", equalTo("2031-0001"))
                .body("createdAt", equalTo(LAST_MILLISECOND_OF_2031));

        String member = Api.createUser("Dated Member");
        MemberRoutesTest.putMember(Api.owner(), ws, member, "member").then().statusCode(201)
                .body("createdAt", equalTo(LAST_MILLISECOND_OF_2031));
    }
}
