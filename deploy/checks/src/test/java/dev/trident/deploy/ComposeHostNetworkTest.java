package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The two compose files: compose.yaml (users', on compose's own network) and compose.host.yaml (the same services
 * with host networking, which deploy/containers.sh runs and tests for real). Both must be accepted by Debian's
 * docker-compose 1.29 (no top-level name); the host-network one can be started here, the other one only validated.
 */
class ComposeHostNetworkTest {

    private final JsonNode host = Repo.yaml(Repo.COMPOSE_HOST).path("services");
    private final JsonNode users = Repo.yaml(Repo.COMPOSE).path("services");

    private static List<String> hostServices() {
        List<String> names = new ArrayList<>(Repo.SERVICES);
        names.add("explorer");
        names.add("enrollment-service-2");
        return names;
    }

    @Test
    void everyContainerUsesTheHostsNetworkAndPublishesNothing() {
        Set<String> names = new TreeSet<>();
        host.fieldNames().forEachRemaining(names::add);
        assertEquals(new TreeSet<>(List.of("dynamodb", "social-service", "enrollment-service", "workspace-service",
                "explorer", "enrollment-service-2")), names);
        host.fields().forEachRemaining(e -> {
            assertEquals("host", e.getValue().path("network_mode").asText(), e.getKey() + " network_mode");
            assertTrue(e.getValue().path("ports").isMissingNode(), e.getKey() + " publishes no port (host network)");
            assertTrue(e.getValue().path("networks").isMissingNode(), e.getKey() + " joins no network");
        });
        assertTrue(Repo.yaml(Repo.COMPOSE_HOST).path("networks").isMissingNode(), "no network is created");
    }

    @Test
    void servicesListenOnLoopbackOnTheirOwnPortsAndCallEachOtherThere() {
        for (String name : hostServices()) {
            String service = name.equals("enrollment-service-2") ? "enrollment-service" : name;
            JsonNode env = host.path(name).path("environment");
            assertEquals("127.0.0.1", env.path("QUARKUS_HTTP_HOST").asText(), name + " listens on loopback only");
            int port = Integer.parseInt(env.path("QUARKUS_HTTP_PORT").asText());
            assertEquals(name.equals(service) ? Repo.port(service) : 8085, port, name + " port");
            assertEquals("trident/" + service + ":0.1.0", host.path(name).path("image").asText());
            assertEquals("http://127.0.0.1:8000", env.path("QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE").asText(), name);
            env.fields().forEachRemaining(e -> {
                if (e.getKey().endsWith("_SERVICE_URL")) {
                    URI uri = Repo.uri(e.getValue().asText());
                    assertEquals("127.0.0.1", uri.getHost(), name + " " + e.getKey());
                    assertEquals(Repo.port(Repo.serviceOfUrlVariable(e.getKey())), uri.getPort(), name + " " + e.getKey());
                }
            });
        }
        List<String> command = ComposeTest.texts(host.path("dynamodb").path("command"));
        assertEquals("127.0.0.1", command.get(0), "DynamoDB Local listens on loopback only: " + command);
        assertTrue(String.join(" ", command).contains("-port 8000"), command.toString());
    }

    /** The same configuration as users get, except where host networking needs another value. */
    @Test
    void servicesSetTheSameEnvironmentAsTheUsersComposeFile() {
        Set<String> known = Repo.knownEnvNames();
        for (String s : Repo.SERVICES) {
            Set<String> hostNames = new TreeSet<>();
            host.path(s).path("environment").fieldNames().forEachRemaining(hostNames::add);
            Set<String> userNames = new TreeSet<>();
            users.path(s).path("environment").fieldNames().forEachRemaining(userNames::add);
            Set<String> expected = new TreeSet<>(userNames);
            expected.add("QUARKUS_HTTP_HOST");
            assertEquals(expected, hostNames, s + " environment names");
            hostNames.forEach(n -> assertTrue(known.contains(n), s + " sets unknown env " + n));
            for (String same : List.of("TRIDENT_CURSOR_SECRETS", "TRIDENT_JWT_PUBLIC_KEY_LOCATION", "TRIDENT_JWT_ISSUER",
                    "TRIDENT_JWT_AUDIENCE", "TRIDENT_AUTH_LOCAL_STACK", "TRIDENT_TABLE_NAME")) {
                assertEquals(users.path(s).path("environment").path(same).asText(),
                        host.path(s).path("environment").path(same).asText(), s + " " + same);
            }
            // As on the local stack (deploy/run.sh), the services create the table: no AWS CLI job here.
            assertEquals("true", host.path(s).path("environment").path("TRIDENT_TABLE_BOOTSTRAP").asText(), s);
        }
    }

