package dev.trident.testing.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OpenApiCoverageRulesTest {

    private static final Map<String, Set<Integer>> DOCUMENTED = Map.of(
            "GET /users/{userId}", Set.of(200, 401, 404),
            "GET /users/by-handle/{handle}", Set.of(200, 404),
            "DELETE /users/{userId}/posts/{postId}", Set.of(204, 403, 503));

    @Test
    void aPathMatchesTheTemplateWithTheMostLiteralSegments() {
        List<String> templates = List.of("/users/{userId}", "/users/{userId}/{what}", "/users/by-handle/{handle}");
        assertEquals("/users/by-handle/{handle}", OpenApiCoverage.template(templates, "/users/by-handle/ada"));
        assertEquals("/users/{userId}", OpenApiCoverage.template(templates, "/users/ada"));
        assertNull(OpenApiCoverage.template(templates, "/q/health/ready"));
        assertNull(OpenApiCoverage.template(templates, "/users//x"), "an empty segment is no id");
    }

    @Test
    void anObservedStatusTheDocumentDoesNotListIsReported() {
        var differences = OpenApiCoverage.compare(DOCUMENTED, List.of(
                answer("GET", "/users/ada", 200), answer("GET", "/users/ada", 409)), Map.of(), false);
        assertEquals(List.of("GET /users/{userId} 409"), differences.undocumented());
        assertTrue(differences.unobserved().isEmpty(), "a filtered run does not ask for every documented code");
    }

    @Test
    void aDocumentedStatusNoTestObservedIsReportedUnlessAllowedWithAReason() {
        var differences = OpenApiCoverage.compare(DOCUMENTED, List.of(
                answer("GET", "/users/ada", 200), answer("GET", "/users/ada", 401), answer("GET", "/users/x", 404),
                answer("GET", "/users/by-handle/ada", 200),
                answer("DELETE", "/users/ada/posts/p1", 204)),
                Map.of("503", "proven elsewhere"), true);
        assertEquals(List.of(), differences.undocumented());
        assertEquals(List.of("DELETE /users/{userId}/posts/{postId} 403", "GET /users/by-handle/{handle} 404"),
                differences.unobserved().stream().sorted().toList());
        assertFalse(differences.isEmpty());
    }

    @Test
    void requestsOutsideTheDocumentAreNotCompared() {
        var differences = OpenApiCoverage.compare(DOCUMENTED, List.of(
                answer("GET", "/q/metrics", 200), answer("PUT", "/users/ada", 405)), Map.of(), false);
        assertTrue(differences.isEmpty());
    }

    @Test
    void onlyWholePackagesAndExclusionsCountAsTheWholeSuite() {
        assertTrue(OpenApiCoverage.wholeSuiteRan(null));
        assertTrue(OpenApiCoverage.wholeSuiteRan("dev.trident.social.**,!**/*IT"));
        assertFalse(OpenApiCoverage.wholeSuiteRan("PostApiTest,OpenApiCoverageTest"));
    }

    private static String[] answer(String method, String path, int status) {
        return new String[] { method, path, String.valueOf(status) };
    }
}
