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
 * others, and a repository never knows an HTTP answer.
 */
class PackageLayersTest {

    /** Each role's layer: an import may only go to a lower one (or stay in its own role). */
    private static final Map<String, Integer> LAYER = Map.of(
            "rest", 3, "service", 2, "repository", 1, "client", 1, "config", 0, "model", 0);
    private static final Map<String, String> MODULES = Map.of(
            "social-service", "social", "enrollment-service", "enrollment", "workspace-service", "workspace",
            "explorer", "explorer");

    /** The imports of a module's main sources that run back up: "role/File.java -> role". */
    static List<String> arrowsUp(Path module, String base) {
        Path root = module.resolve("src/main/java/dev/trident").resolve(base);
        Pattern own = Pattern.compile("^import (?:static )?dev\\.trident\\." + base + "\\.(\\w+)\\.",
                Pattern.MULTILINE);
        List<String> arrows = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path relative = root.relativize(file);
                String role = relative.getNameCount() > 1 ? relative.getName(0).toString() : "(root)";
                Integer layer = LAYER.get(role);
                if (layer == null) {
                    arrows.add(relative + ": not in a role package " + LAYER.keySet());
                    continue;
                }
                Matcher imported = own.matcher(Files.readString(file));
                while (imported.find()) {
                    String to = imported.group(1);
                    Integer target = LAYER.get(to);
                    if (!to.equals(role) && (target == null || target >= layer)) {
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
    void anArrowBackUpIsFound(@TempDir Path dir) throws IOException {
        Path sources = dir.resolve("src/main/java/dev/trident/demo");
        Files.createDirectories(sources.resolve("repository"));
        Files.createDirectories(sources.resolve("rest"));
        Files.writeString(sources.resolve("rest/Answer.java"), "package dev.trident.demo.rest;\n");
        Files.writeString(sources.resolve("repository/Store.java"),
                "package dev.trident.demo.repository;\n\nimport dev.trident.demo.rest.Answer;\n");
        assertEquals(List.of(Path.of("repository", "Store.java") + " -> rest"), arrowsUp(dir, "demo"));
    }
}
