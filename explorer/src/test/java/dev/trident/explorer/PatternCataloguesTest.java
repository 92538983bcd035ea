package dev.trident.explorer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.pattern.ExplorerPatterns;
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
    /** The modules that send the patterns every service makes (erasure records, pending work, the table). */
    private static final List<String> SUPPORT = List.of("dynamo-support", "service-support");
    /** Each catalogue and the modules that send its patterns. */
    private static final Map<Class<?>, List<String>> SENDERS = Map.of(
            SocialKeys.class, List.of("social-service"),
            EnrollmentKeys.class, List.of("enrollment-service"),
            WorkspaceKeys.class, List.of("workspace-service"),
            ErasureKeys.class, SUPPORT,
            WorkKeys.class, SUPPORT,
            IdempotencyKeys.class, SUPPORT,
            TableSchema.class, SUPPORT,
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
        for (Map.Entry<Class<?>, List<String>> catalogue : SENDERS.entrySet()) {
            if (catalogue.getValue() == SUPPORT) {
                for (Field field : patterns(catalogue.getKey())) {
                    if (((AccessPattern) field.get(null)).name().equals(pattern.name())) {
                        return true;
                    }
                }
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
        assertTrue(problems.isEmpty(), "declare access patterns in common-keys, with the keys they read, not in "
                + problems);
    }

    @Test
    void everyDeclaredPatternIsSentByItsModule() throws IllegalAccessException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Class<?>, List<String>> catalogue : SENDERS.entrySet()) {
            String code = sources(catalogue.getValue());
            for (Field field : patterns(catalogue.getKey())) {
                AccessPattern pattern = (AccessPattern) field.get(null);
                if (catalogue.getValue() != SUPPORT && shared(pattern)) {
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
        assertTrue(sources("enrollment-service").contains("EnrollmentKeys.COURSE_ROSTER"));
        assertTrue(sources("service-support").contains("WorkKeys.WORK_PENDING"));
        assertTrue(sources("dynamo-support").contains("TableSchema.TABLE_READINESS"));
        String explorer = sources("explorer");
        for (Class<?> service : List.of(SocialKeys.class, EnrollmentKeys.class, WorkspaceKeys.class)) {
            for (Field field : patterns(service)) {
                String reference = service.getSimpleName() + "." + field.getName();
                assertFalse(Pattern.compile("\\b" + Pattern.quote(reference) + "\\b").matcher(explorer).find(),
                        "the explorer sends no service's pattern: " + reference);
            }
        }
    }
}
