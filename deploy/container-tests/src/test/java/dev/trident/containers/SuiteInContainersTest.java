package dev.trident.containers;

import static dev.trident.containers.Containers.ENROLLMENT;
import static dev.trident.containers.Containers.SOCIAL;
import static dev.trident.containers.Containers.WORKSPACE;
import static dev.trident.containers.Containers.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The containers as one suite: the services find each other on the host's network, a token from
 * {@code deploy/token.sh} (the local stack's key pair) is accepted, and every container runs as the image's
 * non-root user and listens on loopback only.
 */
@EnabledIfSystemProperty(named = Containers.ENABLED_BY, matches = ".+")
class SuiteInContainersTest {

    @Test
    void servicesInContainersCallEachOtherWithTokensFromTokenSh() {
        String ada = Containers.unique("ada");
        String workspaceId = Containers.unique("acme");
        String courseId = Containers.unique("cs101");
        // The script users run against the local stack, on the same data folder: its token works here too.
        String jwtFolder = System.getProperty("trident.containers.jwt-folder");
        Path root = Path.of("../..").toAbsolutePath().normalize();
        String token = "Bearer " + Containers.run(List.of(root.resolve("deploy/token.sh").toString(), "--data",
                Path.of(jwtFolder).getParent().toString(), ada, "registrar"));

        assertEquals(201, send("POST", SOCIAL + "/users", token,
                "{\"handle\":\"" + ada + "\",\"displayName\":\"Ada Lovelace\"}").statusCode());
        // workspace-service -> social-service: the owner must be a user.
        HttpResponse<String> workspace = send("POST", WORKSPACE + "/workspaces", token,
                "{\"id\":\"" + workspaceId + "\",\"displayName\":\"Acme\",\"region\":\"eu-west-1\",\"seatLimit\":5}");
        assertEquals(201, workspace.statusCode(), workspace.body());
        // enrollment-service -> workspace-service: a course's workspace must exist.
        HttpResponse<String> course = send("PUT", ENROLLMENT + "/courses/" + courseId, token,
                "{\"title\":\"Algorithms\",\"credits\":6,\"term\":\"2026-fall\",\"capacity\":20,\"workspaceId\":\""
                        + workspaceId + "\"}");
        assertEquals(201, course.statusCode(), course.body());
        HttpResponse<String> unknownWorkspace = send("PUT", ENROLLMENT + "/courses/" + Containers.unique("cs102"), token,
                "{\"title\":\"Other\",\"credits\":6,\"term\":\"2026-fall\",\"workspaceId\":\"nowhere\"}");
        assertEquals(422, unknownWorkspace.statusCode(), unknownWorkspace.body());
        // enrollment-service -> social-service: the student is a user and their name comes from the profile.
        assertEquals(201, send("PUT", ENROLLMENT + "/students/" + ada, token, "{\"year\":2,\"major\":\"CS\"}").statusCode());
        assertEquals(201, send("PUT", ENROLLMENT + "/students/" + ada + "/courses/" + courseId, token, null).statusCode());
        HttpResponse<String> roster = send("GET", ENROLLMENT + "/courses/" + courseId + "?include=students", token, null);
        assertEquals(200, roster.statusCode());
        assertTrue(roster.body().contains("Ada Lovelace"), roster.body());
    }

    @Test
    void everyContainerRunsAsANonRootUserAndListensOnLoopbackOnly() {
        for (String container : List.of("trident-dynamodb", "trident-social-service", "trident-enrollment-service",
                "trident-workspace-service")) {
            String uid = Containers.docker("exec", container, "id", "-u");
            assertTrue(!uid.equals("0") && uid.matches("\\d+"), container + " runs as uid " + uid);
            // /proc/net/tcp of the host's network: local address 0100007F is 127.0.0.1; state 0A is LISTEN.
            String port = String.format("%04X", Integer.parseInt(Containers.inspect(container,
                    "{{range .Config.Env}}{{println .}}{{end}}").lines()
                    .filter(l -> l.startsWith("QUARKUS_HTTP_PORT=")).map(l -> l.substring(18)).findFirst().orElse("8000")));
            String listening = Containers.docker("exec", container, "bash", "-c",
                    "cat /proc/net/tcp /proc/net/tcp6 | awk '$4 == \"0A\" { print $2 }' | grep -i ':" + port + "$' || true");
            assertTrue(!listening.isEmpty(), container + " listens on " + port);
            listening.lines().forEach(address -> assertTrue(
                    address.equals("0100007F:" + port) || address.equals("0000000000000000FFFF00000100007F:" + port),
                    container + " listens beyond loopback: " + address));
        }
    }

    /**
     * Each service's JVM (process 1) starts from the AOT cache its image trained, with the application's classes on the
     * JVM's own class path, where the cache can serve them: the launch file names the cache and the main class, and
     * the cache file is mapped into the process (a JVM that rejected it would not have it mapped).
     */
    @Test
    void everyServiceStartsFromTheAotCacheItsImageTrained() {
        for (String container : List.of("trident-social-service", "trident-enrollment-service",
                "trident-workspace-service")) {
            String launch = Containers.docker("exec", container, "cat", "/deployments/launch");
            Assumptions.assumeTrue(launch.contains("-XX:AOTCache="),
                    container + " was built without an AOT cache (Java below 25 or TRIDENT_AOT_CACHE=off): " + launch);
            assertEquals(List.of("-XX:AOTCache=/deployments/app.aot", "--add-opens=java.base/java.lang=ALL-UNNAMED",
                    "--enable-native-access=ALL-UNNAMED", "-cp"), launch.lines().limit(4).toList(),
                    container + " launch file: " + launch);
            assertEquals("io.quarkus.runner.GeneratedMain", launch.lines().reduce((first, last) -> last).orElseThrow(),
                    container + " starts the application's main class itself, not the fast-jar's launcher");
            String command = Containers.docker("exec", container, "bash", "-c", "tr '\\0' ' ' < /proc/1/cmdline");
            assertTrue(command.startsWith("java @/deployments/launch"), container + " runs " + command);
            String mapped = Containers.docker("exec", container, "bash", "-c",
                    "grep -c ' /deployments/app.aot$' /proc/1/maps || true");
            assertTrue(Integer.parseInt(mapped) > 0, container + " has not mapped /deployments/app.aot");
        }
    }
}
