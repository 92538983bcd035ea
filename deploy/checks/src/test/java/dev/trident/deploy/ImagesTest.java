package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Dockerfiles, image names and registry hosts. */
class ImagesTest {
    private static final Pattern BUILD_TAG = Pattern.compile("docker build -f (\\S+) -t (\\S+) (\\S+)");
    private static final Pattern FROM = Pattern.compile("(?m)^FROM\\s+(\\S+)");
    private static final Pattern ARG_DEFAULT = Pattern.compile("(?m)^ARG\\s+\\w+=(\\S+)");
    /**
     * Host names of public registries, and any "registry.<domain>" host. Docker Hub's host is refused where it is used
     * as one (docker.io/..., *.docker.io, ://docker.io), not as the name of Debian's package docker.io.
     */
    private static final Pattern REGISTRY_HOST = Pattern.compile(
            "docker\\.io/|[a-z0-9-]\\.docker\\.io|://docker\\.io|quay\\.io|gcr\\.io|ghcr\\.io|public\\.ecr\\.aws|amazonaws\\.com|mcr\\.microsoft\\.com"
                    + "|azurecr\\.io|pkg\\.dev|registry\\.[a-z0-9-]+\\.[a-z]");

    @Test
    void dockerfilesRunAsNonRootAndExposeTheServicePort() {
        for (String s : Repo.SERVICES) {
            for (String kind : new String[] {"jvm", "native"}) {
                String text = Repo.read(Repo.dockerfile(s, kind));
                List<String> users = lines(text, "USER");
                assertFalse(users.isEmpty(), s + " Dockerfile." + kind + " sets USER");
                String user = users.get(users.size() - 1).split(":")[0];
                assertTrue(user.matches("[1-9][0-9]*"), s + " " + kind + " runs as a numeric non-root uid: " + user);
                assertEquals(kind.equals("jvm") ? "185" : "1001", user, s + " " + kind + " uses the base image's uid");
                assertEquals(List.of(String.valueOf(Repo.port(s))), lines(text, "EXPOSE"), s + " " + kind + " EXPOSE");
                assertTrue(text.contains(kind.equals("jvm") ? "target/quarkus-app/" : "target/native-sources/"),
                        s + " " + kind + " copies the Quarkus build output (the native image builds from the native sources)");
            }
        }
    }

    /**
     * Inside a container the services listen on every interface of the container's own network namespace (the
     * local stack binds 127.0.0.1, compose publishes on 127.0.0.1 only): no shared config binds them elsewhere.
     */
    @Test
    void imagesListenOnAllInterfacesOfTheirContainer() {
        for (String s : Repo.SERVICES) {
            for (String kind : new String[] {"jvm", "native"}) {
                // An environment variable, not a -D flag, so that host networking can override it (127.0.0.1).
                assertTrue(Repo.read(Repo.dockerfile(s, kind)).contains("ENV QUARKUS_HTTP_HOST=0.0.0.0"),
                        s + " Dockerfile." + kind + " listens on 0.0.0.0");
                assertFalse(Repo.read(Repo.dockerfile(s, kind)).contains("-Dquarkus.http.host"),
                        s + " Dockerfile." + kind + " pins the address with a flag no environment can override");
            }
        }
        for (Path config : Repo.configFiles()) {
            Repo.properties(config).stringPropertyNames().stream()
                    .filter(key -> key.equals("quarkus.http.host") || key.equals("%prod.quarkus.http.host"))
                    .forEach(key -> assertTrue(false, Repo.ROOT.relativize(config) + " sets " + key));
        }
    }

    @Test
    void documentedBuildCommandsMatchComposeAndKubernetesImages() {
        JsonNode compose = Repo.yaml(Repo.COMPOSE).path("services");
        JsonNode composeNative = Repo.yaml(Repo.COMPOSE_NATIVE).path("services");
        Map<String, JsonNode> k8s = Repo.kubernetesObjects(false);
        for (String s : Repo.SERVICES) {
            String jvm = documentedTag(s, "jvm");
            String nat = documentedTag(s, "native");
            assertTrue(jvm.startsWith(Repo.IMAGE_REPOSITORY_PREFIX + s + ":"), s + " JVM image name " + jvm);
            assertTrue(nat.startsWith(Repo.IMAGE_REPOSITORY_PREFIX + s + ":"), s + " native image name " + nat);
            assertFalse(jvm.equals(nat), s + " JVM and native tags differ");
            assertEquals(jvm, compose.path(s).path("image").asText(), s + " compose image");
            assertEquals(nat, composeNative.path(s).path("image").asText(), s + " compose.native image");
            JsonNode c = k8s.get("Deployment/" + s).path("spec").path("template").path("spec").path("containers").get(0);
            assertEquals(jvm, c.path("image").asText(), s + " Kubernetes image");
            assertEquals("../../" + s, compose.path(s).path("build").path("context").asText(), s + " build context");
        }
    }

