package dev.trident.testing.openapi;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.Tokens;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the OpenAPI conventions (service-support {@code OpenApiConventions}) promise, checked on the served document
 * and then on every route it lists, new ones included: one bearer scheme required everywhere, every error answer a
 * {@code Problem} (but the bodiless 414 and 431 of the HTTP server), and the answers every route of a kind gives (401 without a token, 415 for a body that is not JSON,
 * 413 for a body over the limit, 400 for a path id outside the id grammar, 400 for a page size outside 1..100). A
 * service runs it with {@code @QuarkusTest class XxxDocumentedAnswersTest extends DocumentedAnswersContract {}}.
 */
public abstract class DocumentedAnswersContract {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{[^/}]+}");
    /** An id every route accepts as an id (letters and digits) and one none does (leading '-', outside the grammar). */
    private static final String SOME_ID = "probe1";
    private static final String MALFORMED_ID = "-probe";
    private static final int BODY_LIMIT_BYTES = 1024 * 1024;
    /** Answered by the HTTP server itself, before any route, with no body: a request line or headers over its limits. */
    private static final Set<Integer> HTTP_SERVER_ANSWERS = Set.of(414, 431);

    protected record Route(String method, String template, Map<String, Object> operation) {

        boolean hasBody() {
            return operation.get("requestBody") != null;
        }

        String path(String id) {
            return PATH_PARAMETER.matcher(template).replaceAll(Matcher.quoteReplacement(id));
        }

        @Override
        public String toString() {
            return method.toUpperCase(Locale.ROOT) + " " + template;
        }
    }

    private JsonPath document;
    private List<Route> routes;

    @BeforeEach
    void readTheServedDocument() {
        document = given().accept("application/json").get("/q/openapi?format=json").then().statusCode(200).extract()
                .jsonPath();
        routes = new ArrayList<>();
        Map<String, Map<String, Object>> paths = document.getMap("paths");
        paths.forEach((template, item) -> item.forEach((method, operation) -> {
            if (METHODS.contains(method) && operation instanceof Map<?, ?> op) {
                @SuppressWarnings("unchecked")
                Map<String, Object> typed = (Map<String, Object>) op;
                routes.add(new Route(method, template, typed));
            }
        }));
        assertTrue(!routes.isEmpty(), "the document lists the service's routes");
    }

    /** The caller every probe with a token acts as; it owns nothing. */
    protected RequestSpecification withToken() {
        return given().header("Authorization", Tokens.user("openapi-probe").bearer());
    }

    @Test
    void theDocumentHasOneBearerSchemeThatEveryRouteRequires() {
        Map<String, Map<String, Object>> schemes = document.getMap("components.securitySchemes");
        assertEquals(Set.of("bearer"), schemes.keySet(), "one scheme, so Swagger UI's Authorize asks once");
        assertEquals("http", schemes.get("bearer").get("type"));
        assertEquals("bearer", schemes.get("bearer").get("scheme"));
        for (Route route : routes) {
            assertEquals(List.of(Map.of("bearer", List.of())), route.operation().get("security"), route::toString);
        }
    }

    @Test
    void everyErrorAnswerIsAProblemAndEverySuccessHasASchemaWithAnExample() {
        List<String> wrong = new ArrayList<>();
        for (Route route : routes) {
            Map<?, ?> responses = (Map<?, ?>) route.operation().get("responses");
            responses.forEach((code, response) -> {
                int status = Integer.parseInt(String.valueOf(code));
                Map<?, ?> content = (Map<?, ?>) resolved((Map<?, ?>) response).get("content");
                if (HTTP_SERVER_ANSWERS.contains(status)) {
                    if (content != null) {
                        wrong.add(route + " " + status + ": the HTTP server answers it with no body");
                    }
                } else if (status >= 400) {
                    Object schema = content == null || !(content.get("application/problem+json") instanceof Map<?, ?> m)
                            ? null : m.get("schema");
                    if (!(schema instanceof Map<?, ?> s) || !"#/components/schemas/Problem".equals(s.get("$ref"))) {
                        wrong.add(route + " " + status + ": not application/problem+json with the Problem schema");
                    }
                } else if (status != 204 && (content == null || content.values().stream()
                        .noneMatch(media -> media instanceof Map<?, ?> m && m.get("schema") != null))) {
                    wrong.add(route + " " + status + ": no response schema");
                } else if (status != 204 && content.values().stream()
                        .anyMatch(media -> !exampled(((Map<?, ?>) media).get("schema"), 0))) {
                    wrong.add(route + " " + status + ": a response schema without an example");
                }
            });
        }
        assertEquals(List.of(), wrong);
        Map<String, Object> problem = document.getMap("components.schemas.Problem.properties");
        assertEquals(Set.of("type", "title", "status", "detail", "errors"), problem.keySet());
    }

    @Test
    void theAnswersEveryRouteOfAKindSharesAreWrittenOnceAndReferenced() {
        Map<String, Map<String, Object>> shared = document.getMap("components.responses");
        assertTrue(shared.get("Unauthorized").get("headers") instanceof Map<?, ?> h && h.containsKey("WWW-Authenticate"));
        assertTrue(shared.get("ServiceUnavailable").get("headers") instanceof Map<?, ?> h && h.containsKey("Retry-After"));
        List<String> inline = new ArrayList<>();
        for (Route route : routes) {
            Map<?, ?> responses = (Map<?, ?>) route.operation().get("responses");
            Map.of("401", "Unauthorized", "503", "ServiceUnavailable").forEach((status, name) -> {
                if (!(responses.get(status) instanceof Map<?, ?> answer)
                        || !("#/components/responses/" + name).equals(answer.get("$ref"))) {
                    inline.add(route + " " + status);
                }
            });
        }
        assertEquals(List.of(), inline, "401 and 503 refer to components.responses on every route");
    }

    /** An answer as a client reads it: a reference to a shared answer under {@code components.responses} followed. */
    private Map<?, ?> resolved(Map<?, ?> response) {
        if (response.get("$ref") instanceof String ref && ref.startsWith("#/components/responses/")) {
            Map<String, Object> shared = document.getMap("components.responses");
            Object answer = shared == null ? null : shared.get(ref.substring(ref.lastIndexOf('/') + 1));
            assertTrue(answer instanceof Map<?, ?>, ref + " is not in the document");
            return (Map<?, ?>) answer;
        }
        return response;
    }

    /**
     * Whether a client sees an example of this schema: its own, or, for a page or any other container of models, an
     * example of every model it holds (plain strings and numbers inside a container need none).
     */
    private boolean exampled(Object schema, int depth) {
        if (!(schema instanceof Map<?, ?> s) || depth > 8) {
            return false;
        }
        if (s.get("example") != null || s.get("examples") != null) {
            return true;
        }
        if (s.get("$ref") instanceof String ref) {
            String name = ref.substring(ref.lastIndexOf('/') + 1);
            return exampled(document.getMap("components.schemas").get(name), depth + 1);
        }
        for (String combined : List.of("oneOf", "anyOf", "allOf")) {
            if (s.get(combined) instanceof List<?> alternatives) {
                // A nullable reference is anyOf [the reference, {type: null}]: null needs no example.
                return alternatives.stream().filter(a -> !(a instanceof Map<?, ?> m && "null".equals(m.get("type"))))
                        .allMatch(a -> exampled(a, depth + 1));
            }
        }
        if (s.get("items") instanceof Map<?, ?> items) {
            return !holdsModels(items) || exampled(items, depth + 1);
        }
        if (s.get("properties") instanceof Map<?, ?> properties) {
            List<Object> models = properties.values().stream().filter(p -> holdsModels((Map<?, ?>) p))
                    .map(p -> (Object) p).toList();
            return !models.isEmpty() && models.stream().allMatch(p -> exampled(p, depth + 1));
        }
        return false;
    }

    private static boolean holdsModels(Map<?, ?> schema) {
        return schema.get("$ref") != null || schema.get("properties") != null || schema.get("oneOf") != null
                || schema.get("allOf") != null || schema.get("anyOf") != null
                || (schema.get("items") instanceof Map<?, ?> items && holdsModels(items));
    }

    @Test
    void everyRouteRefusesARequestWithoutATokenWith401() {
        for (Route route : routes) {
            RequestSpecification request = given();
            if (route.hasBody()) {
                request.contentType("application/json").body("{}");
            }
            Response answer = request.request(route.method(), route.path(SOME_ID));
            assertEquals(401, answer.statusCode(), route::toString);
            assertEquals("application/problem+json", answer.contentType(), route::toString);
        }
    }

    @Test
    void everyRouteWithABodyRefusesAnotherMediaTypeWith415() {
        for (Route route : routes) {
            if (route.hasBody()) {
                Response answer = withToken().contentType("text/plain").body("plain text")
                        .request(route.method(), route.path(SOME_ID));
                assertEquals(415, answer.statusCode(), route::toString);
            }
        }
    }

    @Test
    void everyRouteWithABodyRefusesABodyOverTheLimitWith413() {
        String tooLarge = "{\"pad\":\"" + "x".repeat(BODY_LIMIT_BYTES) + "\"}";
        for (Route route : routes) {
            if (route.hasBody()) {
                Response answer = withToken().contentType("application/json").body(tooLarge)
                        .request(route.method(), route.path(SOME_ID));
                assertEquals(413, answer.statusCode(), route::toString);
            }
        }
    }

    @Test
    void everyPagedListRefusesALimitOutside1To100With400() {
        for (Route route : routes) {
            if (route.method().equals("get") && answersAPage(route)) {
                Response answer = withToken().queryParam("limit", "0").get(route.path(SOME_ID));
                assertEquals(400, answer.statusCode(), () -> route + ": " + answer.asString());
                assertEquals("application/problem+json", answer.contentType(), route::toString);
            }
        }
    }

    /** Whether the route's 200 is a page: {@code items} and {@code nextCursor}. */
    private boolean answersAPage(Route route) {
        Map<?, ?> responses = (Map<?, ?>) route.operation().get("responses");
        if (!(responses.get("200") instanceof Map<?, ?> ok) || !(ok.get("content") instanceof Map<?, ?> content)) {
            return false;
        }
        return content.values().stream().anyMatch(media -> media instanceof Map<?, ?> m
                && m.get("schema") instanceof Map<?, ?> schema && schema.get("$ref") instanceof String ref
                && document.getMap("components.schemas").get(ref.substring(ref.lastIndexOf('/') + 1))
                        instanceof Map<?, ?> component
                && component.get("properties") instanceof Map<?, ?> properties
                && properties.containsKey("items") && properties.containsKey("nextCursor"));
    }

    @Test
    void everyRouteWithAPathIdRefusesAnIdOutsideTheGrammarWith400() {
        for (Route route : routes) {
            if (PATH_PARAMETER.matcher(route.template()).find()) {
                RequestSpecification request = withToken();
                if (route.hasBody()) {
                    request.contentType("application/json").body("{}");
                }
                Response answer = request.request(route.method(), route.path(MALFORMED_ID));
                assertEquals(400, answer.statusCode(), () -> route + ": " + answer.asString());
                assertEquals("application/problem+json", answer.contentType(), route::toString);
            }
        }
    }
}
