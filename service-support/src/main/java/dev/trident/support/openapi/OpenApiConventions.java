package dev.trident.support.openapi;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * One set of OpenAPI conventions for the three services, applied at build time to every route (new ones included),
 * so that a route's own annotations name only what is its own.
 * <ul>
 * <li>One security scheme, {@value #BEARER} (HTTP bearer, JWT), required by every route: a scheme a service declares
 * under that name keeps its description; any other scheme (e.g. one an extension adds) is removed, so Swagger UI's
 * Authorize dialog asks once.</li>
 * <li>The RFC 9457 {@code Problem} schema ({@link ProblemResponses#SCHEMA}) under {@code components.schemas}.</li>
 * <li>Answers every route of a kind gives, added unless the route declares them itself: 401 (every route needs a
 * token), 414 and 431 (a request line or headers over the HTTP server's limits, answered with no body) and 503 (at
 * capacity, DynamoDB or a peer unavailable) on every route; 400 on a route with any parameter or body; 413
 * (over quarkus.http.limits.max-body-size) and 415 on a route with a body; 412 on a route reading {@code If-Match}; 409
 * (contention) and 422 (a key reused for another request) on a route reading {@code Idempotency-Key}. Each is written
 * once, under {@code components.responses}, and referenced: written out on every route they were 40 of the 62 KB of
 * social-service's document, which every start parses and serialises twice (JSON and YAML).</li>
 * <li>Any error answer (4xx, 5xx) declared bare, e.g. {@code @APIResponse(responseCode = "404")}, gets the problem+json
 * content with the shared schema and an example, and the standard description when it has none.</li>
 * </ul>
 * What is left to a route: its success answers with their schema (e.g. {@code @APIResponseSchema(value = Post.class,
 * responseCode = "201")}) and the error codes of its own rules (403, 404, 409, 422, ...). The services' tests check the
 * result against the answers they observe (test-support {@code OpenApiCoverage}).
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class OpenApiConventions implements OASFilter {

    public static final String BEARER = "bearer";
    static final String PROBLEM_JSON = "application/problem+json";
    static final String IF_MATCH = "If-Match";
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Components components = openAPI.getComponents();
        if (components == null) {
            components = OASFactory.createComponents();
            openAPI.setComponents(components);
        }
        oneBearerScheme(components);
        components.addSchema(ProblemResponses.FIELD_ERROR_SCHEMA, fieldErrorSchema());
        components.addSchema(ProblemResponses.SCHEMA, problemSchema());
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        for (PathItem path : openAPI.getPaths().getPathItems().values()) {
            if (path.getOperations() == null) {
                continue;
            }
            for (Operation operation : path.getOperations().values()) {
                conventions(operation, path.getParameters(), components);
            }
        }
    }

    private static void oneBearerScheme(Components components) {
        SecurityScheme declared = components.getSecuritySchemes() == null ? null
                : components.getSecuritySchemes().get(BEARER);
        SecurityScheme bearer = declared != null ? declared
                : OASFactory.createSecurityScheme().description("RS256 JWT; `sub` is the caller's user id");
        bearer.type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT");
        Map<String, SecurityScheme> schemes = new LinkedHashMap<>();
        schemes.put(BEARER, bearer);
        components.setSecuritySchemes(schemes);
    }

    private static void conventions(Operation operation, List<Parameter> pathLevelParameters,
            Components components) {
        operation.setSecurity(List.of(OASFactory.createSecurityRequirement().addScheme(BEARER)));
        APIResponses responses = operation.getResponses();
        if (responses == null) {
            responses = OASFactory.createAPIResponses();
            operation.setResponses(responses);
        }
        List<Parameter> parameters = new ArrayList<>();
        if (pathLevelParameters != null) {
            parameters.addAll(pathLevelParameters);
        }
        if (operation.getParameters() != null) {
            parameters.addAll(operation.getParameters());
        }
        boolean hasBody = operation.getRequestBody() != null;
        addIfAbsent(responses, 401, components);
        addIfAbsent(responses, 414, components);
        addIfAbsent(responses, 431, components);
        addIfAbsent(responses, 503, components);
        if (hasBody || !parameters.isEmpty()) {
            addIfAbsent(responses, 400, components);
        }
        if (hasBody) {
            addIfAbsent(responses, 413, components);
            addIfAbsent(responses, 415, components);
        }
        if (hasHeader(parameters, IF_MATCH)) {
            addIfAbsent(responses, 412, components);
        }
        if (hasHeader(parameters, IDEMPOTENCY_KEY)) {
            addIfAbsent(responses, 409, components);
            addIfAbsent(responses, 422, components);
        }
        if (responses.getAPIResponses() != null) {
            responses.getAPIResponses().forEach((code, response) -> completeProblem(code, response));
        }
    }

    private static boolean hasHeader(List<Parameter> parameters, String name) {
        return parameters.stream().anyMatch(p -> p.getIn() == Parameter.In.HEADER && name.equalsIgnoreCase(p.getName()));
    }

    /** Refers the route to the status's shared answer, written under {@code components.responses} on first use. */
    private static void addIfAbsent(APIResponses responses, int status, Components components) {
        if (responses.hasAPIResponse(String.valueOf(status))) {
            return;
        }
        String name = ProblemResponses.componentName(status);
        if (components.getResponses() == null || !components.getResponses().containsKey(name)) {
            APIResponse shared = OASFactory.createAPIResponse();
            completeProblem(String.valueOf(status), shared);
            components.addResponse(name, shared);
        }
        responses.addAPIResponse(String.valueOf(status), OASFactory.createAPIResponse().ref(name));
    }

    /** A bare error answer gets the shared problem content, an example and the standard description. */
    private static void completeProblem(String code, APIResponse response) {
        int status;
        try {
            status = Integer.parseInt(code);
        } catch (NumberFormatException e) {
            return;
        }
        if (status < 400 || response.getRef() != null) {
            return;
        }
        if (response.getDescription() == null || response.getDescription().isBlank()) {
            response.setDescription(ProblemResponses.description(status));
        }
        if (ProblemResponses.answeredWithoutBody(status)) {
            return;
        }
        Content content = response.getContent();
        if (content == null || content.getMediaTypes() == null || content.getMediaTypes().isEmpty()) {
            response.setContent(OASFactory.createContent().addMediaType(PROBLEM_JSON, OASFactory.createMediaType()
                    .schema(OASFactory.createSchema().ref(ProblemResponses.SCHEMA))
                    .example(ProblemResponses.example(status))));
        }
        if (status == 503 && (response.getHeaders() == null || !response.getHeaders().containsKey("Retry-After"))) {
            response.addHeader("Retry-After", OASFactory.createHeader()
                    .description("Seconds to wait before retrying")
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.INTEGER)));
        }
        if (status == 401 && (response.getHeaders() == null || !response.getHeaders().containsKey("WWW-Authenticate"))) {
            response.addHeader("WWW-Authenticate", OASFactory.createHeader()
                    .description("The bearer challenge, e.g. `Bearer error=\"invalid_token\"`")
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING)));
        }
    }

    private static Schema problemSchema() {
        return OASFactory.createSchema()
                .addType(Schema.SchemaType.OBJECT)
                .description("RFC 9457 problem details: every error answer (application/problem+json)")
                .addProperty("type", string("A URI naming the kind of problem").format("uri")
                        .example("https://trident.dev/problems/not-found"))
                .addProperty("title", string("The status's title, the same for every problem of a type")
                        .example("Not found"))
                .addProperty("status", OASFactory.createSchema().addType(Schema.SchemaType.INTEGER).format("int32")
                        .description("The HTTP status").example(404))
                .addProperty("detail", string("What went wrong in this request").example("no such post"))
                .addProperty("errors", OASFactory.createSchema().addType(Schema.SchemaType.ARRAY)
                        .description("Field by field, for bad input (400) only")
                        .items(OASFactory.createSchema().ref(ProblemResponses.FIELD_ERROR_SCHEMA)))
                .required(List.of("type", "title", "status"));
    }

    private static Schema fieldErrorSchema() {
        return OASFactory.createSchema()
                .addType(Schema.SchemaType.OBJECT)
                .description("One invalid field of a request")
                .addProperty("field", string("The field, parameter or header, e.g. `limit`, `ids[3]`, `If-Match`")
                        .example("limit"))
                .addProperty("message", string("Why it was refused").example("must be between 1 and 100"))
                .required(List.of("field", "message"));
    }

    private static Schema string(String description) {
        return OASFactory.createSchema().addType(Schema.SchemaType.STRING).description(description);
    }
}
