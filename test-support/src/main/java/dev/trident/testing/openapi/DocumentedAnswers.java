package dev.trident.testing.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Checks every answer a service's tests receive through rest-assured against the OpenAPI document the service serves
 * (the one its test build writes, {@link OpenApiCoverage#DOCUMENT}): the route documents the status, the answer's
 * media type is one the status documents, and the body validates against that media type's schema (JSON Schema
 * 2020-12 in the OpenAPI 3.1 dialect, by networknt's json-schema-validator). A path that is no route of the document
 * must not be answered with a success. Each answer's verdict goes to one file per test JVM,
 * {@code target/documented-answers/<pid>.tsv}, which {@link OpenApiCoverage#verify()} reads after the whole run: a
 * client generated from the document must be able to read every answer the tests saw.
 * <p>
 * {@link ObservedResponses#recordEvery} installs it ({@link #install}), so a service's tests need nothing more.
 */
public final class DocumentedAnswers implements Filter {

    private static final RunFile FILE = new RunFile("documented-answers");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DocumentedAnswers INSTALLED = new DocumentedAnswers();

    private final Map<String, Optional<Schema>> schemas = new ConcurrentHashMap<>();
    private volatile Document document;

    private record Document(JsonNode root, List<String> templates, SchemaRegistry registry) {
    }

    DocumentedAnswers() {
    }

    /** Checks against {@code document} instead of the file the build wrote. */
    DocumentedAnswers(JsonNode document) {
        this.document = load(document);
    }

    private static Document load(JsonNode root) {
        return new Document(root, fieldNames(root.path("paths")),
                SchemaRegistry.withDefaultDialect(Dialects.getOpenApi31()));
    }

    /** Adds the check to rest-assured's filters, once; what the service's tests send through rest-assured is checked. */
    public static void install() {
        if (!io.restassured.RestAssured.filters().contains(INSTALLED)) {
            io.restassured.RestAssured.filters(INSTALLED);
        }
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec,
            FilterContext context) {
        Response response = context.next(request, responseSpec);
        String method = request.getMethod().toUpperCase(Locale.ROOT);
        URI uri = URI.create(request.getURI());
        String path = uri.getRawPath();
        // Only the service under test (on rest-assured's port) answers by this document; a peer started beside it
        // answers by its own.
        if (uri.getPort() != io.restassured.RestAssured.port || path.startsWith("/q/") || path.equals("/q")
                || !Files.exists(OpenApiCoverage.DOCUMENT)) {
            return response;
        }
        String contentType = response.getContentType();
        String body = method.equals("HEAD") ? "" : response.asString();
        record(method, path, response.getStatusCode(), check(method, path, response.getStatusCode(), contentType,
                body));
        return response;
    }

    /**
     * What is wrong with one answer as the document describes it, or null when nothing is. {@code route} and the
     * status come first in the verdict so that equal mismatches of different ids count as one kind.
     */
    String check(String method, String path, int status, String contentType, String body) {
        Document doc = document();
        String template = exactTemplate(doc.templates(), path);
        if (template == null) {
            return status >= 200 && status < 300 ? "answered " + status + " on a path that is no route" : null;
        }
        JsonNode operation = doc.root().path("paths").path(template).path(method.toLowerCase(Locale.ROOT));
        if (operation.isMissingNode()) {
            return null;
        }
        JsonNode answer = resolve(doc.root(), operation.path("responses").path(String.valueOf(status)));
        if (answer.isMissingNode()) {
            return "status " + status + " is not documented";
        }
        JsonNode content = answer.path("content");
        if (body == null || body.isEmpty()) {
            return null;
        }
        if (content.isMissingNode() || content.isEmpty()) {
            return "a body where the document describes none";
        }
        String mediaType = contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (!content.has(mediaType)) {
            return "media type " + mediaType + " is not one of " + fieldNames(content);
        }
        if (!mediaType.endsWith("json")) {
            return null;
        }
        String location = "/paths/" + escape(template) + "/" + method.toLowerCase(Locale.ROOT) + "/responses/" + status
                + "/" + mediaType;
        Optional<Schema> schema = schemas.computeIfAbsent(location,
                l -> Optional.ofNullable(content.path(mediaType).get("schema")).map(s -> compile(doc, s)));
        if (schema.isEmpty()) {
            return null;
        }
        JsonNode value;
        try {
            value = JSON.readTree(body);
        } catch (IOException e) {
            return "a body that is not JSON: " + e.getMessage();
        }
        List<Error> errors = schema.get().validate(value);
        return errors.isEmpty() ? null
                : errors.stream().map(e -> e.getInstanceLocation() + ": " + e.getMessage()).sorted()
                        .map(m -> m.replaceAll("/\\d+(?=/|:)", "/*")).distinct()
                        .collect(Collectors.joining("; "));
    }

    private Document document() {
        Document loaded = document;
        if (loaded == null) {
            try {
                loaded = load(JSON.readTree(OpenApiCoverage.DOCUMENT.toFile()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            document = loaded;
        }
        return loaded;
    }

    /**
     * The answer's schema as a document of its own that carries the whole {@code components}, so that its
     * {@code #/components/schemas/...} references resolve as they do in the OpenAPI document.
     */
    private static Schema compile(Document doc, JsonNode schema) {
        ObjectNode root = JSON.createObjectNode();
        root.setAll((ObjectNode) schema.deepCopy());
        root.set("components", doc.root().path("components"));
        return doc.registry().getSchema(root);
    }

    /** A response given as {@code $ref} to {@code #/components/responses/...}, followed. */
    private static JsonNode resolve(JsonNode root, JsonNode node) {
        JsonNode ref = node.get("$ref");
        return ref == null ? node : root.at(ref.asText().substring(1));
    }

    /** The template that spells this path, variables standing for one non-empty segment; a trailing '/' is not it. */
    static String exactTemplate(List<String> templates, String path) {
        String best = null;
        long bestLiterals = -1;
        String[] segments = path.split("/", -1);
        for (String template : templates) {
            String[] parts = template.split("/", -1);
            if (parts.length != segments.length) {
                continue;
            }
            long literals = 0;
            boolean matches = true;
            for (int i = 0; i < parts.length && matches; i++) {
                boolean variable = parts[i].startsWith("{") && parts[i].endsWith("}");
                matches = variable ? !segments[i].isEmpty() : parts[i].equals(segments[i]);
                literals += variable ? 0 : 1;
            }
            if (matches && literals > bestLiterals) {
                best = template;
                bestLiterals = literals;
            }
        }
        return best;
    }

    private static String escape(String pointerToken) {
        return pointerToken.replace("~", "~0").replace("/", "~1");
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
            names.add(it.next());
        }
        return names;
    }

    private static void record(String method, String path, int status, String mismatch) {
        FILE.append(mismatch == null ? "ok" : "mismatch", method + " " + path, String.valueOf(status),
                mismatch == null ? "" : mismatch);
    }

    /** This JVM's verdicts, each {@code [ok|mismatch, "METHOD path", status, what is wrong]}. */
    static List<String[]> read() {
        return FILE.read(4);
    }
}
