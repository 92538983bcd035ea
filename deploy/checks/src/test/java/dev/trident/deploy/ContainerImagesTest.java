package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What every image's Dockerfile promises (deploy/containers.sh builds and runs them for real): the base is a build
 * argument whose default is a public image by its short name, so a user with a registry builds as usual and a machine
 * without one passes its local base; OCI labels; a health check; a non-root user; container-aware JVM flags.
 */
class ContainerImagesTest {

    private static final Pattern BASE_ARG = Pattern.compile("(?m)^ARG\\s+(\\w+)=(\\S+)\\s*$");
    private static final Pattern FROM = Pattern.compile("(?m)^FROM\\s+\\$\\{(\\w+)}(\\s+AS\\s+\\w+)?\\s*$");

    private static List<Path> javaImages() {
        List<Path> files = new ArrayList<>();
        for (String s : Repo.SERVICES) {
            files.add(Repo.dockerfile(s, "jvm"));
        }
        files.add(Repo.DYNAMODB_DOCKERFILE);
        return files;
    }

    private static List<Path> allImages() {
        List<Path> files = new ArrayList<>(javaImages());
        for (String s : Repo.SERVICES) {
            files.add(Repo.dockerfile(s, "native"));
        }
        files.add(Repo.JRE_DOCKERFILE);
        return files;
    }

    @Test
    void everyBaseImageIsABuildArgumentWithAPublicShortNameAsDefault() {
        for (Path file : allImages()) {
            String text = Repo.read(file);
            Matcher from = FROM.matcher(text);
            int froms = 0;
            while (from.find()) {
                froms++;
                String arg = from.group(1);
                Matcher declared = BASE_ARG.matcher(text);
                String defaultImage = null;
                while (declared.find()) {
                    if (declared.group(1).equals(arg)) {
                        defaultImage = declared.group(2);
                    }
                }
                assertTrue(defaultImage != null, Repo.ROOT.relativize(file) + ": FROM ${" + arg + "} has a default");
                String first = defaultImage.contains("/") ? defaultImage.substring(0, defaultImage.indexOf('/')) : "";
                assertFalse(first.contains(".") || first.contains(":") || first.equals("localhost"),
                        Repo.ROOT.relativize(file) + ": the default base names a registry host: " + defaultImage);
                assertFalse(defaultImage.startsWith("trident/"),
                        Repo.ROOT.relativize(file) + ": the default base is a public image, not a local one: " + defaultImage);
            }
            assertTrue(froms > 0, Repo.ROOT.relativize(file) + " starts FROM a build argument only");
            assertEquals(froms, text.lines().filter(l -> l.startsWith("FROM ")).count(),
                    Repo.ROOT.relativize(file) + ": every FROM is a build argument");
        }
    }

    @Test
    void everyImageCarriesOciLabelsAndRunsAsANonRootUser() {
        for (Path file : allImages()) {
            String text = Repo.read(file);
            for (String label : List.of("org.opencontainers.image.title", "org.opencontainers.image.description",
                    "org.opencontainers.image.version")) {
                assertTrue(text.contains(label + "="), Repo.ROOT.relativize(file) + " labels " + label);
            }
            if (file.equals(Repo.JRE_DOCKERFILE)) {
                assertTrue(text.contains("useradd --system --uid 185"), "the Java base creates the user 185");
                continue;
            }
            List<String> users = text.lines().filter(l -> l.startsWith("USER ")).toList();
            assertFalse(users.isEmpty(), Repo.ROOT.relativize(file) + " sets USER");
            String user = users.get(users.size() - 1).substring(5).trim().split(":")[0];
            assertTrue(user.matches("[1-9][0-9]*"), Repo.ROOT.relativize(file) + " runs as a numeric non-root uid: " + user);
        }
    }

    @Test
    void everyRunnableImageHasAHealthCheckOnItsOwnPort() {
        for (String s : Repo.SERVICES) {
            for (String kind : List.of("jvm", "native")) {
                String text = Repo.read(Repo.dockerfile(s, kind));
                String check = text.substring(text.indexOf("HEALTHCHECK"));
                assertTrue(check.contains("/q/health/ready"), s + " " + kind + " probes readiness");
                assertTrue(check.contains("${QUARKUS_HTTP_PORT:-" + Repo.port(s) + "}"),
                        s + " " + kind + " probes the port it listens on (its own by default)");
            }
        }
        assertTrue(Repo.read(Repo.DYNAMODB_DOCKERFILE).contains("HEALTHCHECK"), "DynamoDB Local has a health check");
    }

    /** The heap follows the container's limit, and a JVM out of memory exits so that the restart policy acts. */
    @Test
    void javaImagesSizeTheHeapFromTheContainerLimitAndExitOnOutOfMemory() {
        for (Path file : javaImages()) {
            String options = Repo.read(file).lines().filter(l -> l.startsWith("ENV JDK_JAVA_OPTIONS=")).findFirst()
                    .orElseThrow(() -> new AssertionError(Repo.ROOT.relativize(file) + " sets JDK_JAVA_OPTIONS"));
            assertTrue(options.contains("-XX:MaxRAMPercentage="), Repo.ROOT.relativize(file) + ": " + options);
            assertTrue(options.contains("-XX:+ExitOnOutOfMemoryError"), Repo.ROOT.relativize(file) + ": " + options);
            assertFalse(options.matches(".*-Xmx\\d.*"), Repo.ROOT.relativize(file) + " fixes the heap: " + options);
            assertTrue(Repo.read(file).contains("ENTRYPOINT [\"java\""),
                    Repo.ROOT.relativize(file) + ": java is process 1 (exec form), so signals and exits reach it");
        }
    }
}
