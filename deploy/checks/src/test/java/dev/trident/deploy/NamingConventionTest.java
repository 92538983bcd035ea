package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/development.md's table of names ("Conventions", Names) against the three services' main sources, so that one
 * service's file names predict another's: a name the table gives with {@code <Service>} or no placeholder at all
 * ({@code <Service>Application}, {@code AccessRules}) is a class of every service, in its row's package; and a class
 * named like any name of the table ({@code <Entity>Service}, {@code <Verb><Entity>Request}) is in that row's package.
 * Classes the table names no kind of (the model's records, a service's own helpers) are free.
 */
class NamingConventionTest {

    private static final Path DEVELOPMENT = Repo.ROOT.resolve("docs/development.md");
    private static final Pattern ROW = Pattern.compile("^\\s*\\| `(\\w+)` \\| (.+?) \\|");
    private static final Pattern NAME = Pattern.compile("`([A-Za-z<>]+)`");
    private static final Pattern PLACEHOLDER = Pattern.compile("<(\\w+)>");

    /** One name of the table: its package and its spelling, such as {@code <Entity>DeletionTask}. */
    record Kind(String packageName, String spelling) {

        /** A class name of this kind in the service named {@code Social}, {@code Enrollment} or {@code Workspace}. */
        boolean matches(String className, String service) {
            return Pattern.matches(regex(service), className);
        }

        /** The one class of this kind every service has, or null for a kind of which a service may have any number. */
        String requiredIn(String service) {
            String spelled = spelling.replace("<Service>", service);
            return PLACEHOLDER.matcher(spelled).find() ? null : spelled;
        }

        private String regex(String service) {
            StringBuilder regex = new StringBuilder();
            Matcher placeholder = PLACEHOLDER.matcher(spelling);
            int last = 0;
            while (placeholder.find()) {
                regex.append(Pattern.quote(spelling.substring(last, placeholder.start())));
                regex.append(placeholder.group(1).equals("Service") ? Pattern.quote(service) : "[A-Z][A-Za-z0-9]*");
                last = placeholder.end();
            }
            return regex.append(Pattern.quote(spelling.substring(last))).toString();
        }
    }

    /** The table's names, in the order it gives them. */
    static List<Kind> kinds() throws IOException {
        List<String> lines = Files.readAllLines(DEVELOPMENT);
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) {
            if (lines.get(i).contains("**Names.**")) {
                start = i;
            }
        }
        assertTrue(start >= 0, "docs/development.md has no **Names.** convention");
        List<Kind> kinds = new ArrayList<>();
        boolean inTable = false;
        for (String line : lines.subList(start + 1, lines.size())) {
            boolean tableLine = line.trim().startsWith("|");
            if (inTable && !tableLine) {
                break;
            }
            inTable |= tableLine;
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                Matcher name = NAME.matcher(row.group(2));
                while (name.find()) {
                    kinds.add(new Kind(row.group(1), name.group(1)));
                }
            }
        }
        return kinds;
    }

    /** A service's main classes, top-level, by simple name: their package under the service's own package. */
    static Map<String, String> classesOf(String module) throws IOException {
        String service = module.substring(0, module.indexOf('-'));
        Path root = Repo.ROOT.resolve(module).resolve("src/main/java/dev/trident").resolve(service);
        Map<String, String> classes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                String name = f.getFileName().toString().replace(".java", "");
                classes.put(name, root.relativize(f.getParent()).toString().replace('/', '.'));
            });
        }
        return classes;
    }

    private static String serviceName(String module) {
        String word = module.substring(0, module.indexOf('-'));
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    @Test
    void theTableNamesTheKindsEveryServiceShares() throws IOException {
        List<String> spellings = kinds().stream().map(Kind::spelling).toList();
        assertTrue(spellings.containsAll(List.of("<Entity>Resource", "<Verb><Entity>Request", "<Service>Application",
                "<Entity>Service", "<Entity>DeletionTask", "<Service>ErasurePart", "AccessRules", "Refusals",
                "<Aggregate>Repository", "<Service>Entities", "<Service>Config")), spellings.toString());
    }

    @Test
    void everyServiceHasTheClassesTheTableNamesForEachService() throws IOException {
        List<Kind> kinds = kinds();
        List<String> missing = new ArrayList<>();
        for (String module : Repo.SERVICES) {
            Map<String, String> classes = classesOf(module);
            for (Kind kind : kinds) {
                String required = kind.requiredIn(serviceName(module));
                if (required != null && !kind.packageName().equals(classes.get(required))) {
                    missing.add(module + ": " + kind.packageName() + "." + required
                            + (classes.containsKey(required) ? " (found in " + classes.get(required) + ")" : ""));
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void aClassNamedLikeARowOfTheTableIsInThatRowsPackage() throws IOException {
        List<Kind> kinds = kinds();
        List<String> misplaced = new ArrayList<>();
        for (String module : Repo.SERVICES) {
            String service = serviceName(module);
            classesOf(module).forEach((className, packageName) -> {
                List<String> packages = kinds.stream().filter(kind -> kind.matches(className, service))
                        .map(Kind::packageName).distinct().toList();
                if (!packages.isEmpty() && !packages.contains(packageName)) {
                    misplaced.add(module + ": " + packageName + "." + className + " belongs in " + packages);
                }
            });
        }
        assertEquals(List.of(), misplaced);
    }

    @Test
    void aNameOfTheTableMatchesOnlyWhatItSpells() {
        Kind deletionTask = new Kind("service", "<Entity>DeletionTask");
        assertTrue(deletionTask.matches("CourseDeletionTask", "Enrollment"));
        assertTrue(!deletionTask.matches("CourseDeletion", "Enrollment"));
        Kind erasurePart = new Kind("service", "<Service>ErasurePart");
        assertTrue(erasurePart.matches("SocialErasurePart", "Social"));
        assertTrue(!erasurePart.matches("SocialErasurePart", "Workspace"));
        assertEquals("WorkspaceConfig", new Kind("config", "<Service>Config").requiredIn("Workspace"));
        assertEquals(null, deletionTask.requiredIn("Workspace"));
    }
}
