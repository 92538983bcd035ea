package dev.trident.deploy;

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
 * the build, and every binary would draw the same bits. GraalVM cannot be run here, so this test refuses such a
 * field in the code that goes into a native image, unless its class is initialised at run time by a
 * {@code native-image.properties} of the project.
 */
class NativeInitialisationTest {

    private static final Pattern RANDOM_FIELD = Pattern.compile(
            "static\\s+final\\s+(?:java\\.security\\.|java\\.util\\.)?(?:Secure)?Random\\s+\\w+");
    private static final Pattern CLASS = Pattern.compile("\\bclass\\s+(\\w+)");
    private static final Pattern RUN_TIME = Pattern.compile("--initialize-at-run-time=([^\\s]+)");
    private static final List<String> NATIVE_MODULES = List.of("common-keys", "service-support", "social-service",
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
