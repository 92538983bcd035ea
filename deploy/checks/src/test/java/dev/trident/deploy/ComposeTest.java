package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trident.keys.TableDefinition;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ComposeTest {
    private final JsonNode compose = Repo.yaml(Repo.COMPOSE);
    private final JsonNode services = compose.path("services");

    @Test
    void dynamoDbLocalIsTheOfficialImage() {
        String image = services.path("dynamodb").path("image").asText();
        assertTrue(image.startsWith("amazon/dynamodb-local:"), "official DynamoDB Local image, got " + image);
    }

    @Test
    void portsMatchEachServicesHttpPort() {
        for (String s : Repo.SERVICES) {
            int port = Repo.port(s);
            JsonNode svc = services.path(s);
            assertFalse(svc.isMissingNode(), s + " is in compose.yaml");
            assertEquals(String.valueOf(port), svc.path("environment").path("QUARKUS_HTTP_PORT").asText(), s);
            List<String> ports = new ArrayList<>();
            svc.path("ports").forEach(p -> ports.add(p.asText()));
            assertEquals(List.of("127.0.0.1:" + port + ":" + port), ports, s + " publishes its own port, on loopback");
        }
    }

    /** Nothing of the local suite, DynamoDB Local included, is published beyond this machine. */
    @Test
    void everyPublishedPortIsOnLoopback() {
        int published = 0;
        for (var it = services.fields(); it.hasNext(); ) {
            var service = it.next();
            for (JsonNode port : service.getValue().path("ports")) {
                published++;
                assertTrue(port.asText().startsWith("127.0.0.1:"),
                        service.getKey() + " publishes " + port.asText() + " on every interface");
            }
        }
        assertEquals(5, published, "DynamoDB Local, the three services and the explorer");
    }

    /** A secret with a default in a committed file is a secret everyone has: compose must require it. */
    @Test
    void theCursorSecretIsRequiredNeverDefaulted() {
        for (String s : Repo.SERVICES) {
            String value = services.path(s).path("environment").path("TRIDENT_CURSOR_SECRETS").asText();
            assertTrue(value.startsWith("${TRIDENT_CURSOR_SECRETS:?"), s + " TRIDENT_CURSOR_SECRETS: " + value);
        }
        Pattern defaulted = Pattern.compile("\\$\\{[A-Z0-9_]*(SECRET|PASSWORD|PRIVATE|TOKEN)[A-Z0-9_]*:?-");
        for (Path file : Repo.files(Repo.DEPLOY, ".yaml", ".yml", ".sh", ".json")) {
            Matcher m = defaulted.matcher(Repo.read(file));
            boolean found = m.find();
            assertFalse(found, () -> Repo.ROOT.relativize(file) + " gives a secret a default: " + m.group());
            assertFalse(Repo.read(file).contains("compose-only-cursor-secret"), Repo.ROOT.relativize(file) + "");
        }
    }

    @Test
    void healthChecksProbeReadinessOnTheServicePort() {
        for (String s : Repo.SERVICES) {
            String test = String.join(" ", texts(services.path(s).path("healthcheck").path("test")));
            assertTrue(test.contains("/q/health/ready"), s + " health check probes /q/health/ready: " + test);
            assertTrue(test.contains("127.0.0.1/" + Repo.port(s)) || test.contains("localhost:" + Repo.port(s)),
                    s + " health check uses its own port: " + test);
        }
    }

    @Test
    void startOrderFollowsTheCallGraphAfterTheTableJob() {
        Map<String, Set<String>> expected = Map.of(
                "social-service", Set.of("dynamodb", "table"),
                "workspace-service", Set.of("dynamodb", "table", "social-service"),
                "enrollment-service", Set.of("dynamodb", "table", "social-service", "workspace-service"));
        for (var e : expected.entrySet()) {
            JsonNode deps = services.path(e.getKey()).path("depends_on");
            Set<String> names = new java.util.TreeSet<>();
            deps.fieldNames().forEachRemaining(names::add);
            assertEquals(new java.util.TreeSet<>(e.getValue()), names, e.getKey() + " depends_on");
            deps.fields().forEachRemaining(d -> assertEquals(
                    d.getKey().equals("table") ? "service_completed_successfully" : "service_healthy",
                    d.getValue().path("condition").asText(), e.getKey() + " waits for " + d.getKey()));
            names.stream().filter(n -> !n.equals("table")).forEach(n -> assertFalse(
                    services.path(n).path("healthcheck").isMissingNode(), n + " has a health check to wait for"));
        }
    }

    @Test
    void aOneShotJobCreatesTheTableAndNoServiceDoes() {
        for (String s : Repo.SERVICES) {
            assertEquals("false", services.path(s).path("environment").path("TRIDENT_TABLE_BOOTSTRAP").asText(), s);
        }
        JsonNode job = services.path("table");
        assertTrue(job.path("image").asText().startsWith("amazon/aws-cli:"), "the AWS CLI image creates the table");
        assertEquals("no", job.path("restart").asText("no"), "a one-shot job is not restarted");
        assertEquals("service_healthy", job.path("depends_on").path("dynamodb").path("condition").asText());
        assertEquals("http://dynamodb:8000", job.path("environment").path("AWS_ENDPOINT_URL").asText());
        String script = String.join(" ", texts(job.path("command")));
        assertTrue(script.contains("file:///table/create-table.json") && script.contains("file:///table/time-to-live.json"),
                "the job creates the table and its TTL from the checked JSON files: " + script);
        List<String> volumes = texts(job.path("volumes"));
        assertEquals(List.of("./table:/table:ro"), volumes);
    }

    @Test
    void theTableJobsInputEqualsTheJavaTableDefinition() {
        TableDefinition expected = TableDefinition.of("trident");
        JsonNode create = Repo.yaml(Repo.COMPOSE_CREATE_TABLE);
        assertEquals(expected.tableName(), create.path("TableName").asText());
        TableShape.assertSameKeysAndIndexes(expected, create);
        JsonNode ttl = Repo.yaml(Repo.COMPOSE_TIME_TO_LIVE);
        assertEquals(expected.tableName(), ttl.path("TableName").asText());
        assertEquals(expected.ttlAttribute(), ttl.path("TimeToLiveSpecification").path("AttributeName").asText());
        assertTrue(ttl.path("TimeToLiveSpecification").path("Enabled").asBoolean(), "TTL enabled");
        for (String s : Repo.SERVICES) {
            assertEquals(expected.tableName(), services.path(s).path("environment").path("TRIDENT_TABLE_NAME").asText(), s);
        }
    }

    @Test
    void everyServiceTalksToDynamoDbLocal() {
        for (String s : Repo.SERVICES) {
            URI endpoint = Repo.uri(services.path(s).path("environment").path("QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE").asText());
            assertEquals("dynamodb", endpoint.getHost(), s);
            assertEquals(8000, endpoint.getPort(), s);
        }
    }

    @Test
    void envNamesAreOnesTheServicesRead() {
        Set<String> known = Repo.knownEnvNames();
        for (String s : Repo.SERVICES) {
            services.path(s).path("environment").fieldNames().forEachRemaining(
                    name -> assertTrue(known.contains(name), s + " sets unknown env " + name + "; known: " + known));
        }
    }

    @Test
    void serviceUrlsPointAtComposeServicesAndPorts() {
        int urls = 0;
        for (String s : Repo.SERVICES) {
            var it = services.path(s).path("environment").fields();
            while (it.hasNext()) {
                var e = it.next();
                if (!e.getKey().endsWith("_SERVICE_URL")) {
                    continue;
                }
                urls++;
                String target = Repo.serviceOfUrlVariable(e.getKey());
                URI uri = Repo.uri(e.getValue().asText());
                assertEquals(target, uri.getHost(), s + " " + e.getKey());
                assertFalse(services.path(target).isMissingNode(), target + " exists in compose");
                assertEquals(Repo.port(target), uri.getPort(), s + " " + e.getKey());
            }
        }
        assertEquals(3, urls, "enrollment->social, enrollment->workspace, workspace->social");
    }

    @Test
    void nativeOverrideSwapsOnlyImagesOfKnownServices() {
        JsonNode overrides = Repo.yaml(Repo.COMPOSE_NATIVE).path("services");
        Set<String> names = new java.util.TreeSet<>();
        overrides.fieldNames().forEachRemaining(names::add);
        assertEquals(new java.util.TreeSet<>(Repo.SERVICES), names);
        for (String s : Repo.SERVICES) {
            assertEquals("src/main/docker/Dockerfile.native", overrides.path(s).path("build").path("dockerfile").asText());
            assertEquals("src/main/docker/Dockerfile.jvm", services.path(s).path("build").path("dockerfile").asText());
        }
    }

    static List<String> texts(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(n -> out.add(n.asText()));
        } else if (!node.isMissingNode()) {
            out.add(node.asText());
        }
        return out;
    }
}
