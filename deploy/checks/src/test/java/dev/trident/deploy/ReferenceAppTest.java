package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * deploy/startup.sh divides each service's start-up by the reference app's, so the quotient is Trident's own cost only
 * while the reference carries exactly the extensions every service has: the compile dependencies of dynamo-support
 * and service-support, less the project's own modules.
 */
class ReferenceAppTest {

    private static final Pattern DEPENDENCY = Pattern.compile(
            "<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>(.*?)</dependency>",
            Pattern.DOTALL);

    private static Set<String> compileDependencies(Path pom) throws IOException {
        Set<String> found = new TreeSet<>();
        Matcher m = DEPENDENCY.matcher(Files.readString(pom));
        while (m.find()) {
            boolean test = m.group(3).contains("<scope>test</scope>");
            if (!test && !m.group(1).equals("dev.trident")) {
                found.add(m.group(1) + ":" + m.group(2));
            }
        }
        return found;
    }

    @Test
    void referenceAppHasExactlyTheServicesExtensions() throws IOException {
        Set<String> services = new TreeSet<>(compileDependencies(Repo.ROOT.resolve("dynamo-support/pom.xml")));
        services.addAll(compileDependencies(Repo.ROOT.resolve("service-support/pom.xml")));
        Set<String> reference = compileDependencies(Repo.ROOT.resolve("benchmarks/reference-app/pom.xml"));
        assertFalse(services.isEmpty(), "no dependencies read from dynamo-support's and service-support's poms");
        assertEquals(services, reference,
                "benchmarks/reference-app must carry dynamo-support's and service-support's extensions, no more");
    }

    @Test
    void referenceAppHasNoTridentCode() throws IOException {
        try (var sources = Files.walk(Repo.ROOT.resolve("benchmarks/reference-app/src"))) {
            sources.filter(p -> p.toString().endsWith(".java")).forEach(p -> {
                try {
                    String source = Files.readString(p);
                    assertFalse(source.contains("dev.trident.support") || source.contains("dev.trident.keys"),
                            p + " uses Trident code");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
    }
}
