package dev.trident.enrollment.dependencies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Creates what students and courses refer to through the real services' own HTTP APIs (the URLs the service under
 * test was configured with), so tests never write another service's items themselves.
 */
public final class Dependencies {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private Dependencies() {
    }

    /** A new social-service user (POST /users, 201); returns its id. */
    public static String newUser(String displayName) {
        String handle = "h" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        return send("POST", url(RealDependencies.SOCIAL_URL) + "/users",
                Map.of("handle", handle, "displayName", displayName), 201).get("userId").asText();
    }

    /** Changes a user's displayName (PATCH /users/{id}, 200). */
    public static void renameUser(String userId, String displayName) {
        send("PATCH", url(RealDependencies.SOCIAL_URL) + "/users/" + userId, Map.of("displayName", displayName), 200);
    }

    /** A new workspace-service workspace owned by a new user (POST /workspaces, 201); returns its id. */
    public static String newWorkspace(String prefix) {
        String id = prefix + "-" + UUID.randomUUID().toString().substring(0, 12);
        send("POST", url(RealDependencies.WORKSPACE_URL) + "/workspaces", Map.of("id", id, "displayName",
                "Workspace " + id, "region", "eu-west-1", "seatLimit", 10, "ownerId", newUser("Owner of " + id)), 201);
        return id;
    }

    private static String url(String key) {
        return ConfigProvider.getConfig().getValue(key, String.class);
    }

    private static JsonNode send(String method, String url, Object body, int expectedStatus) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                    .build();
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != expectedStatus) {
                throw new AssertionError(method + " " + url + " answered " + response.statusCode() + ": "
                        + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
