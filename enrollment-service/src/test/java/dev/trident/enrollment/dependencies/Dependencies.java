package dev.trident.enrollment.dependencies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.testing.Tokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Creates what students and courses refer to through the real services' own HTTP APIs (the URLs the service under
 * test was configured with), so tests never write another service's items themselves. Each call carries the token of
 * the user it acts for: social-service creates the caller's own profile, workspace-service makes the caller owner.
 */
public final class Dependencies {

    /**
     * The registrar of the route tests; owns the workspaces of {@link #newWorkspace} so it may link courses to them.
     */
    public static final String REGISTRAR_ID = "registrar-" + UUID.randomUUID().toString().substring(0, 12);

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private Dependencies() {
    }

    /** A new social-service user (POST /users as that user, 201); returns its id. */
    public static String newUser(String displayName) {
        return createUser("u-" + UUID.randomUUID().toString().substring(0, 12), displayName, 201);
    }

    /** Changes a user's displayName (PATCH /users/{id} as that user, 200). */
    public static void renameUser(String userId, String displayName) {
        send("PATCH", url(RealDependencies.SOCIAL_URL) + "/users/" + userId, userId,
                Map.of("displayName", displayName), 200);
    }

    private static String createUser(String userId, String displayName, int... expectedStatus) {
        String handle = "h" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        JsonNode created = send("POST", url(RealDependencies.SOCIAL_URL) + "/users", userId,
                Map.of("handle", handle, "displayName", displayName), expectedStatus);
        return created.has("userId") ? created.get("userId").asText() : userId;
    }

    /** A new workspace-service workspace owned by {@code ownerId} (POST /workspaces as that user, 201); its id. */
    public static String newWorkspace(String prefix, String ownerId) {
        ensureUser(ownerId);
        String id = prefix + "-" + UUID.randomUUID().toString().substring(0, 12);
        send("POST", url(RealDependencies.WORKSPACE_URL) + "/workspaces", ownerId, Map.of("id", id, "displayName",
                "Workspace " + id, "region", "eu-west-1", "seatLimit", 10, "ownerId", ownerId), 201);
        return id;
    }

    /** A new workspace owned by the test registrar. */
    public static String newWorkspace(String prefix) {
        return newWorkspace(prefix, REGISTRAR_ID);
    }

    /** Gives the user a social-service profile unless it has one (201 or 409). */
    private static void ensureUser(String userId) {
        createUser(userId, "User " + userId, 201, 409);
    }

    private static String url(String key) {
        return ConfigProvider.getConfig().getValue(key, String.class);
    }

    private static JsonNode send(String method, String url, String callerId, Object body, int... expectedStatus) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", "application/json")
                    .header("Authorization", Tokens.user(callerId).bearer())
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                    .build();
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (IntStream.of(expectedStatus).noneMatch(status -> status == response.statusCode())) {
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
