package dev.trident.support.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Built with the management interface (docs/operations.md): metrics and the OpenAPI document are served on the
 * management port only, health stays on the application port where the probes of deploy/ look for it.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@TestProfile(ManagementInterfaceTest.ManagementInterface.class)
class ManagementInterfaceTest {

    public static class ManagementInterface implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.management.enabled", "true", "quarkus.management.test-port", freePort());
        }

        private static String freePort() {
            try (ServerSocket socket = new ServerSocket(0)) {
                return Integer.toString(socket.getLocalPort());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static String management(String path) {
        return "http://localhost:" + ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class)
                + path;
    }

    @Test
    void metricsAndOpenApiAreOnTheManagementPortOnly() {
        String managementMetrics = management("/q/metrics");
        String managementOpenApi = management("/q/openapi");
        given().get(managementMetrics).then().statusCode(200).body(containsString("# TYPE jvm_"));
        given().get(managementOpenApi).then().statusCode(200).body(containsString("openapi"));
        given().get("/q/metrics").then().statusCode(404);
        given().get("/q/openapi").then().statusCode(404);
    }

    @Test
    void healthStaysOnTheApplicationPort() {
        given().get("/q/health/live").then().statusCode(200);
        given().get("/q/health/ready").then().statusCode(200);
    }
}
