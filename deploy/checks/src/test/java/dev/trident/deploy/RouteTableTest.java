package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * docs/api.md's route table is generated from the OpenAPI documents the services' builds write
 * ({@code <service>/target/openapi/openapi.json}, the documents they serve at {@code /q/openapi}): every route of each
 * service, its summary, and the statuses it documents. {@code -Droutes.table.write=true} writes it.
 */
class RouteTableTest {

    static final Path API = Repo.ROOT.resolve("docs/api.md");
    static final String BEGIN = "<!-- Generated from the services' OpenAPI documents by deploy/checks' RouteTableTest"
            + " (-Droutes.table.write=true). -->";
    static final String END = "<!-- End of the generated route table. -->";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    /** The statuses every route documents: listed once above the table, not on every row. */
    private static final Set<String> EVERY_ROUTE = Set.of("401", "414", "431", "503");

    static String table() throws IOException {
        List<String> lines = new ArrayList<>(List.of(BEGIN, ""));
        lines.add("Every route also answers 401, 414, 431 and 503 (see [Answers and errors](#answers-and-errors)).");
        for (String service : Repo.SERVICES) {
            Path document = Repo.ROOT.resolve(service).resolve("target/openapi/openapi.json");
            assertTrue(Files.exists(document), document + " is written by the service's build: build it first "
                    + "(./mvnw -o package -DskipTests -pl " + service + ")");
            JsonNode paths = new ObjectMapper().readTree(document.toFile()).path("paths");
            lines.add("");
            lines.add("**" + service + "** (port " + Repo.port(service) + ")");
            lines.add("");
            lines.add("| Route | What it does | Answers |");
            lines.add("|---|---|---|");
            for (Iterator<Map.Entry<String, JsonNode>> path = paths.fields(); path.hasNext();) {
                Map.Entry<String, JsonNode> route = path.next();
                for (Iterator<Map.Entry<String, JsonNode>> op = route.getValue().fields(); op.hasNext();) {
                    Map.Entry<String, JsonNode> operation = op.next();
                    if (!METHODS.contains(operation.getKey())) {
                        continue;
                    }
                    lines.add("| `" + operation.getKey().toUpperCase(Locale.ROOT) + " " + route.getKey() + "` | "
                            + summary(operation.getValue()) + " | " + statuses(operation.getValue()) + " |");
                }
            }
        }
        lines.add("");
        lines.add(END);
        return String.join("\n", lines);
    }

    /** The summary's first clause: up to its first ';' or '.' outside parentheses (the rest is on the service's page). */
    private static String summary(JsonNode operation) {
        String summary = operation.path("summary").asText("");
        int depth = 0;
        int cut = summary.length();
        for (int i = 0; i < summary.length() - 1 && cut == summary.length(); i++) {
            char c = summary.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0 && (c == ';' || c == '.') && summary.charAt(i + 1) == ' ') {
                cut = i;
            }
        }
        return summary.substring(0, cut).replace("|", "\\|");
    }

    private static String statuses(JsonNode operation) {
        List<String> codes = new ArrayList<>();
        operation.path("responses").fieldNames().forEachRemaining(code -> {
            if (!EVERY_ROUTE.contains(code)) {
                codes.add(code);
            }
        });
        return String.join(", ", codes.stream().sorted().toList());
    }

    @Test
    void apiMdShowsTheRoutesOfTheServedDocuments() throws IOException {
        new GeneratedSection(API, BEGIN, END, "routes.table.write").assertShows(table());
    }
}