    @Test
    void noImageReferenceNamesARegistryHost() {
        List<String> refs = new ArrayList<>();
        for (Path f : Stream.of(Repo.COMPOSE, Repo.COMPOSE_NATIVE, Repo.COMPOSE_HOST).toList()) {
            Repo.yaml(f).path("services").forEach(svc -> {
                if (svc.has("image")) {
                    refs.add(svc.path("image").asText());
                }
            });
        }
        Repo.kubernetesObjects(true).values().forEach(o -> collectImages(o, refs));
        for (String s : Repo.SERVICES) {
            for (String kind : new String[] {"jvm", "native"}) {
                String text = Repo.read(Repo.dockerfile(s, kind));
                refs.addAll(all(FROM, text));
                refs.addAll(all(ARG_DEFAULT, text));
                refs.add(documentedTag(s, kind));
            }
        }
        for (Path dockerfile : List.of(Repo.JRE_DOCKERFILE, Repo.DYNAMODB_DOCKERFILE)) {
            refs.addAll(all(FROM, Repo.read(dockerfile)));
            refs.addAll(all(ARG_DEFAULT, Repo.read(dockerfile)));
        }
        assertTrue(refs.size() >= 20, "image references found: " + refs);
        for (String ref : refs) {
            if (ref.startsWith("${")) {
                continue; // FROM ${ARG}: its default is checked as an ARG default
            }
            String first = ref.contains("/") ? ref.substring(0, ref.indexOf('/')) : "";
            assertFalse(first.contains(".") || first.contains(":") || first.equals("localhost"),
                    "image reference names a registry host: " + ref);
        }
    }

    @Test
    void noFileUnderDeployNamesARegistryHost() {
        Set<String> offenders = new TreeSet<>();
        List<Path> files = new ArrayList<>(Repo.files(Repo.DEPLOY));
        for (String s : Repo.SERVICES) {
            files.add(Repo.dockerfile(s, "jvm"));
            files.add(Repo.dockerfile(s, "native"));
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (name.endsWith(".class") || name.endsWith(".jar") || name.endsWith(".java") && f.startsWith(
                    Repo.DEPLOY.resolve("checks"))) {
                continue; // this module's sources name the hosts they look for
            }
            Matcher m = REGISTRY_HOST.matcher(Repo.read(f).toLowerCase());
            while (m.find()) {
                offenders.add(Repo.ROOT.relativize(f) + " names " + m.group());
            }
        }
        assertEquals(Set.of(), offenders);
    }

    @Test
    void theRegistryHostCheckTellsAHostFromDebiansPackageName() {
        for (String host : List.of("FROM docker.io/library/eclipse-temurin:25-jre", "registry-1.docker.io",
                "https://docker.io", "quay.io/quarkus/x", "registry.example.com/x")) {
            assertTrue(REGISTRY_HOST.matcher(host).find(), host);
        }
        for (String text : List.of("apt-get install -y docker.io", "need dockerd docker.io", "eclipse-temurin:25-jre")) {
            assertFalse(REGISTRY_HOST.matcher(text).find(), text);
        }
    }

    private static String documentedTag(String service, String kind) {
        Matcher m = BUILD_TAG.matcher(Repo.read(Repo.dockerfile(service, kind)));
        assertTrue(m.find(), service + " Dockerfile." + kind + " documents its docker build command");
        assertEquals(service + "/src/main/docker/Dockerfile." + kind, m.group(1), service + " " + kind);
        assertEquals(service, m.group(3), service + " " + kind + " build context");
        return m.group(2);
    }

    private static void collectImages(JsonNode node, List<String> out) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("image") && e.getValue().isTextual()) {
                    out.add(e.getValue().asText());
                } else {
                    collectImages(e.getValue(), out);
                }
            });
        } else if (node.isArray()) {
            node.forEach(n -> collectImages(n, out));
        }
    }

    private static List<String> lines(String dockerfile, String instruction) {
        List<String> values = new ArrayList<>();
        for (String line : dockerfile.split("\n")) {
            String t = line.trim();
            if (t.startsWith(instruction + " ")) {
                values.add(t.substring(instruction.length()).trim());
            }
        }
        return values;
    }

    private static List<String> all(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
