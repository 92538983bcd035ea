package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Native images initialise classes at build time: a random generator in a static field would be seeded once, in
 * the build, and every binary would draw the same bits; a time, an id, an environment variable or a thread read in a
 * static initialiser would be the build's, frozen into every binary. GraalVM cannot be run here (its analysis would
 * refuse some of these), so this test refuses such state in the code that goes into a native image, unless its
 * class is initialised at run time by a {@code native-image.properties} of the project.
 */
class NativeInitialisationTest {

    private static final Pattern RANDOM_FIELD = Pattern.compile(
            "static\\s+final\\s+(?:java\\.security\\.|java\\.util\\.)?(?:Secure)?Random\\s+\\w+");
    /** A static field of a type that is per-process state by nature, whatever it is initialised with. */
    private static final Pattern PER_PROCESS_FIELD = Pattern.compile(
            "static\\s+(?:final\\s+)?(?:[\\w.]+\\.)?(Random|SecureRandom|SplittableRandom|Thread|Timer|ExecutorService"
                    + "|ScheduledExecutorService|ForkJoinPool)\\s+\\w+\\s*[=;]");
    /** A static field or static block that reads per-process state while its class is initialised. */
    private static final Pattern STATIC_INITIALISER = Pattern.compile(
            "static\\s+(?:final\\s+)?[\\w.<>\\[\\], ?]+\\s+\\w+\\s*=([^;]*);|static\\s*\\{");
    private static final Pattern PER_PROCESS_CALL = Pattern.compile(
            "new\\s+(?:java\\.security\\.|java\\.util\\.)?(?:Secure|Splittable)?Random\\s*\\(|ThreadLocalRandom\\.current\\("
                    + "|System\\.(?:currentTimeMillis|nanoTime|getenv)\\(|(?:Instant|LocalDateTime|LocalDate|ZonedDateTime"
                    + "|OffsetDateTime)\\.now\\(|UUID\\.randomUUID\\(|Executors\\.new\\w*\\(|new\\s+Thread\\s*\\("
                    + "|new\\s+Timer\\s*\\(|ProcessHandle\\.current\\(|InetAddress\\.getLocalHost\\(");
    private static final Pattern CLASS = Pattern.compile("\\bclass\\s+(\\w+)");
    private static final Pattern RUN_TIME = Pattern.compile("--initialize-at-run-time=([^\\s]+)");
    private static final List<String> NATIVE_MODULES = List.of("common-keys", "dynamo-support", "service-support",
            "social-service",
            "enrollment-service", "workspace-service");

    @Test
    void noRandomGeneratorIsInitialisedAtBuildTime() {
        Set<String> runTimeClasses = runTimeInitialisedClasses();
        List<String> offenders = new ArrayList<>();
        for (String module : NATIVE_MODULES) {
            for (Path file : Repo.files(Repo.ROOT.resolve(module).resolve("src/main/java"), ".java")) {
                String source = Repo.read(file);
                Matcher field = RANDOM_FIELD.matcher(source);
                while (field.find()) {
                    String declaringClass = nearestClassBefore(source, field.start());
                    if (!runTimeClasses.contains(declaringClass)) {
                        offenders.add(Repo.ROOT.relativize(file) + ": " + field.group() + " in " + declaringClass);
                    }
                }
            }
        }
        assertTrue(offenders.isEmpty(), "random generators initialised at build time: " + offenders);
    }

    /** Beyond random generators: threads, timers, executors, clocks read, ids drawn, the environment read. */
    @Test
    void noOtherPerProcessStateIsInitialisedAtBuildTime() {
        Set<String> runTimeClasses = runTimeInitialisedClasses();
        List<String> offenders = new ArrayList<>();
        for (String module : NATIVE_MODULES) {
            for (Path file : Repo.files(Repo.ROOT.resolve(module).resolve("src/main/java"), ".java")) {
                for (String finding : perProcessState(Repo.read(file))) {
                    String declaringClass = finding.substring(0, finding.indexOf(':'));
                    if (!runTimeClasses.contains(declaringClass)) {
                        offenders.add(Repo.ROOT.relativize(file) + ": " + finding);
                    }
                }
            }
        }
        assertTrue(offenders.isEmpty(), "per-process state initialised at build time: " + offenders);
    }

