package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packages of every service (and the explorer) are layered by role, and no import runs back up: {@code rest}
 * uses {@code service}; {@code service} uses {@code repository} and {@code client}; all of them may use
 * {@code config} and {@code model}, which use no other role. A reader of one service finds the same shape in the
 * others, and a repository never knows an HTTP answer. What the services share is layered by concern the same way,
 * in two modules: dynamo-support (the DynamoDB layer) and service-support (the web layer and pending work).
 */
class PackageLayersTest {

    /** Each role's layer: an import may only go to a lower one (or stay in its own role). */
    private static final Map<String, Integer> LAYER = Map.of(
            "rest", 3, "service", 2, "repository", 1, "client", 1, "config", 0, "model", 0);
    private static final Map<String, String> MODULES = Map.of(
            "social-service", "social", "enrollment-service", "enrollment", "workspace-service", "workspace",
            "explorer", "explorer");

    /**
     * The shared layers, by concern: the DynamoDB layer (dynamo-support: the table, its calls, paging keys,
     * transport); what every layer above it may use (settings, time, JSON); the web layer (HTTP, problems, auth,
     * cursors, OpenAPI, idempotency, peer clients); the pending work and erasures that use both. A package may use
     * its own layer and those below, never one above.
     */
    private static final Map<String, Integer> SUPPORT_LAYER = Map.ofEntries(
            Map.entry("dynamo", 0), Map.entry("table", 0),
            Map.entry("config", 1), Map.entry("time", 1), Map.entry("json", 1), Map.entry("validation", 1),
            Map.entry("security", 1),
            Map.entry("http", 2), Map.entry("problem", 2), Map.entry("paging", 2), Map.entry("auth", 2),
            Map.entry("openapi", 2), Map.entry("idempotency", 2), Map.entry("client", 2),
            Map.entry("work", 3), Map.entry("erasure", 3));

    /** The imports of a module's main sources that run back up: "role/File.java -> role". */
    static List<String> arrowsUp(Path module, String base) {
        return arrowsUp(module, base, LAYER, false);
    }

    /**
     * The imports of a module's main sources that run against {@code layers}: to a higher layer, to a package of no
     * layer, or (unless {@code sameLayer}) to another package of the same layer.
     */
    static List<String> arrowsUp(Path module, String base, Map<String, Integer> layers, boolean sameLayer) {
        Path root = module.resolve("src/main/java/dev/trident").resolve(base);
        Pattern own = Pattern.compile("^import (?:static )?dev\\.trident\\." + base + "\\.(\\w+)\\.",
                Pattern.MULTILINE);
        List<String> arrows = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path relative = root.relativize(file);
                String role = relative.getNameCount() > 1 ? relative.getName(0).toString() : "(root)";
                Integer layer = layers.get(role);
                if (layer == null) {
                    arrows.add(relative + ": not in a role package " + layers.keySet());
                    continue;
                }
                Matcher imported = own.matcher(Files.readString(file));
                while (imported.find()) {
                    String to = imported.group(1);
                    Integer target = layers.get(to);
                    if (!to.equals(role) && (target == null || target > layer || target == layer && !sameLayer)) {
                        arrows.add(relative + " -> " + to);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return arrows;
    }

    @Test
    void noImportRunsBackUpTheLayers() {
        List<String> arrows = new ArrayList<>();
        MODULES.forEach((module, base) -> arrowsUp(Repo.ROOT.resolve(module), base)
                .forEach(arrow -> arrows.add(module + " " + arrow)));
        assertTrue(arrows.isEmpty(), "imports against the layers rest > service > repository, client > config, model: "
                + arrows);
    }

    @Test
    void theSharedModulesImportOnlyDownTheirLayers() {
        List<String> arrows = new ArrayList<>();
        for (String module : List.of("dynamo-support", "service-support")) {
            arrowsUp(Repo.ROOT.resolve(module), "support", SUPPORT_LAYER, true)
                    .forEach(arrow -> arrows.add(module + " " + arrow));
        }
        assertTrue(arrows.isEmpty(), "imports against the shared layers " + SUPPORT_LAYER + ": " + arrows);
    }

    @Test
    void theDynamoDbModuleHoldsTheDynamoDbLayerAndNothingElse() throws IOException {
        Path root = Repo.ROOT.resolve("dynamo-support/src/main/java/dev/trident/support");
        try (Stream<Path> packages = Files.list(root)) {
            assertEquals(List.of("dynamo", "table"), packages.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void anArrowFromTheDynamoDbLayerToTheWebLayerIsFound(@TempDir Path dir) throws IOException {
        writeImport(dir, "support", "dynamo", "Table", "http", "Deadline");
        assertEquals(List.of(Path.of("dynamo", "Table.java") + " -> http"),
                arrowsUp(dir, "support", SUPPORT_LAYER, true));
    }

    @Test
    void anArrowBackUpIsFound(@TempDir Path dir) throws IOException {
        writeImport(dir, "demo", "repository", "Store", "rest", "Answer");
        assertEquals(List.of(Path.of("repository", "Store.java") + " -> rest"), arrowsUp(dir, "demo"));
    }

    /** Writes the sources of {@code base}: {@code to.target}, and {@code from.type} importing it. */
    private static void writeImport(Path dir, String base, String from, String type, String to, String target)
            throws IOException {
        Path sources = dir.resolve("src/main/java/dev/trident").resolve(base);
        String packages = "dev.trident." + base + ".";
        Files.createDirectories(sources.resolve(from));
        Files.createDirectories(sources.resolve(to));
        Files.writeString(sources.resolve(to).resolve(target + ".java"), "package " + packages + to + ";\n");
        Files.writeString(sources.resolve(from).resolve(type + ".java"), "package " + packages + from + ";\n\nimport "
                + packages + to + "." + target + ";\n");
    }
}
