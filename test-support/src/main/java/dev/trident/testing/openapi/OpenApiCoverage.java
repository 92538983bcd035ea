package dev.trident.testing.openapi;

import io.restassured.path.json.JsonPath;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.opentest4j.TestAbortedException;

/**
 * Compares a service's OpenAPI document with the answers its tests observed ({@link ObservedResponses}, and what
 * rest-assured received, {@link DocumentedAnswers}): every observed (route, status) must be documented; when the whole
 * test suite ran, every documented (route, status) must have been observed, but for a short list of exceptions each
 * with its reason; and every answer rest-assured received must validate against the document.
 * <p>
 * Run it from a plain JUnit class (no {@code @QuarkusTest}) of the service: Quarkus' class orderer runs plain classes
 * after every {@code @QuarkusTest}, so it sees the whole run. The document is the one the test build wrote
 * ({@code %test.quarkus.smallrye-openapi.store-schema-directory=target/openapi}); requests to paths the document does
 * not have (health, metrics, unknown routes) and to methods a path does not document (405) are not compared.
 * A run filtered with {@code -Dtest=...} (other than whole packages, {@code pkg.**}, and exclusions) checks only the
 * first direction.
 */
public final class OpenApiCoverage {

    static final Path DOCUMENT = Path.of("target", "openapi", "openapi.json");
    private static final Set<String> METHODS = Set.of("GET", "PUT", "POST", "DELETE", "PATCH", "HEAD", "OPTIONS");

    private final Map<String, String> allowedUnobserved = new LinkedHashMap<>();

    private OpenApiCoverage() {
    }

    public static OpenApiCoverage ofThisTestRun() {
        return new OpenApiCoverage();
    }

    /**
     * A documented answer the tests need not observe, with the reason (say where it is proven instead).
     * {@code key} is a status ({@code "503"}: on every route) or a route and status ({@code "DELETE /users/{userId}
     * 409"}).
     */
    public OpenApiCoverage allowUnobserved(String key, String reason) {
        allowedUnobserved.put(key, reason);
        return this;
    }

    /**
     * Fails listing every difference, then every answer that does not validate; aborted (skipped) when this JVM served
     * no request at all.
     */
    public void verify() {
        if (!Files.exists(DOCUMENT)) {
            throw new AssertionError("no OpenAPI document at " + DOCUMENT.toAbsolutePath() + ": the test build writes it "
                    + "(quarkus.smallrye-openapi.store-schema-directory)");
        }
        List<String[]> recorded = ObservedResponses.read();
        if (recorded.isEmpty()) {
            throw new TestAbortedException("no @QuarkusTest served a request in this run: nothing to compare");
        }
        // What the server recorded, and what clients received: the HTTP server answers some (414, 431) before any
        // route.
        List<String[]> checked = DocumentedAnswers.read();
        List<String[]> observed = new ArrayList<>(recorded);
        checked.forEach(verdict -> observed.add(new String[] {verdict[1].substring(0, verdict[1].indexOf(' ')),
                verdict[1].substring(verdict[1].indexOf(' ') + 1), verdict[2]}));
        Map<String, Set<Integer>> documented = documented(JsonPath.from(DOCUMENT.toFile()));
        Differences differences = compare(documented, observed, allowedUnobserved,
                wholeSuiteRan(System.getProperty("test")));
        if (!differences.isEmpty()) {
            throw new AssertionError(differences.report());
        }
        if (checked.isEmpty()) {
            throw new AssertionError("the service answered " + recorded.size() + " requests but no answer was checked "
                    + "against the document: DocumentedAnswers is not among rest-assured's filters");
        }
        String mismatches = mismatches(documented.keySet(), checked);
        if (!mismatches.isEmpty()) {
            throw new AssertionError(mismatches);
        }
    }

    /**
     * The answers that do not match the document, one line per kind (route, status and what is wrong) with how many
     * answers and one path that showed it; empty when every answer matches.
     */
    static String mismatches(Set<String> routes, List<String[]> checked) {
        List<String> templates = routes.stream().map(route -> route.substring(route.indexOf(' ') + 1)).distinct()
                .toList();
        Map<String, List<String>> kinds = new TreeMap<>();
        int failed = 0;
        for (String[] verdict : checked) {
            if (!verdict[0].equals("mismatch")) {
                continue;
            }
            String[] request = verdict[1].split(" ", 2);
            String template = DocumentedAnswers.exactTemplate(templates, request[1]);
            String answer = request[0] + " " + (template == null ? request[1] : template) + " " + verdict[2] + ": ";
            for (String wrong : verdict[3].split("; ")) {
                kinds.computeIfAbsent(answer + wrong, k -> new ArrayList<>()).add(verdict[1]);
            }
            failed++;
        }
        if (kinds.isEmpty()) {
            return "";
        }
        StringBuilder report = new StringBuilder().append(failed).append(" of ").append(checked.size()).append(" answers do not match the OpenAPI document (")
                .append(kinds.size()).append(" kinds); a client generated from it could not read them:");
        kinds.forEach((kind, paths) -> report.append("\n  ").append(kind).append("  [").append(paths.size())
                .append("x, e.g. ").append(paths.get(0)).append(']'));
        return report.toString();
    }

