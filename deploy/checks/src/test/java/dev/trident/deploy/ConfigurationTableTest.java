package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/operations.md's configuration table against the code: every setting of every {@code @ConfigMapping} of the
 * modules (read from their sources: the prefix, each method, each group's methods, in the kebab-case names SmallRye
 * Config gives them) has its environment variable in the table, and every {@code TRIDENT_} variable the table names
 * is one a service reads (a mapping's setting, or a variable the configuration files reference).
 */
class ConfigurationTableTest {

    private static final Path OPERATIONS = Repo.ROOT.resolve("docs/operations.md");
    private static final Pattern PREFIX = Pattern.compile("@ConfigMapping\\(prefix = \"([a-z0-9.-]+)\"\\)");
    private static final Pattern INTERFACE = Pattern.compile("\\binterface (\\w+) \\{");
    /** A setting or a group: a method without parameters, {@code Duration lease();}. */
    private static final Pattern METHOD = Pattern.compile("^\\s+(?:[\\w.<>, ?]+) (\\w+)\\(\\);", Pattern.MULTILINE);
    private static final Pattern RETURN_TYPE = Pattern.compile("^\\s+([\\w.<>, ?]+) (\\w+)\\(\\);", Pattern.MULTILINE);
    private static final Pattern TABLE_VARIABLE = Pattern.compile("`([A-Z][A-Z0-9_]+)`");

    /** Every setting of the mappings, as {@code trident.work.poll-interval}. */
    static Set<String> mappedSettings() throws IOException {
        Set<String> settings = new TreeSet<>();
        List<Path> sources;
        try (Stream<Path> files = Files.walk(Repo.ROOT)) {
            sources = files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/"))
                    .filter(f -> !f.toString().contains("/target/")).toList();
        }
        for (Path source : sources) {
            String text = Files.readString(source);
            Matcher prefix = PREFIX.matcher(text);
            if (prefix.find()) {
                settings.addAll(settingsOf(prefix.group(1), text));
            }
        }
        return settings;
    }

    /** The settings one mapping's source declares: its top-level methods, a group's expanded to the group's own. */
    static List<String> settingsOf(String prefix, String source) {
        Map<String, String> bodies = new LinkedHashMap<>();
        Matcher declared = INTERFACE.matcher(source);
        List<int[]> starts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        while (declared.find()) {
            starts.add(new int[] {declared.end()});
            names.add(declared.group(1));
        }
        for (int i = 0; i < names.size(); i++) {
            int from = starts.get(i)[0];
            int to = i + 1 < names.size() ? starts.get(i + 1)[0] : source.length();
            bodies.put(names.get(i), source.substring(from, to));
        }
        String top = names.get(0);
        List<String> settings = new ArrayList<>();
        Matcher method = RETURN_TYPE.matcher(bodies.get(top));
        while (method.find()) {
            String type = method.group(1).trim();
            String name = prefix + "." + kebab(method.group(2));
            if (bodies.containsKey(type) && !type.equals(top)) {
                Matcher inner = METHOD.matcher(bodies.get(type));
                while (inner.find()) {
                    settings.add(name + "." + kebab(inner.group(1)));
                }
            } else {
                settings.add(name);
            }
        }
        return settings;
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
    }

    /** The variables named in the first column of operations.md's configuration table. */
    static Set<String> tableVariables() throws IOException {
        String text = Files.readString(OPERATIONS);
        int start = text.indexOf("| variable | meaning |");
        assertFalse(start < 0, "docs/operations.md has the configuration table (| variable | meaning |)");
        Set<String> variables = new TreeSet<>();
        for (String line : text.substring(start).split("\n")) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.split("\\|");
            if (cells.length > 1) {
                Matcher variable = TABLE_VARIABLE.matcher(cells[1]);
                while (variable.find()) {
                    variables.add(variable.group(1));
                }
            }
        }
        return variables;
    }

    @Test
    void everySettingOfEveryConfigMappingIsInTheConfigurationTable() throws IOException {
        Set<String> table = tableVariables();
        List<String> missing = mappedSettings().stream().map(Repo::envName).filter(v -> !table.contains(v))
                .toList();
        assertEquals(List.of(), missing, "settings of a @ConfigMapping that docs/operations.md's table does not list");
    }

    @Test
    void everyVariableTheTableNamesIsOneAServiceReads() throws IOException {
        Set<String> read = new TreeSet<>(Repo.knownEnvNames());
        mappedSettings().stream().map(Repo::envName).forEach(read::add);
        List<String> unknown = tableVariables().stream().filter(v -> v.startsWith("TRIDENT_"))
                .filter(v -> !read.contains(v)).toList();
        assertEquals(List.of(), unknown, "variables in docs/operations.md's table that no service reads");
    }

    @Test
    void theSettingsOfAMappingAreItsMethodsAndItsGroupsMethodsInKebabCase() {
        String source = """
                @ConfigMapping(prefix = "trident.work")
                public interface WorkSettings {
                    Retry retry();
                    @WithDefault("5s")
                    Duration pollInterval();
                    interface Retry {
                        Duration maxBackoff();
                        int transactionAttempts();
                    }
                }
                """;
        assertEquals(List.of("trident.work.retry.max-backoff", "trident.work.retry.transaction-attempts",
                "trident.work.poll-interval"), settingsOf("trident.work", source));
    }
}