    @Test
    void servicesAreLimitedRestartedAndDynamoDbLocalKeepsItsDataOnAVolume() {
        for (String name : hostServices()) {
            assertEquals("256m", host.path(name).path("mem_limit").asText(), name + " memory limit");
            assertEquals("unless-stopped", host.path(name).path("restart").asText(), name + " restart policy");
            assertEquals("service_healthy", host.path(name).path("depends_on").path("dynamodb").path("condition").asText());
            assertEquals(List.of("${TRIDENT_DATA_DIR:-../../data}/jwt/dev-public.pem:/keys/dev-public.pem:ro"),
                    ComposeTest.texts(host.path(name).path("volumes")), name + " mounts the local stack's public key only");
        }
        assertEquals("unless-stopped", host.path("dynamodb").path("restart").asText());
        assertEquals(List.of("dynamodb-data:/data"), ComposeTest.texts(host.path("dynamodb").path("volumes")));
        assertTrue(String.join(" ", ComposeTest.texts(host.path("dynamodb").path("command"))).contains("-dbPath /data"),
                "DynamoDB Local keeps its data on the volume");
        assertTrue(Repo.yaml(Repo.COMPOSE_HOST).path("volumes").has("dynamodb-data"));
        assertEquals(List.of("replica"), ComposeTest.texts(host.path("enrollment-service-2").path("profiles")),
                "the second enrollment-service starts only when asked for");
    }

    /** docker-compose 1.29 refuses a top-level name (the project name is -p trident). */
    @Test
    void noComposeFileHasATopLevelName() {
        for (Path file : List.of(Repo.COMPOSE, Repo.COMPOSE_NATIVE, Repo.COMPOSE_HOST)) {
            assertTrue(Repo.yaml(file).path("name").isMissingNode(), Repo.ROOT.relativize(file) + " has a top-level name");
        }
    }

    /**
     * docker-compose itself accepts all three files (compose.yaml alone, with the native override, and
     * compose.host.yaml with its replica profile); skipped where it is not installed (deploy/prerequisites.sh
     * installs it).
     */
    @Test
    void dockerComposeAcceptsEveryComposeFile() throws Exception {
        assumeTrue(onPath("docker-compose"), "docker-compose is not installed");
        Map<String, String> env = Map.of("TRIDENT_CURSOR_SECRETS", "check:" + "0".repeat(64),
                "TRIDENT_DATA_DIR", "/nonexistent");
        assertEquals("", compose(env, Repo.COMPOSE.toString(), "config", "-q"));
        assertEquals(new TreeSet<>(List.of("dynamodb", "table", "social-service", "enrollment-service",
                "workspace-service", "explorer")),
                new TreeSet<>(compose(env, Repo.COMPOSE.toString(), "config", "--services").lines().toList()),
                "the users' compose file runs the explorer with the services");
        assertEquals("", compose(env, Repo.COMPOSE.toString(), "-f", Repo.COMPOSE_NATIVE.toString(), "config", "-q"));
        String services = compose(env, Repo.COMPOSE_HOST.toString(), "--profile", "replica", "config", "--services");
        assertEquals(new TreeSet<>(List.of("dynamodb", "social-service", "enrollment-service", "workspace-service",
                "explorer", "enrollment-service-2")), new TreeSet<>(services.lines().toList()));
        String resolved = compose(env, Repo.COMPOSE_HOST.toString(), "config");
        assertTrue(resolved.contains("/nonexistent/jwt/dev-public.pem:/keys/dev-public.pem:ro"), resolved);
        // Without the cursor secret compose refuses to start rather than run with none.
        assertTrue(composeFails(Repo.COMPOSE_HOST.toString()), "compose.host.yaml without TRIDENT_CURSOR_SECRETS");
        assertTrue(composeFails(Repo.COMPOSE.toString()), "compose.yaml without TRIDENT_CURSOR_SECRETS");
    }

    private static String compose(Map<String, String> env, String file, String... args) throws Exception {
        Result result = runCompose(env, file, args);
        assertEquals(0, result.status, "docker-compose -f " + file + " " + String.join(" ", args) + ": " + result.output);
        return result.output;
    }

    private static boolean composeFails(String file) throws Exception {
        return runCompose(Map.of(), file, "config", "-q").status != 0;
    }

    private record Result(int status, String output) {
    }

    private static Result runCompose(Map<String, String> env, String file, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("docker-compose", "-p", "trident-check", "-f", file));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("TRIDENT_CURSOR_SECRETS");
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "docker-compose did not finish");
        return new Result(process.exitValue(), output);
    }

    private static boolean onPath(String command) {
        try {
            return new ProcessBuilder("sh", "-c", "command -v " + command).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
