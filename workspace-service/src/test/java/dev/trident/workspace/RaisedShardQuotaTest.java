package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code trident.workspace.max-shards-without-platform-admin} raises what any caller may ask for. */
@QuarkusTest
@TestProfile(RaisedShardQuotaTest.FourShards.class)
class RaisedShardQuotaTest {

    public static class FourShards implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trident.workspace.max-shards-without-platform-admin", "4");
        }
    }

    @Test
    void anyCallerMayCreateUpToTheConfiguredShardsAndNoMore() {
        Api.given().contentType(ContentType.JSON).body(Api.workspaceBody(Api.uniqueId("raised"), 4))
                .post("/workspaces").then().statusCode(201).body("shards", equalTo(4));
        Api.given().contentType(ContentType.JSON).body(Api.workspaceBody(Api.uniqueId("raised"), 5))
                .post("/workspaces").then().statusCode(403).contentType(PROBLEM_JSON)
                .body("detail", containsString("at most 4"));
    }
}