    /** The check itself: what it must find, and what it must leave alone. */
    @Test
    void theCheckRecognisesPerProcessStateAndNothingElse() {
        for (String refused : List.of(
                "class A { private static final SecureRandom RANDOM = new SecureRandom(); }",
                "class A { static final java.util.Random R = new java.util.Random(42); }",
                "class A { static final long STARTED = System.currentTimeMillis(); }",
                "class A { static final Instant BOOT = Instant.now(); }",
                "class A { static final String NODE = UUID.randomUUID().toString(); }",
                "class A { static final String REGION = System.getenv(\"AWS_REGION\"); }",
                "class A { private static final ExecutorService POOL = Executors.newFixedThreadPool(2); }",
                "class A { static Thread worker; }",
                "class A { static final int SALT = ThreadLocalRandom.current().nextInt(); }",
                "class A { static final Map<String, Long> T = new HashMap<>(); static { T.put(\"x\", System.nanoTime()); } }")) {
            assertFalse(perProcessState(refused).isEmpty(), "not found in: " + refused);
        }
        for (String allowed : List.of(
                "class A { static final Duration TIMEOUT = Duration.ofSeconds(2); }",
                "class A { static final Pattern ID = Pattern.compile(\"[a-z]+\"); }",
                "class A { long now() { return System.currentTimeMillis(); } }",
                "class A { Instant at = Instant.now(); }",
                "class A { static String id() { return UUID.randomUUID().toString(); } }")) {
            assertEquals(List.of(), perProcessState(allowed), allowed);
        }
    }

    /** Every class a native-image.properties initialises at run time exists: a misspelt name would exempt nothing. */
    @Test
    void everyRunTimeInitialisedClassExists() {
        for (String module : NATIVE_MODULES) {
            for (Path file : Repo.files(Repo.ROOT.resolve(module).resolve("src/main/resources"), "native-image.properties")) {
                Matcher args = RUN_TIME.matcher(Repo.read(file));
                while (args.find()) {
                    for (String name : args.group(1).split(",")) {
                        String outer = name.contains("$") ? name.substring(0, name.indexOf('$')) : name;
                        Path source = Repo.ROOT.resolve(module).resolve("src/main/java")
                                .resolve(outer.replace('.', '/') + ".java");
                        assertTrue(source.toFile().isFile(), Repo.ROOT.relativize(file) + " names " + name + ": no " + source);
                        String simple = name.substring(Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1);
                        assertTrue(Pattern.compile("\\bclass\\s+" + simple + "\\b").matcher(Repo.read(source)).find(),
                                Repo.ROOT.relativize(file) + " names " + name + ", which " + source.getFileName() + " lacks");
                    }
                }
            }
        }
    }

    /** "DeclaringClass: what" for each static field or block of this source that holds or reads per-process state. */
    private static List<String> perProcessState(String source) {
        List<String> found = new ArrayList<>();
        Matcher field = PER_PROCESS_FIELD.matcher(source);
        while (field.find()) {
            found.add(nearestClassBefore(source, field.start()) + ": " + field.group().trim());
        }
        Matcher initialiser = STATIC_INITIALISER.matcher(source);
        while (initialiser.find()) {
            String code = initialiser.group(1) != null ? initialiser.group(1) : block(source, initialiser.end() - 1);
            Matcher call = PER_PROCESS_CALL.matcher(code);
            if (call.find()) {
                found.add(nearestClassBefore(source, initialiser.start()) + ": " + initialiser.group().trim()
                        + " (reads " + call.group() + ")");
            }
        }
        return found;
    }

    /** The text of the block whose opening brace is at {@code open}. */
    private static String block(String source, int open) {
        int depth = 0;
        for (int i = open; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return source.substring(open, i + 1);
            }
        }
        return source.substring(open);
    }

    @Test
    void theRunTimeInitialisedIdGeneratorsAreDeclared() {
        Set<String> runTimeClasses = runTimeInitialisedClasses();
        assertTrue(runTimeClasses.contains("Holder"), runTimeClasses.toString());
        assertTrue(runTimeClasses.contains("Shared"), runTimeClasses.toString());
        assertTrue(RANDOM_FIELD.matcher("private static final SecureRandom RANDOM = new SecureRandom();").find(),
                "the check recognises the field it refuses");
        assertFalse(runTimeClasses.contains("SocialKeys"), "only the holders are initialised at run time");
    }

    /** Simple names of the classes any native-image.properties initialises at run time (Outer$Inner -> Inner). */
    private static Set<String> runTimeInitialisedClasses() {
        Set<String> names = new HashSet<>();
        for (String module : NATIVE_MODULES) {
            for (Path file : Repo.files(Repo.ROOT.resolve(module).resolve("src/main/resources"), "native-image.properties")) {
                Matcher args = RUN_TIME.matcher(Repo.read(file));
                while (args.find()) {
                    for (String name : args.group(1).split(",")) {
                        names.add(name.substring(Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1));
                    }
                }
            }
        }
        return names;
    }

    private static String nearestClassBefore(String source, int position) {
        Matcher declaration = CLASS.matcher(source.substring(0, position));
        String last = "?";
        while (declaration.find()) {
            last = declaration.group(1);
        }
        return last;
    }
}
