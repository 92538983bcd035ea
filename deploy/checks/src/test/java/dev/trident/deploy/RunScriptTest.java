package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deploy/run.sh}, the one-command local run, for real: it brings the suite up on DynamoDB Local, the services
 * find each other (a workspace's owner is checked at social-service, a course's workspace at workspace-service, a
 * student's name comes from social-service), everything listens on 127.0.0.1 only, slow clients are capped and
 * closed by the production idle timeout, SIGTERM stops every process it started, and a second run on the same
 * data folder finds the first run's data. A process that dies is reported and started again. A data folder inside
 * the checkout that git would track is refused.
 * Runs on the packaged jars, after the services' modules.
 */
class RunScriptTest {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final List<String> SUITE_PORTS =
            List.of("DYNAMODB_PORT", "SOCIAL_PORT", "ENROLLMENT_PORT", "WORKSPACE_PORT", "EXPLORER_PORT");
    private static final Pattern UP = Pattern.compile("Trident is up \\((\\d+) ms\\)");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void theSuiteComesUpWithServicesFindingEachOtherStopsCleanlyAndKeepsItsData(@TempDir Path data) throws Exception {
        Map<String, Integer> ports = freeSuitePorts(Map.of());
        String social = "http://127.0.0.1:" + ports.get("SOCIAL_PORT");
        String enrollment = "http://127.0.0.1:" + ports.get("ENROLLMENT_PORT");
        String workspace = "http://127.0.0.1:" + ports.get("WORKSPACE_PORT");

        try (RunningSuite suite = RunningSuite.start(data, ports)) {
            String ada = "Bearer " + token(data, "ada", "registrar");
            assertEquals(201, send("POST", social + "/users", ada,
                    "{\"handle\":\"ada\",\"displayName\":\"Ada Lovelace\"}").statusCode());
            // workspace-service -> social-service: the owner must be a user.
            assertEquals(201, send("POST", workspace + "/workspaces", ada,
                    "{\"id\":\"acme\",\"displayName\":\"Acme\",\"region\":\"eu-west-1\",\"seatLimit\":5}").statusCode());
            // enrollment-service -> workspace-service: a course's workspace must exist (and be visible to the caller).
            assertEquals(201, send("PUT", enrollment + "/courses/cs101", ada,
                    "{\"title\":\"Algorithms\",\"credits\":6,\"term\":\"2026-fall\",\"capacity\":20,"
                            + "\"workspaceId\":\"acme\"}").statusCode());
            HttpResponse<String> unknownWorkspace = send("PUT", enrollment + "/courses/cs102", ada,
                    "{\"title\":\"Other\",\"credits\":6,\"term\":\"2026-fall\",\"workspaceId\":\"nowhere\"}");
            assertEquals(422, unknownWorkspace.statusCode(), unknownWorkspace.body());
            // enrollment-service -> social-service: the student is a user and their name comes from the profile.
            assertEquals(201, send("PUT", enrollment + "/students/ada", ada, "{\"year\":2,\"major\":\"CS\"}")
                    .statusCode());
            assertEquals(201, send("PUT", enrollment + "/students/ada/courses/cs101", ada, null).statusCode());
            HttpResponse<String> roster = send("GET", enrollment + "/courses/cs101?include=students", ada, null);
            assertEquals(200, roster.statusCode());
            assertTrue(roster.body().contains("Ada Lovelace"), roster.body());

            ports.forEach((name, port) -> {
                List<String> addresses = ListeningSockets.addresses(port);
                assertFalse(addresses.isEmpty(), name + " " + port + " is listening");
                assertTrue(addresses.stream().allMatch(ListeningSockets::isLoopback),
                        name + " " + port + " listens beyond this machine: " + addresses);
            });
            assertSlowClientsAreCappedAndClosedByTheIdleTimeout(suite.pidOf("social-service"),
                    ports.get("SOCIAL_PORT"), social);
            suite.stopAndAssertNothingLeft();
        }

        try (RunningSuite again = RunningSuite.start(data, ports)) {
            String ada = "Bearer " + token(data, "ada");
            HttpResponse<String> profile = send("GET", social + "/users/ada", ada, null);
            assertEquals(200, profile.statusCode(), "the second run finds the first run's data");
            assertTrue(profile.body().contains("Ada Lovelace"), profile.body());
            assertEquals(200, send("GET", workspace + "/workspaces/acme", ada, null).statusCode());
            again.stopAndAssertNothingLeft();
        }
    }

    /**
     * A process of the suite killed with SIGKILL (no shutdown of its own) is reported and started again: a service is
     * ready again within seconds while the other two keep answering; DynamoDB Local's launcher takes its server with
     * it, and the DynamoDB Local started in its place has the data of its data folder.
     */
    @Test
    void aProcessThatDiesIsReportedAndStartedAgainWhileTheOthersKeepAnswering(@TempDir Path data) throws Exception {
        Map<String, Integer> ports = freeSuitePorts(Map.of());
        String social = "http://127.0.0.1:" + ports.get("SOCIAL_PORT");
        String enrollment = "http://127.0.0.1:" + ports.get("ENROLLMENT_PORT");
        String workspace = "http://127.0.0.1:" + ports.get("WORKSPACE_PORT");

        try (RunningSuite suite = RunningSuite.start(data, ports)) {
            String ada = "Bearer " + token(data, "ada", "registrar");
            assertEquals(201, send("POST", social + "/users", ada,
                    "{\"handle\":\"ada\",\"displayName\":\"Ada Lovelace\"}").statusCode());

            ProcessHandle killed = suite.process("/enrollment-service/target/quarkus-app/");
            long killedAt = System.nanoTime();
            assertTrue(killed.destroyForcibly(), "SIGKILL sent");
            int othersAnswered = 0;
            while (ready(enrollment) != 200) {
                assertTrue(System.nanoTime() - killedAt < Duration.ofSeconds(30).toNanos(),
                        "enrollment-service is not ready again 30 s after it was killed\n" + suite.output());
                assertEquals(200, ready(social), "social-service answers while enrollment-service restarts");
                assertEquals(200, ready(workspace), "workspace-service answers while enrollment-service restarts");
                othersAnswered++;
                Thread.sleep(200);
            }
            System.out.printf("enrollment-service ready again %d ms after SIGKILL (the others answered %d times"
                    + " meanwhile)%n", Duration.ofNanos(System.nanoTime() - killedAt).toMillis(), othersAnswered);
            assertTrue(othersAnswered > 0, "the restart was observed at all");
            suite.awaitOutput("enrollment-service exited (killed by SIGKILL, pid " + killed.pid());
            suite.awaitOutput("starting enrollment-service again (restart 1)");
            suite.awaitOutput("enrollment-service is back");
            assertFalse(killed.isAlive());
            assertTrue(suite.process("/enrollment-service/target/quarkus-app/").pid() != killed.pid());
            assertEquals(201, send("PUT", enrollment + "/students/ada", ada, "{\"year\":2,\"major\":\"CS\"}")
                    .statusCode(), "the restarted service works, and still reaches social-service");

            ProcessHandle launcher = suite.process("dev.trident.local.DynamoDbLocal");
            ProcessHandle server = launcher.children().findFirst()
                    .orElseThrow(() -> new AssertionError("DynamoDB Local's launcher runs no server"));
            long ddbKilledAt = System.nanoTime();
            assertTrue(launcher.destroyForcibly(), "SIGKILL sent");
            server.onExit().completeOnTimeout(server, 10, TimeUnit.SECONDS).join();
            assertFalse(server.isAlive(), "DynamoDB Local's server ends with its launcher");
            suite.awaitOutput("dynamodb-local exited (killed by SIGKILL, pid " + launcher.pid());
            suite.awaitOutput("dynamodb-local is back");
            HttpResponse<String> profile = send("GET", social + "/users/ada", ada, null);
            while (profile.statusCode() != 200
                    && System.nanoTime() - ddbKilledAt < Duration.ofSeconds(60).toNanos()) {
                Thread.sleep(200);
                profile = send("GET", social + "/users/ada", ada, null);
            }
            assertEquals(200, profile.statusCode(), "the restarted DynamoDB Local has the data: " + profile.body());
            assertTrue(profile.body().contains("Ada Lovelace"), profile.body());
            System.out.printf("DynamoDB Local answered with the data again %d ms after SIGKILL%n",
                    Duration.ofNanos(System.nanoTime() - ddbKilledAt).toMillis());
            suite.stopAndAssertNothingLeft();
        }
    }

    @Test
    void aDataFolderInsideTheCheckoutThatGitWouldTrackIsRefused() throws Exception {
        Path tracked = Repo.ROOT.resolve("run-data-" + UUID.randomUUID());
        try {
            for (List<String> command : List.of(List.of("run.sh", "--data", tracked.toString()),
                    List.of("token.sh", "--data", tracked.toString(), "ada"))) {
                String script = command.get(0);
                List<String> bash = new ArrayList<>(List.of("bash", Repo.DEPLOY.resolve(script).toString()));
                bash.addAll(command.subList(1, command.size()));
                Path log = Files.createTempFile("refused-", ".log");
                ProcessBuilder builder = new ProcessBuilder(bash).redirectErrorStream(true).redirectOutput(log.toFile());
                // Never the suite's usual ports, should it start anyway.
                freeSuitePorts(Map.of()).forEach((name, port) -> builder.environment().put(name, Integer.toString(port)));
                Process process = builder.start();
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    // It went on to start the suite: stop it as run.sh's own Ctrl-C would.
                    process.destroy();
                    process.waitFor(60, TimeUnit.SECONDS);
                    fail(script + " accepted the data folder: " + Files.readString(log));
                }
                String output = Files.readString(log);
                assertEquals(2, process.exitValue(), script + ": " + output);
                assertTrue(output.contains("refusing data folder " + tracked), script + ": " + output);
                assertFalse(Files.exists(tracked), script + " created nothing there");
            }
            // Inside the checkout but ignored (target/ is): accepted, the key pair goes there.
            Path ignored = Repo.ROOT.resolve("deploy/checks/target/run-data-" + UUID.randomUUID());
            Process token = new ProcessBuilder("bash", Repo.DEPLOY.resolve("token.sh").toString(), "--data",
                    ignored.toString(), "ada").redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String jwt = new String(token.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            assertEquals(0, token.waitFor(), "token.sh with an ignored data folder");
            assertEquals(3, jwt.split("\\.").length, jwt);
            assertTrue(Files.isRegularFile(ignored.resolve("jwt/dev-public.pem")));
        } finally {
            if (Files.exists(tracked)) {
                try (var files = Files.walk(tracked)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    /**
     * A port that another server holds stops deploy/run.sh before it starts anything: it names every busy port, exits
     * non-zero, leaves the stranger untouched (not one request reached it, so no table was created there) and starts
     * no process. DynamoDB Local's launcher refuses a busy port too, instead of taking the stranger's answer for its
     * own server's.
     */
    @Test
    void aBusyPortStopsTheRunBeforeAnythingStartsAndTheStrangerIsUntouched(@TempDir Path data) throws Exception {
        try (StrangerServer dynamodb = StrangerServer.start(); StrangerServer workspace = StrangerServer.start()) {
            Map<String, Integer> ports = freeSuitePorts(
                    Map.of("DYNAMODB_PORT", dynamodb.port(), "WORKSPACE_PORT", workspace.port()));
            ProcessBuilder builder = new ProcessBuilder("bash", Repo.DEPLOY.resolve("run.sh").toString(), "--data",
                    data.resolve("run").toString()).redirectErrorStream(true);
            ports.forEach((name, port) -> builder.environment().put(name, Integer.toString(port)));
            Process script = builder.start();
            String output = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(script.waitFor(60, TimeUnit.SECONDS), output);
            assertEquals(1, script.exitValue(), output);
            assertTrue(output.contains("port " + dynamodb.port() + " in use (DYNAMODB_PORT)"), output);
            assertTrue(output.contains("port " + workspace.port() + " in use (WORKSPACE_PORT)"), output);
            assertFalse(output.contains("Trident is up") || output.contains("DynamoDB Local ready"), output);
            assertFalse(Files.exists(data.resolve("run")), "nothing was created for the run");
            assertEquals(0, dynamodb.requests() + workspace.requests(), "no request reached the strangers");
            assertEquals(200, dynamodb.probe(), "the stranger still serves");

            Process launcher = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", Repo.ROOT.resolve("deploy/dynamodb-local/target/classes").toString(),
                    "dev.trident.local.DynamoDbLocal", "--port", Integer.toString(dynamodb.port()), "--in-memory")
                    .redirectErrorStream(true).start();
            String said = new String(launcher.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), said);
            assertEquals(1, launcher.exitValue(), said);
            assertTrue(said.contains("port " + dynamodb.port() + " in use"), said);
            assertEquals(0, dynamodb.requests(), "the launcher sent the stranger nothing either");
        }
    }

    /**
     * deploy/token.sh takes its options anywhere and refuses what it does not know with a message and exit code 2,
     * printing no token: an unknown option (once minted as a role), an unknown role, a --data without a folder.
     */
    @Test
    void tokenShTakesOptionsAnywhereAndRefusesUnknownOptionsAndRoles(@TempDir Path data) throws Exception {
        Script minted = Script.run(List.of("token.sh", "ada", "--data", data.toString(), "registrar", "--ttl", "30m",
                "instructor"), Map.of());
        assertEquals(0, minted.exit(), minted.stderr());
        String claims = claims(minted.stdout());
        assertTrue(claims.contains("\"groups\":[\"registrar\",\"instructor\"]"), claims);
        assertTrue(claims.contains("\"sub\":\"ada\""), claims);
        assertTrue(Files.isRegularFile(data.resolve("jwt/dev-public.pem")), "signed with the key of --data");

        // TRIDENT_DATA_DIR names the folder when --data does not.
        Path other = data.resolve("other");
        Script byEnvironment = Script.run(List.of("token.sh", "ada"), Map.of("TRIDENT_DATA_DIR", other.toString()));
        assertEquals(0, byEnvironment.exit(), byEnvironment.stderr());
        assertTrue(Files.isRegularFile(other.resolve("jwt/dev-public.pem")), "signed with TRIDENT_DATA_DIR's key");

        for (List<String> refused : List.of(
                List.of("token.sh", "ada", "--data", data.toString(), "--bogus"),
                List.of("token.sh", "ada", "--data", data.toString(), "registar"),
                List.of("token.sh", "ada", "registrar", "--data"))) {
            Script run = Script.run(refused, Map.of());
            assertEquals(2, run.exit(), refused + ": " + run.stderr());
            assertEquals("", run.stdout(), refused + " printed a token");
        }
        assertTrue(Script.run(List.of("token.sh", "ada", "--bogus"), Map.of()).stderr()
                .contains("unknown option: --bogus"));
        assertTrue(Script.run(List.of("token.sh", "ada", "registar"), Map.of()).stderr()
                .contains("unknown role: registar (roles: admin instructor registrar)"));
    }

    /**
     * On a running suite: run.sh prints the exact token command for its data folder, token.sh without --data finds
     * that folder, a token of another data folder is a 401 that the service log explains in one line (naming the
     * key, holding nothing of the token), and deploy/seed.sh loads the sample data through the API once (a second
     * run loads nothing).
     */
    @Test
    void seedLoadsTheSampleDataOnceAndTokensFollowTheRunningSuitesDataFolder(@TempDir Path data) throws Exception {
        Map<String, Integer> ports = freeSuitePorts(Map.of());
        String social = "http://127.0.0.1:" + ports.get("SOCIAL_PORT");
        String enrollment = "http://127.0.0.1:" + ports.get("ENROLLMENT_PORT");
        String workspace = "http://127.0.0.1:" + ports.get("WORKSPACE_PORT");
        Path suiteData = data.resolve("suite");

        try (RunningSuite suite = RunningSuite.start(suiteData, ports)) {
            // run.sh prints the token command a few lines after "Trident is up": wait for it, not only for that line.
            Matcher printed = suite.awaitOutput(Pattern.compile("TOKEN=\\$\\((deploy/token\\.sh [^)]*)\\)"));
            assertTrue(printed.group(1).startsWith("deploy/token.sh --data " + suiteData + " "), printed.group(1));
            Script exact = Script.shell(printed.group(1));
            assertEquals(0, exact.exit(), exact.stderr());
            // The user ada does not exist yet: a 404 means the printed command's token was accepted.
            assertEquals(404, send("GET", social + "/users/ada", "Bearer " + exact.stdout(), null).statusCode());

            Script found = Script.run(List.of("token.sh", "ada"), Map.of());
            assertEquals(0, found.exit(), found.stderr());
            assertEquals(404, send("GET", social + "/users/ada", "Bearer " + found.stdout(), null).statusCode(),
                    "token.sh without --data signs with the running suite's key");

            Script foreign = Script.run(List.of("token.sh", "ada", "--data", data.resolve("elsewhere").toString()),
                    Map.of());
            assertEquals(401, send("GET", social + "/users/ada", "Bearer " + foreign.stdout(), null).statusCode());
            String log = awaitLogLine(suiteData.resolve("logs/social-service.log"), "bearer token refused: ");
            assertTrue(log.contains("its signature does not verify with the key file:" + suiteData
                    + "/jwt/dev-public.pem"), log);
            for (String segment : foreign.stdout().split("\\.")) {
                assertFalse(log.contains(segment), "the log line holds a part of the token: " + log);
            }

            long started = System.nanoTime();
            Script seed = Script.run(List.of("seed.sh"), Map.of());
            long seededMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();
            assertEquals(0, seed.exit(), seed.stdout() + seed.stderr());
            System.out.printf("deploy/seed.sh loaded the sample data in %d ms%n", seededMillis);
            String ada = "Bearer " + token(suiteData, "ada");
            HttpResponse<String> timeline = send("GET", social + "/timeline?limit=50", ada, null);
            assertEquals(200, timeline.statusCode(), timeline.body());
            assertEquals(6, occurrences(timeline.body(), "\"postId\""), timeline.body());
            HttpResponse<String> roster = send("GET", enrollment + "/courses/cs101?include=students", ada, null);
            assertEquals(200, roster.statusCode(), roster.body());
            assertTrue(roster.body().contains("Grace Hopper") && roster.body().contains("Alan Turing")
                    && roster.body().contains("Edsger Dijkstra"), roster.body());
            HttpResponse<String> projects = send("GET", workspace + "/workspaces/acme/projects?limit=50", ada, null);
            assertEquals(200, projects.statusCode(), projects.body());
            assertEquals(8, occurrences(projects.body(), "\"title\""), projects.body());
            HttpResponse<String> acme = send("GET", workspace + "/workspaces/acme", ada, null);
            assertTrue(acme.body().contains("\"shards\":4"), acme.body());

            Script again = Script.run(List.of("seed.sh"), Map.of());
            assertEquals(0, again.exit(), again.stderr());
            assertTrue(again.stdout().contains("nothing loaded"), again.stdout());
            assertEquals(6, occurrences(send("GET", social + "/timeline?limit=50", ada, null).body(), "\"postId\""));
            suite.stopAndAssertNothingLeft();
        }
    }

    /**
     * deploy/requests.http, the README's tour for IDE REST clients, run top to bottom on a fresh suite with its
     * variables filled in as its header says (addresses, tokens pasted from deploy/token.sh): every request succeeds
     * but the last, which shows an error (a 400 problem).
     */
    @Test
    void requestsHttpRunsTopToBottomOnAFreshSuite(@TempDir Path data) throws Exception {
        Map<String, Integer> ports = freeSuitePorts(Map.of());
        try (RunningSuite suite = RunningSuite.start(data, ports)) {
            Map<String, String> variables = Map.of(
                    "social", "http://127.0.0.1:" + ports.get("SOCIAL_PORT"),
                    "enrollment", "http://127.0.0.1:" + ports.get("ENROLLMENT_PORT"),
                    "workspace", "http://127.0.0.1:" + ports.get("WORKSPACE_PORT"),
                    "hedy", token(data, "hedy"), "hedyAdmin", token(data, "hedy", "admin"),
                    "katherine", token(data, "katherine"), "registrar", token(data, "registrar-1", "registrar"));
            String file = Files.readString(Repo.DEPLOY.resolve("requests.http"));
            Matcher declared = Pattern.compile("(?m)^@(\\w+) = ").matcher(file);
            while (declared.find()) {
                assertTrue(variables.containsKey(declared.group(1)), "a variable this test fills: " + declared.group(1));
            }
            String[] blocks = file.split("(?m)^###");
            assertTrue(blocks.length > 10, "the tour's requests");
            for (int i = 1; i < blocks.length; i++) {
                String[] lines = blocks[i].split("\n", -1);
                String title = lines[0].strip();
                String[] requestLine = fill(lines[1], variables).split(" ");
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(requestLine[1]))
                        .timeout(Duration.ofSeconds(30));
                int line = 2;
                for (; line < lines.length && !lines[line].isBlank(); line++) {
                    String[] header = fill(lines[line], variables).split(": ", 2);
                    request.header(header[0], header[1]);
                }
                String body = String.join("\n", java.util.Arrays.copyOfRange(lines, Math.min(line, lines.length),
                        lines.length)).strip();
                request.method(requestLine[0], body.isEmpty() ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
                HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                if (i == blocks.length - 1) {
                    assertEquals(400, answer.statusCode(), title + ": " + answer.body());
                    assertTrue(answer.headers().firstValue("Content-Type").orElse("")
                            .startsWith("application/problem+json"), title);
                } else {
                    assertTrue(answer.statusCode() / 100 == 2, title + ": " + answer.statusCode() + " " + answer.body());
                }
            }
            suite.stopAndAssertNothingLeft();
        }
    }

    /**
     * README.md's tour, pasted top to bottom into bash on a fresh suite: every request answers what the tour says (a
     * 2xx, or the status its comment names). Then deploy/seed.sh loads its whole data set beside the tour's, and the
     * README's explorer deep link opens an entity the seed made.
     */
    @Test
    void readmeTourAnswersAsWrittenOnAFreshSuiteAndTheSeedLoadsAfterIt(@TempDir Path data) throws Exception {
        Map<String, Integer> ports = freeSuitePorts(Map.of());
        try (RunningSuite suite = RunningSuite.start(data, ports)) {
            ReadmeTour tour = ReadmeTour.read();
            Path log = data.resolve("tour.log");
            Files.writeString(log, "");
            String script = tour.script(Map.of(
                    "localhost:8081", "127.0.0.1:" + ports.get("SOCIAL_PORT"),
                    "localhost:8082", "127.0.0.1:" + ports.get("ENROLLMENT_PORT"),
                    "localhost:8083", "127.0.0.1:" + ports.get("WORKSPACE_PORT")));
            Script run = Script.run(new ProcessBuilder("bash", "-c", script),
                    Map.of("TRIDENT_DATA_DIR", data.toString(), "TOUR_LOG", log.toString()));
            List<String> answers = Files.readAllLines(log);
            String report = "tour output:\n" + run.stdout() + "\n" + run.stderr() + "\nstatuses (command expected got):\n"
                    + String.join("\n", answers);
            for (String answer : answers) {
                String[] parts = answer.split(" ");
                String command = tour.commands().get(Integer.parseInt(parts[0])).text();
                boolean asExpected = parts[1].equals("2xx") ? parts[2].startsWith("2") : parts[1].equals(parts[2]);
                assertTrue(asExpected, "README tour: " + command + "\nanswered " + parts[2] + ", expected " + parts[1]
                        + "\n" + report);
            }
            assertEquals(0, run.exit(), report);
            assertEquals(tour.requests().size(), answers.size(), "every request of the tour was sent\n" + report);

            String social = "http://127.0.0.1:" + ports.get("SOCIAL_PORT");
            Script seed = Script.run(List.of("seed.sh", "--data", data.toString()), Map.of(
                    "SOCIAL_URL", social,
                    "ENROLLMENT_URL", "http://127.0.0.1:" + ports.get("ENROLLMENT_PORT"),
                    "WORKSPACE_URL", "http://127.0.0.1:" + ports.get("WORKSPACE_PORT")));
            assertEquals(0, seed.exit(), seed.stdout() + seed.stderr());
            assertTrue(seed.stdout().contains("seeded: "), "the seed loaded its data set after the tour:\n" + seed.stdout());

            Matcher link = Pattern.compile("8084/#entity=(\\w+)&id=([\\w.-]+)").matcher(Repo.read(ReadmeTour.README));
            assertTrue(link.find(), "README.md shows an explorer deep link");
            HttpResponse<String> opened = send("GET", "http://127.0.0.1:" + ports.get("EXPLORER_PORT")
                    + "/api/entities/" + link.group(1) + "/" + link.group(2), "Bearer " + token(data, "ada", "admin"), null);
            assertEquals(200, opened.statusCode(), "the README's explorer link after the seed: " + opened.body());
            suite.stopAndAssertNothingLeft();
        }
    }

    private static String fill(String text, Map<String, String> variables) {
        String filled = text;
        for (Map.Entry<String, String> variable : variables.entrySet()) {
            filled = filled.replace("{{" + variable.getKey() + "}}", variable.getValue());
        }
        assertFalse(filled.contains("{{"), "an unknown variable in " + text);
        return filled;
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    private static String claims(String jwt) {
        return new String(java.util.Base64.getUrlDecoder().decode(jwt.split("\\.")[1]), StandardCharsets.UTF_8);
    }

    /** Waits up to 10 s for a line of the log that holds this text, and returns it. */
    private static String awaitLogLine(Path log, String text) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            for (String line : Files.readAllLines(log)) {
                if (line.contains(text)) {
                    return line;
                }
            }
            assertTrue(System.nanoTime() < deadline, "no line with \"" + text + "\" in " + log);
            Thread.sleep(100);
        }
    }

    /** A script of deploy/ run to its end from the checkout's root: its exit code and what it printed. */
    private record Script(int exit, String stdout, String stderr) {
        static Script run(List<String> command, Map<String, String> environment) throws Exception {
            List<String> bash = new ArrayList<>(List.of("bash", Repo.DEPLOY.resolve(command.get(0)).toString()));
            bash.addAll(command.subList(1, command.size()));
            return run(new ProcessBuilder(bash), environment);
        }

        /** A command line as a user types it at the checkout's root. */
        static Script shell(String commandLine) throws Exception {
            return run(new ProcessBuilder("bash", "-c", commandLine), Map.of());
        }

        private static Script run(ProcessBuilder builder, Map<String, String> environment) throws Exception {
            builder.directory(Repo.ROOT.toFile()).environment().remove("TRIDENT_DATA_DIR");
            builder.environment().putAll(environment);
            Path err = Files.createTempFile("script-", ".err");
            Process process = builder.redirectError(err.toFile()).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), String.join(" ", builder.command()));
            String stderr = Files.readString(err);
            Files.delete(err);
            return new Script(process.exitValue(), out, stderr);
        }
    }

    /** An HTTP server that is not ours: answers 200 to anything and counts what reached it. */
    private static final class StrangerServer implements AutoCloseable {
        private final com.sun.net.httpserver.HttpServer server;
        private final java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
        private final java.util.concurrent.atomic.AtomicInteger probes = new java.util.concurrent.atomic.AtomicInteger();

        private StrangerServer(com.sun.net.httpserver.HttpServer server) {
            this.server = server;
        }

        static StrangerServer start() throws IOException {
            com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                    new InetSocketAddress("127.0.0.1", 0), 0);
            StrangerServer stranger = new StrangerServer(server);
            server.createContext("/", exchange -> {
                if (exchange.getRequestURI().getPath().equals("/stranger-probe")) {
                    stranger.probes.incrementAndGet();
                } else {
                    stranger.requests.incrementAndGet();
                }
                byte[] body = "not Trident".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return stranger;
        }

        int port() {
            return server.getAddress().getPort();
        }

        /** HTTP requests that reached it (connections without a request, such as a port check, are not counted). */
        int requests() {
            return requests.get();
        }

        int probe() throws IOException, InterruptedException {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port() + "/stranger-probe")).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    /**
     * The production connection settings as the local stack runs them: 2,500 clients that stop half-way through a
     * request line or headers hold at most 2,048 connections (file descriptors of the service), the rest are closed
     * as soon as accepted, and every kept one is closed by the 30 s idle timeout; then the service answers again.
     */
    private void assertSlowClientsAreCappedAndClosedByTheIdleTimeout(long pid, int port, String url) throws Exception {
        int clients = 2500;
        int cap = 2048;
        long fdsBefore = openFiles(pid);
        List<Socket> stalled = new ArrayList<>();
        try {
            long opened = System.nanoTime();
            for (int i = 0; i < clients; i++) {
                Socket socket = new Socket();
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                socket.getOutputStream().write((i % 2 == 0 ? "GET /users/ad" : "GET /users/ada HTTP/1.1\r\nHost: x\r\nX-")
                        .getBytes(StandardCharsets.US_ASCII));
                stalled.add(socket);
            }
            Thread.sleep(1_000);
            long fdsDuring = openFiles(pid);
            List<Socket> kept = new ArrayList<>();
            for (Socket socket : stalled) {
                if (!closedWithin(socket, Duration.ofMillis(1))) {
                    kept.add(socket);
                }
            }
            System.out.printf("%d stalled clients: social-service file descriptors %d -> %d, %d connections kept%n",
                    clients, fdsBefore, fdsDuring, kept.size());
            assertTrue(kept.size() <= cap, kept.size() + " kept");
            assertTrue(fdsDuring - fdsBefore <= cap + 20, "file descriptors " + fdsBefore + " -> " + fdsDuring);

            for (Socket socket : kept) {
                long left = Duration.ofSeconds(45).toNanos() - (System.nanoTime() - opened);
                assertTrue(closedWithin(socket, Duration.ofNanos(Math.max(left, 1_000_000))),
                        "a stalled connection is still open 45 s after it stalled");
            }
            Duration closedAfter = Duration.ofNanos(System.nanoTime() - opened);
            System.out.printf("the kept connections were closed %d ms after they stalled; file descriptors %d%n",
                    closedAfter.toMillis(), openFiles(pid));
            assertTrue(closedAfter.compareTo(Duration.ofSeconds(25)) >= 0, "closed after " + closedAfter);
            assertEquals(200, http.send(HttpRequest.newBuilder(URI.create(url + "/q/health/ready")).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode());
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    private static long openFiles(long pid) throws IOException {
        try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.count();
        }
    }

    /** Whether the peer closed (end of stream or reset) within the time; bytes it sent before are skipped. */
    private static boolean closedWithin(Socket socket, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        byte[] buffer = new byte[1024];
        try {
            while (true) {
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                socket.setSoTimeout((int) Math.min(left, Integer.MAX_VALUE));
                try {
                    if (socket.getInputStream().read(buffer) < 0) {
                        return true;
                    }
                } catch (SocketTimeoutException e) {
                    return false;
                }
                if (System.nanoTime() >= deadline) {
                    return false;
                }
            }
        } catch (IOException e) {
            return true;
        }
    }

    /** {@code deploy/run.sh --data DIR} on the given ports, with everything it starts. */
    private static final class RunningSuite implements AutoCloseable {
        private final Process script;
        private final List<String> output;

        private RunningSuite(Process script, List<String> output) {
            this.script = script;
            this.output = output;
        }

        static RunningSuite start(Path data, Map<String, Integer> ports) throws IOException {
            ProcessBuilder builder = new ProcessBuilder("bash", Repo.DEPLOY.resolve("run.sh").toString(),
                    "--data", data.toString()).redirectErrorStream(true);
            ports.forEach((name, port) -> builder.environment().put(name, Integer.toString(port)));
            Process script = builder.start();
            List<String> output = new ArrayList<>();
            CompletableFuture<Long> up = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(
                        new InputStreamReader(script.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        synchronized (output) {
                            output.add(line);
                        }
                        Matcher m = UP.matcher(line);
                        if (m.find()) {
                            up.complete(Long.parseLong(m.group(1)));
                        }
                    }
                } catch (IOException e) {
                    up.completeExceptionally(e);
                }
                up.completeExceptionally(new IllegalStateException("run.sh ended before the suite was up"));
            }, "run.sh-output");
            reader.setDaemon(true);
            reader.start();
            RunningSuite suite = new RunningSuite(script, output);
            try {
                long millis = up.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                System.out.println("deploy/run.sh: all three services ready " + millis + " ms after start");
            } catch (Exception e) {
                suite.close();
                fail("the suite did not come up: " + e + "\n" + suite.output() + logs(data));
            }
            return suite;
        }

        /** The first match of the pattern in what run.sh printed, waiting up to 10 s for it to be printed. */
        Matcher awaitOutput(Pattern pattern) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (true) {
                Matcher matcher = pattern.matcher(output());
                if (matcher.find()) {
                    return matcher;
                }
                assertTrue(System.nanoTime() < deadline, "run.sh never printed " + pattern + ":\n" + output());
                Thread.sleep(50);
            }
        }

        /** SIGTERM, as Ctrl-C or a process manager would: the script and every process it started end. */
        void stopAndAssertNothingLeft() throws InterruptedException {
            List<ProcessHandle> started = script.descendants().toList();
            assertFalse(started.isEmpty(), "run.sh started DynamoDB Local and the services");
            script.destroy();
            assertTrue(script.waitFor(60, TimeUnit.SECONDS), "run.sh ends on SIGTERM");
            for (ProcessHandle process : started) {
                // DynamoDB Local's launcher gives its server 10 s to stop before killing it; leave room for that.
                process.onExit().completeOnTimeout(process, 45, TimeUnit.SECONDS).join();
                assertFalse(process.isAlive(), () -> "left running: " + process.info().commandLine().orElse("pid "
                        + process.pid()) + " " + state(process) + "\n" + output());
            }
        }

        /** The kernel's view of a process (a zombie counts as alive for ProcessHandle). */
        private static String state(ProcessHandle process) {
            try {
                return "state: " + Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat")).strip();
            } catch (IOException e) {
                return "(no /proc entry)";
            }
        }

        /** The process of a service (its packaged jar) that run.sh started. */
        long pidOf(String service) {
            return process("/" + service + "/target/quarkus-app/").pid();
        }

        /** The live process run.sh started (or one of its children) whose command line holds this text. */
        ProcessHandle process(String commandLinePart) {
            return script.descendants()
                    .filter(p -> p.isAlive() && p.info().commandLine().orElse("").contains(commandLinePart))
                    .findFirst().orElseThrow(() -> new AssertionError(commandLinePart + " is not running"));
        }

        /** Waits up to 30 s for a line of run.sh's output that holds this text. */
        void awaitOutput(String text) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!output().contains(text)) {
                assertTrue(System.nanoTime() < deadline, "run.sh did not say \"" + text + "\":\n" + output());
                Thread.sleep(100);
            }
        }

        String output() {
            synchronized (output) {
                return String.join("\n", output);
            }
        }

        @Override
        public void close() {
            List<ProcessHandle> started = script.descendants().toList();
            script.destroy();
            started.forEach(ProcessHandle::destroy);
        }

        private static String logs(Path data) {
            StringBuilder text = new StringBuilder();
            try (var files = Files.list(data.resolve("logs"))) {
                for (Path log : files.toList()) {
                    List<String> lines = Files.readAllLines(log);
                    text.append("\n--- ").append(log.getFileName()).append('\n')
                            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
                }
            } catch (IOException e) {
                text.append("\n(no logs: ").append(e.getMessage()).append(')');
            }
            return text.toString();
        }
    }

    /** A bearer token of the local stack, minted by {@code deploy/token.sh} with this data folder's key pair. */
    private static String token(Path data, String userId, String... roles) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", Repo.DEPLOY.resolve("token.sh").toString(),
                "--data", data.toString(), userId));
        command.addAll(List.of(roles));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String token = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
        assertEquals(0, process.waitFor(), "deploy/token.sh");
        return token;
    }

    private HttpResponse<String> send(String method, String url, String authorization, String json)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Authorization", authorization);
        if (json == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The status of a service's readiness check; 0 when it does not answer. */
    private int ready(String service) throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(service + "/q/health/ready"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * The suite's five ports: {@code given} as they are, the others free and all different. Every socket stays open
     * until all are chosen, since the system may hand out a port again as soon as it is closed (one run once gave
     * ENROLLMENT_PORT and WORKSPACE_PORT the same port).
     */
    private static Map<String, Integer> freeSuitePorts(Map<String, Integer> given) {
        Map<String, Integer> ports = new HashMap<>(given);
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (String name : SUITE_PORTS) {
                if (!ports.containsKey(name)) {
                    ServerSocket socket = new ServerSocket(0);
                    held.add(socket);
                    ports.put(name, socket.getLocalPort());
                }
            }
            return Map.copyOf(ports);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (ServerSocket socket : held) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing a socket nobody connected to: nothing to undo
                }
            }
        }
    }
}
