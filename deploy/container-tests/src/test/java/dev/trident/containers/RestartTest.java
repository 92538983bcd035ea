package dev.trident.containers;

import static dev.trident.containers.Containers.ENROLLMENT;
import static dev.trident.containers.Containers.SOCIAL;
import static dev.trident.containers.Containers.WORKSPACE;
import static dev.trident.containers.Containers.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A container whose process dies (SIGKILL to it from the host: a crash, not `docker stop`, which the restart policy
 * respects) is started again by the engine's restart policy, with nothing lost: a service keeps nothing of its own,
 * and DynamoDB Local keeps its data on its volume.
 */
@EnabledIfSystemProperty(named = Containers.ENABLED_BY, matches = ".+")
class RestartTest {

    private static final Duration BACK_WITHIN = Duration.ofSeconds(90);

    @Test
    void aKilledServiceContainerComesBackByItselfWithNothingLost() {
        String registrar = Containers.bearer("restart-registrar", "registrar");
        String student = Containers.unique("grace");
        Containers.createUser(student, "Grace Hopper");
        String studentToken = Containers.bearer(student);
        assertEquals(201, send("PUT", ENROLLMENT + "/students/" + student, studentToken, "{\"year\":1,\"major\":\"Math\"}")
                .statusCode());

        long ready = killAndAwaitBack("trident-enrollment-service", ENROLLMENT, List.of(SOCIAL, WORKSPACE));
        Containers.report("trident-enrollment-service  killed (SIGKILL), started again by its restart policy, ready"
                + " %d ms after the kill", ready);
        HttpResponse<String> profile = send("GET", ENROLLMENT + "/students/" + student, registrar, null);
        assertEquals(200, profile.statusCode(), "the student registered before the kill: " + profile.body());
        String later = Containers.unique("katherine");
        Containers.createUser(later, "Katherine Johnson");
        HttpResponse<String> registered = send("PUT", ENROLLMENT + "/students/" + later, Containers.bearer(later),
                "{\"year\":3,\"major\":\"Physics\"}");
        assertEquals(201, registered.statusCode(), "the restarted container writes again (and calls social-service): "
                + registered.body());
    }

    @Test
    void aKilledDynamoDbLocalContainerComesBackWithItsDataFromTheVolume() {
        String user = Containers.unique("linus");
        Containers.createUser(user, "Linus Pauling");

        long ready = killAndAwaitBack("trident-dynamodb", null, List.of());
        for (String service : List.of(SOCIAL, ENROLLMENT, WORKSPACE)) {
            awaitReady(service, "after DynamoDB Local came back");
        }
        Containers.report("trident-dynamodb            killed (SIGKILL), started again by its restart policy, answering"
                + " %d ms after the kill, its data kept on the volume", ready);
        HttpResponse<String> profile = send("GET", SOCIAL + "/users/" + user, Containers.bearer(user), null);
        assertEquals(200, profile.statusCode(), "the user written before the kill is on the volume: " + profile.body());
        assertTrue(profile.body().contains("Linus Pauling"), profile.body());
    }

    /**
     * SIGKILLs the container's main process from the host and waits until the engine has started it again (a new
     * process, one more restart) and, for a service, until it is ready; the other services keep answering meanwhile.
     * Returns the milliseconds from the kill to ready (for DynamoDB Local: to its answering).
     */
    private static long killAndAwaitBack(String container, String url, List<String> others) {
        String pid = Containers.inspect(container, "{{.State.Pid}}");
        // The process is the host's to kill (a crash); that needs the right to signal it, as root has.
        assumeTrue(Files.isWritable(Path.of("/proc", pid, "oom_score_adj")) || "0".equals(uid()),
                "signalling " + container + "'s process from here needs root");
        int restarts = Integer.parseInt(Containers.inspect(container, "{{.RestartCount}}"));
        long killedAt = System.nanoTime();
        Containers.run(List.of("kill", "-KILL", pid));
        while (true) {
            assertTrue(System.nanoTime() - killedAt < BACK_WITHIN.toNanos(), container + " is not back within "
                    + BACK_WITHIN + ": " + Containers.inspect(container, "{{json .State}}"));
            String state = Containers.inspect(container, "{{.State.Status}} {{.RestartCount}} {{.State.Pid}}");
            String[] parts = state.split(" ");
            boolean restarted = parts[0].equals("running") && Integer.parseInt(parts[1]) > restarts
                    && !parts[2].equals(pid);
            if (restarted && (url == null ? dynamoDbAnswers() : Containers.ready(url) == 200)) {
                break;
            }
            for (String other : others) {
                assertEquals(200, Containers.ready(other), other + " answers while " + container + " restarts");
            }
            Containers.sleep(100);
        }
        long tookMillis = Duration.ofNanos(System.nanoTime() - killedAt).toMillis();
        assertNotEquals(pid, Containers.inspect(container, "{{.State.Pid}}"));
        assertEquals("false", Containers.inspect(container, "{{.State.OOMKilled}}"));
        return tookMillis;
    }

    private static boolean dynamoDbAnswers() {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", 8000), 500);
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static void awaitReady(String url, String why) {
        long deadline = System.nanoTime() + BACK_WITHIN.toNanos();
        while (Containers.ready(url) != 200) {
            assertTrue(System.nanoTime() < deadline, url + " not ready " + why);
            Containers.sleep(200);
        }
    }

    private static String uid() {
        return Containers.run(List.of("id", "-u"));
    }
}
