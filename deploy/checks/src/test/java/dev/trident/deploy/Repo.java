package dev.trident.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The repository as the checks see it: deploy files, services and their configuration. */
final class Repo {
    /** Tests run in deploy/checks, so the repository root is two levels up. */
    static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    static final Path DEPLOY = ROOT.resolve("deploy");
    static final Path COMPOSE = DEPLOY.resolve("compose/compose.yaml");
    static final Path COMPOSE_NATIVE = DEPLOY.resolve("compose/compose.native.yaml");
    static final Path COMPOSE_HOST = DEPLOY.resolve("compose/compose.host.yaml");
    /** The Java base built where no registry is reachable, and the DynamoDB Local image. */
    static final Path JRE_DOCKERFILE = DEPLOY.resolve("containers/jre/Dockerfile");
    static final Path DYNAMODB_DOCKERFILE = DEPLOY.resolve("containers/dynamodb-local/Dockerfile");
    static final Path COMPOSE_CREATE_TABLE = DEPLOY.resolve("compose/table/create-table.json");
    static final Path COMPOSE_TIME_TO_LIVE = DEPLOY.resolve("compose/table/time-to-live.json");
    static final Path KUBERNETES = DEPLOY.resolve("kubernetes");
    static final Path CLOUDFORMATION = DEPLOY.resolve("cloudformation/trident-table.yaml");

    static final List<String> SERVICES = List.of("social-service", "enrollment-service", "workspace-service");
    static final String IMAGE_REPOSITORY_PREFIX = "trident/";

    static final Set<String> HEALTH_PATHS = Set.of("/q/health/live", "/q/health/ready", "/q/health/started");

    /** Env names the services read that are not (yet) spelled as property keys in their config files. */
    static final Set<String> ENV_ALLOW_LIST = Set.of(
            "QUARKUS_HTTP_PORT", "QUARKUS_HTTP_HOST", "TRIDENT_TABLE_NAME", "TRIDENT_TABLE_BOOTSTRAP", "TRIDENT_CURSOR_SECRETS",
            "QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE", "QUARKUS_DYNAMODB_AWS_REGION",
            "QUARKUS_DYNAMODB_AWS_CREDENTIALS_TYPE", "SOCIAL_SERVICE_URL", "WORKSPACE_SERVICE_URL");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern ENV_REFERENCE = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)[:}]");

    private Repo() {
    }

    /** Every document of a YAML file (Kubernetes files hold several). */
    static List<JsonNode> yamlDocuments(Path file) {
        try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            List<JsonNode> docs = new ArrayList<>();
            while (it.hasNext()) {
                JsonNode doc = it.next();
                if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
                    docs.add(doc);
                }
            }
            return docs;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse " + ROOT.relativize(file), e);
        }
    }

    static JsonNode yaml(Path file) {
        List<JsonNode> docs = yamlDocuments(file);
        if (docs.size() != 1) {
            throw new IllegalStateException(ROOT.relativize(file) + " holds " + docs.size() + " documents, expected 1");
        }
        return docs.get(0);
    }

    /** Kubernetes objects of every manifest in deploy/kubernetes, keyed "Kind/name". */
    static Map<String, JsonNode> kubernetesObjects(boolean includeTemplates) {
        Map<String, JsonNode> objects = new LinkedHashMap<>();
        for (Path f : files(KUBERNETES, ".yaml")) {
            String name = f.getFileName().toString();
            if (name.equals("kustomization.yaml") || (!includeTemplates && name.contains(".template."))) {
                continue;
            }
            for (JsonNode doc : yamlDocuments(f)) {
                objects.put(doc.path("kind").asText() + "/" + doc.path("metadata").path("name").asText(), doc);
            }
        }
        return objects;
    }

    static List<Path> files(Path dir, String... suffixes) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !ROOT.relativize(p).toString().contains("/target/")
                            && !ROOT.relativize(p).toString().startsWith("deploy/checks/target"))
                    .filter(p -> suffixes.length == 0
                            || Stream.of(suffixes).anyMatch(x -> p.getFileName().toString().endsWith(x)))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Properties properties(Path file) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    static Properties applicationProperties(String service) {
        return properties(ROOT.resolve(service).resolve("src/main/resources/application.properties"));
    }

    static List<Path> configFiles() {
        List<Path> files = new ArrayList<>();
        files.add(ROOT.resolve("dynamo-support/src/main/resources/META-INF/microprofile-config.properties"));
        files.add(ROOT.resolve("service-support/src/main/resources/META-INF/microprofile-config.properties"));
        for (String s : SERVICES) {
            files.add(ROOT.resolve(s).resolve("src/main/resources/application.properties"));
        }
        return files;
    }

    /** The port a service listens on by default, from its own application.properties. */
    static int port(String service) {
        String value = applicationProperties(service).getProperty("quarkus.http.port");
        if (value == null) {
            throw new IllegalStateException(service + " sets no quarkus.http.port");
        }
        return Integer.parseInt(value.trim());
    }

    /** MicroProfile Config's environment form of a property name: non-alphanumerics become '_', upper case. */
    static String envName(String property) {
        String key = property.startsWith("%") ? property.substring(property.indexOf('.') + 1) : property;
        return key.replaceAll("[^A-Za-z0-9]", "_").toUpperCase();
    }

    /**
     * Every env name a service can read: each property key of the shared and service config files in env
     * form, each ${ENV} referenced in a value, plus the allow-list.
     */
    static Set<String> knownEnvNames() {
        Set<String> names = new TreeSet<>(ENV_ALLOW_LIST);
        for (Path f : configFiles()) {
            Properties p = properties(f);
            for (String key : p.stringPropertyNames()) {
                names.add(envName(key));
                Matcher m = ENV_REFERENCE.matcher(p.getProperty(key));
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        return names;
    }

    /** SOCIAL_SERVICE_URL -> social-service. */
    static String serviceOfUrlVariable(String envName) {
        return envName.substring(0, envName.length() - "_URL".length()).toLowerCase().replace('_', '-');
    }

    static URI uri(String value) {
        return URI.create(value);
    }

    static Path dockerfile(String service, String kind) {
        return ROOT.resolve(service).resolve("src/main/docker/Dockerfile." + kind);
    }
}