    /**
     * Whether the run executed every test class: no -Dtest, or only whole packages ({@code dev.trident.social.**}) and
     * exclusions (patterns starting with {@code !}).
     */
    public static boolean wholeSuiteRan(String testFilter) {
        if (testFilter == null || testFilter.isBlank()) {
            return true;
        }
        return Arrays.stream(testFilter.split(",")).map(String::trim)
                .allMatch(p -> p.endsWith("**") || p.startsWith("!"));
    }

    /** Route ("GET /users/{userId}") to its documented statuses. */
    static Map<String, Set<Integer>> documented(JsonPath document) {
        Map<String, Map<String, Object>> paths = document.getMap("paths");
        Map<String, Set<Integer>> routes = new TreeMap<>();
        paths.forEach((template, item) -> item.forEach((method, operation) -> {
            String upper = method.toUpperCase(Locale.ROOT);
            if (!METHODS.contains(upper) || !(operation instanceof Map<?, ?> op)) {
                return;
            }
            Set<Integer> statuses = new TreeSet<>();
            if (op.get("responses") instanceof Map<?, ?> responses) {
                for (Object code : responses.keySet()) {
                    try {
                        statuses.add(Integer.parseInt(String.valueOf(code)));
                    } catch (NumberFormatException e) {
                        // "default" or a range such as "4XX": not a status a test can observe
                    }
                }
            }
            routes.put(upper + " " + template, statuses);
        }));
        return routes;
    }

    static Differences compare(Map<String, Set<Integer>> documented, List<String[]> observedAnswers,
            Map<String, String> allowedUnobserved, boolean wholeSuite) {
        List<String> templates = documented.keySet().stream().map(route -> route.substring(route.indexOf(' ') + 1))
                .distinct().toList();
        Map<String, Set<Integer>> observed = new TreeMap<>();
        for (String[] answer : observedAnswers) {
            String template = template(templates, answer[1]);
            if (template == null) {
                continue;
            }
            String route = answer[0] + " " + template;
            if (documented.containsKey(route)) {
                observed.computeIfAbsent(route, r -> new TreeSet<>()).add(Integer.parseInt(answer[2]));
            }
        }
        List<String> undocumented = new ArrayList<>();
        List<String> unobserved = new ArrayList<>();
        documented.forEach((route, statuses) -> {
            Set<Integer> seen = observed.getOrDefault(route, Set.of());
            seen.stream().filter(s -> !statuses.contains(s)).forEach(s -> undocumented.add(route + " " + s));
            if (wholeSuite) {
                statuses.stream().filter(s -> !seen.contains(s))
                        .filter(s -> !allowedUnobserved.containsKey(String.valueOf(s))
                                && !allowedUnobserved.containsKey(route + " " + s))
                        .forEach(s -> unobserved.add(route + " " + s));
            }
        });
        return new Differences(undocumented, unobserved);
    }

    /** The documented template a path matches; the one with the most literal segments when several do (as JAX-RS). */
    static String template(List<String> templates, String path) {
        String[] segments = split(path);
        return templates.stream()
                .filter(t -> matches(split(t), segments))
                .max(Comparator.comparingLong(t -> Arrays.stream(split(t)).filter(s -> !isVariable(s)).count()))
                .orElse(null);
    }

    private static boolean matches(String[] template, String[] path) {
        if (template.length != path.length) {
            return false;
        }
        for (int i = 0; i < template.length; i++) {
            if (!isVariable(template[i]) && !template[i].equals(path[i])) {
                return false;
            }
            if (isVariable(template[i]) && path[i].isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static boolean isVariable(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }

    private static String[] split(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.split("/", -1);
    }

    record Differences(List<String> undocumented, List<String> unobserved) {

        boolean isEmpty() {
            return undocumented.isEmpty() && unobserved.isEmpty();
        }

        String report() {
            StringBuilder report = new StringBuilder("the OpenAPI document and the answers the tests observed differ");
            if (!undocumented.isEmpty()) {
                report.append("\n  observed but not documented (add the code to the route's OpenAPI):");
                undocumented.forEach(r -> report.append("\n    ").append(r));
            }
            if (!unobserved.isEmpty()) {
                report.append("\n  documented but never observed (test it, drop it, or allow it with a reason):");
                unobserved.forEach(r -> report.append("\n    ").append(r));
            }
            return report.toString();
        }
    }
}
