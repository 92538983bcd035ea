package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What every image's Dockerfile promises (deploy/containers.sh builds and runs them for real): the base is a build
 * argument whose default is a public image by its short name, so a user with a registry builds as usual and a machine
 * without one passes its local base; OCI labels; a health check; a non-root user; the service images' JVM options from
 * one shared file and their JDK 25 AOT cache trained at build time.
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

    /**
     * DynamoDB Local's heap follows its container's limit, and a JVM out of memory exits so the restart policy acts.
     */
    @Test
    void dynamoDbLocalSizesItsHeapFromTheContainerLimitAndExitsOnOutOfMemory() {
        Path file = Repo.DYNAMODB_DOCKERFILE;
        String options = jdkJavaOptions(file);
        assertTrue(options.contains("-XX:MaxRAMPercentage="), Repo.ROOT.relativize(file) + ": " + options);
        assertTrue(options.contains("-XX:+ExitOnOutOfMemoryError"), Repo.ROOT.relativize(file) + ": " + options);
        assertFalse(options.matches(".*-Xmx\\d.*"), Repo.ROOT.relativize(file) + " fixes the heap: " + options);
        assertTrue(Repo.read(file).contains("ENTRYPOINT [\"java\""),
                Repo.ROOT.relativize(file) + ": java is process 1 (exec form), so signals and exits reach it");
    }

    /**
     * Every service image takes its JVM options from the one shared file, deploy/containers/jvm-options (copied by the
     * Maven build to target/container/), never from options of its own; java is process 1.
     */
    @Test
    void serviceImagesUseTheSharedJvmOptionsFile() {
        for (Path file : serviceJvmImages()) {
            String name = Repo.ROOT.relativize(file).toString();
            String text = Repo.read(file);
            assertEquals("@/deployments/jvm-options", jdkJavaOptions(file).split("\\s+")[1].replace("JDK_JAVA_OPTIONS=", ""),
                    name + ": JDK_JAVA_OPTIONS is the shared file and nothing else");
            assertTrue(text.lines().anyMatch(l -> l.startsWith("COPY ") && l.contains("target/container/jvm-options")
                    && l.trim().endsWith("/deployments/")), name + " copies the shared options file to /deployments/");
            assertFalse(text.lines().filter(l -> !l.startsWith("#")).anyMatch(l -> l.matches(".*\\s-X[a-zA-Z:].*")),
                    name + " spells JVM options of its own instead of the shared file's");
            assertTrue(text.contains("MALLOC_ARENA_MAX=2"), name + " caps glibc's malloc arenas");
            assertTrue(text.contains("ENTRYPOINT [\"java\", \"@/deployments/launch\"]"),
                    name + ": java is process 1 (exec form), started with the argument file the AOT training wrote");
            Path pom = file.getParent().getParent().getParent().getParent().resolve("pom.xml");
            assertTrue(Repo.read(pom).contains("<trident.container-files.skip>false</trident.container-files.skip>"),
                    Repo.ROOT.relativize(pom) + " copies the container files to target/container/ for its image");
        }
        String options = Repo.read(SHARED_JVM_OPTIONS);
        for (String option : List.of("-Xmx", "-XX:ReservedCodeCacheSize=", "-Xss",
                "-XX:+ExitOnOutOfMemoryError", "-Djava.util.logging.manager=org.jboss.logmanager.LogManager")) {
            assertTrue(options.lines().anyMatch(l -> l.startsWith(option)), "deploy/containers/jvm-options sets " + option);
        }
        assertTrue(options.lines().allMatch(l -> l.isBlank() || l.startsWith("#") || l.startsWith("-")),
                "deploy/containers/jvm-options holds only options and comment lines (java @argfile syntax)");
        assertTrue(Repo.read(Repo.ROOT.resolve("service-parent/pom.xml")).contains("<include>jvm-options</include>"),
                "service-parent's build copies deploy/containers/jvm-options");
    }

    /** On a JDK 25 base every service image records the AOT cache at build time by serving on its own port. */
    @Test
    void serviceImagesTrainTheAotCacheOnTheirOwnPort() {
        for (Path file : serviceJvmImages()) {
            String name = Repo.ROOT.relativize(file).toString();
            String service = Repo.ROOT.relativize(file).getName(0).toString();
            String text = Repo.read(file);
            assertTrue(text.lines().anyMatch(l -> l.startsWith("RUN ")
                    && l.contains("/deployments/train-aot-cache.sh " + Repo.port(service))), name + " trains on its port");
            assertTrue(text.lines().anyMatch(l -> l.startsWith("COPY ") && l.contains("target/container/train-aot-cache.sh")
                    && l.contains("target/container/launch-args.sh") && l.trim().endsWith("/deployments/")),
                    name + " copies the training script and the class path it trains and starts with to /deployments/");
            int training = text.indexOf("train-aot-cache.sh " + Repo.port(service));
            assertTrue(text.indexOf("ENV JDK_JAVA_OPTIONS=") < training && text.lastIndexOf("\nUSER ") < training,
                    name + " trains with the image's JVM options, as the image's user");
        }
        assertTrue(Files.isRegularFile(Repo.DEPLOY.resolve("containers/train-aot-cache.sh")), "the training script");
        assertTrue(Repo.read(Repo.ROOT.resolve("service-parent/pom.xml")).contains("<include>launch-args.sh</include>"),
                "service-parent's build copies deploy/containers/launch-args.sh, which the training script runs");
    }

    private static final Path SHARED_JVM_OPTIONS = Repo.DEPLOY.resolve("containers/jvm-options");

    private static List<Path> serviceJvmImages() {
        List<Path> files = new ArrayList<>();
        for (String s : Repo.SERVICES) {
            files.add(Repo.dockerfile(s, "jvm"));
        }
        files.add(Repo.dockerfile("explorer", "jvm"));
        return files;
    }

    private static String jdkJavaOptions(Path file) {
        return Repo.read(file).lines().filter(l -> l.startsWith("ENV JDK_JAVA_OPTIONS=")).findFirst()
                .orElseThrow(() -> new AssertionError(Repo.ROOT.relativize(file) + " sets JDK_JAVA_OPTIONS"));
    }
}
