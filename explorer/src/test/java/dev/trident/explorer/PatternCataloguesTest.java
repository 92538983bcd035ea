package dev.trident.explorer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.pattern.AccessPattern;
import dev.trident.keys.pattern.EnrollmentPatterns;
import dev.trident.keys.pattern.ExplorerPatterns;
import dev.trident.keys.pattern.SharedPatterns;
import dev.trident.keys.pattern.SocialPatterns;
import dev.trident.keys.pattern.WorkspacePatterns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the access pattern catalogues of common-keys (what the explorer shows beside every collection) true to the
 * code, by reading the modules' sources: no module declares a pattern of its own, so every request a repository
 * tags is declared in a catalogue; and every declared pattern is one its module sends, so the route table lists no
 * read that nothing makes. Which collection a read hits is checked at run time by test-support's
 * DynamoDbCallRecorder in the services' own tests.
 */
class PatternCataloguesTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Pattern DECLARATION = Pattern.compile("AccessPattern\\.(?:named|reads|readsAnyPartitionOf)\\(");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    /** Each catalogue and the modules that send its patterns. */
    private static final Map<Class<?>, List<String>> SENDERS = Map.of(
            SocialPatterns.class, List.of("social-service"),
            EnrollmentPatterns.class, List.of("enrollment-service"),
            WorkspacePatterns.class, List.of("workspace-service"),
            SharedPatterns.class, List.of("dynamo-support", "service-support"),
            ExplorerPatterns.class, List.of("explorer"));

    /** The main sources of modules, comments left out. */
    private static String sources(List<String> modules) {
        return modules.stream().map(PatternCataloguesTest::sources).collect(Collectors.joining("\n"));
    }

    /** The main sources of a module, comments left out. */
    private static String sources(String module) {
        Path sources = ROOT.resolve(module).resolve("src/main/java");
        assertTrue(Files.isDirectory(sources), "no sources at " + sources);
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(f -> f.toString().endsWith(".java")).map(f -> {
                try {
                    return COMMENTS.matcher(Files.readString(f)).replaceAll("");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).collect(Collectors.joining("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Field> patterns(Class<?> catalogue) {
        List<Field> out = new ArrayList<>();
        for (Field field : catalogue.getDeclaredFields()) {
            if (field.getType() == AccessPattern.class && Modifier.isPublic(field.getModifiers())) {
                out.add(field);
            }
        }
        return out;
    }

    private static boolean shared(AccessPattern pattern) throws IllegalAccessException {
        for (Field field : patterns(SharedPatterns.class)) {
            if (((AccessPattern) field.get(null)).name().equals(pattern.name())) {
                return true;
            }
        }
        return false;
    }

    @Test
    void noModuleDeclaresAPatternOutsideTheCatalogues() {
        List<String> problems = new ArrayList<>();
        for (List<String> modules : SENDERS.values()) {
            for (String module : modules) {
                if (DECLARATION.matcher(sources(module)).find()) {
                    problems.add(module);
                }
            }
        }
        assertTrue(problems.isEmpty(), "declare access patterns in common-keys dev.trident.keys.pattern, not in "
                + problems);
    }

    @Test
    void everyDeclaredPatternIsSentByItsModule() throws IllegalAccessException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Class<?>, List<String>> catalogue : SENDERS.entrySet()) {
            String code = sources(catalogue.getValue());
            for (Field field : patterns(catalogue.getKey())) {
                AccessPattern pattern = (AccessPattern) field.get(null);
                if (catalogue.getKey() != SharedPatterns.class && shared(pattern)) {
                    continue; // a shared read's routes in one service: dynamo-support or service-support sends it
                }
                String reference = catalogue.getKey().getSimpleName() + "." + field.getName();
                if (!Pattern.compile("\\b" + Pattern.quote(reference) + "\\b").matcher(code).find()) {
                    problems.add(reference + " (" + pattern.name() + ") in " + catalogue.getValue());
                }
            }
        }
        assertTrue(problems.isEmpty(), "declared but never sent: " + problems);
    }

    @Test
    void theSourcesAreReadWhereThePatternsAreSent() {
        assertTrue(sources("enrollment-service").contains("EnrollmentPatterns.COURSE_ROSTER"));
        assertTrue(sources("service-support").contains("SharedPatterns.WORK_PENDING"));
        assertTrue(sources("dynamo-support").contains("SharedPatterns.TABLE_READINESS"));
        assertTrue(!sources("explorer").contains("SocialPatterns."), "the explorer sends no service's pattern");
    }
}
